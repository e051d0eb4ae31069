import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeSource } from '../src/blocks/links';
import { displayedSource, warningSource } from '../src/images/library-names';
import { refusedImageSources } from '../src/images/refused-image-sources';
import { redactUrl, redactUrlsIn } from '../src/redact-url';

describe('redacting image URLs (issue #32 item 6c)', () => {
  it('replaces the userinfo and the query string, and keeps the rest as written', () => {
    const cases: [string, string][] = [
      ['https://cdn.example.com/images/a.png', 'https://cdn.example.com/images/a.png'],
      ['http://user:secret@127.0.0.1:8080/a.png', 'http://***@127.0.0.1:8080/a.png'],
      ['https://token@images.example.com/a.png', 'https://***@images.example.com/a.png'],
      [
        'https://bucket.s3.amazonaws.com/a.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abc123',
        'https://bucket.s3.amazonaws.com/a.png?…redacted',
      ],
      ['https://u:p@host/a.png?sig=1#frag', 'https://***@host/a.png?…redacted'],
      ['https://host/a.png#section', 'https://host/a.png#section'],
      ['#faq', '#faq'],
      ['https://host/path@not-userinfo/a.png', 'https://host/path@not-userinfo/a.png'],
      ['https://a@b@host/a.png', 'https://***@host/a.png'],
      ['HTTPS://User:Pw@Host/A.png', 'HTTPS://***@Host/A.png'],
      // Spellings browsers accept for the same URL.
      ['http:\\\\user:pw@host\\a.png', 'http:\\\\***@host\\a.png'],
      ['http:user:pw@host/a.png', 'http:***@host/a.png'],
      ['  https://user:pw@host/a.png', '  https://***@host/a.png'],
      ['ht\ttps://user:pw@host/a.png', 'https://***@host/a.png'],
      // No parser accepts these, and they still hold a password.
      ['http://user:pw@[', 'http://***@['],
      ['http://user:pw@exa mple.test/a.png?sig=1', 'http://***@exa mple.test/a.png?…redacted'],
      // Relative and other sources lose only their query string.
      ['/uploads/a.png?token=1', '/uploads/a.png?…redacted'],
      ['file:///etc/passwd', 'file:///etc/passwd'],
      ['javascript:alert(1)', 'javascript:alert(1)'],
      ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ];
    for (const [url, redacted] of cases) assert.equal(redactUrl(url), redacted, url);
  });

  it('is idempotent', () => {
    for (const url of [
      'http://user:secret@127.0.0.1:8080/a.png?X-Amz-Signature=abc123',
      'https://host/a.png?a=1#frag',
      'http://user:pw@[',
    ]) {
      assert.equal(redactUrl(redactUrl(url)), redactUrl(url));
      assert.equal(redactUrlsIn(redactUrlsIn(url)), redactUrlsIn(url));
    }
  });

  it('redacts every URL in free text, and leaves the punctuation around it', () => {
    const text =
      'http://user:secret@127.0.0.1:9/a.png?X-Amz-Signature=abc123: the download failed; see (https://u:p@h/b.png?sig=2). "https://h/c.png?token=3", and https://plain.example.com/d.png.';
    assert.equal(
      redactUrlsIn(text),
      'http://***@127.0.0.1:9/a.png?…redacted: the download failed; see (https://***@h/b.png?…redacted). "https://h/c.png?…redacted", and https://plain.example.com/d.png.'
    );
    assert.equal(redactUrlsIn('no URL here: 10:30, a@b'), 'no URL here: 10:30, a@b');
    const stack = 'Error: boom\n    at fetch (https://user:pw@host/x.js?token=1:10:5)';
    assert.ok(!/pw|token=1/.test(redactUrlsIn(stack)), redactUrlsIn(stack));
  });

  it('image warnings and body warnings show sources redacted; data URLs stay shortened', () => {
    const url = 'http://user:secret@127.0.0.1:9/a.png?X-Amz-Signature=abc123';
    assert.equal(warningSource(url), 'http://***@127.0.0.1:9/a.png?…redacted');
    assert.equal(warningSource('data:image/png;base64,AAAAAAAA'), 'data:image/png;base64,...(6 B)');
    assert.equal(displayedSource(url), url, 'the list of imported images keeps the URL the caller sent');
    assert.equal(describeSource(url), 'http://***@127.0.0.1:9/a.png?…redacted');
    const [refused] = refusedImageSources(
      `<img src="ftp://user:secret@files.example.com/a.png?sig=1">`,
      false
    );
    assert.equal(refused.source_url, 'ftp://***@files.example.com/a.png?…redacted');
  });
});
