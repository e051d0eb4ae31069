import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { imagesToImport } from '../src/images/images-to-import';
import {
  libraryUrlCandidates,
  providerUrlSpellings,
  siteMediaAddresses,
  siteUploadPath,
} from '../src/images/site-media';
import { sanitizeArticle } from '../src/sanitize';

const site = siteMediaAddresses(['http://127.0.0.1:1337', 'https://CMS.example.com.', '/relative', '']);

describe("the site's own media, by address", () => {
  it('reads every spelling of an upload on the CMS as its /uploads/ path', () => {
    for (const src of [
      'http://127.0.0.1:1337/uploads/a_1.png',
      'https://127.0.0.1:1337/uploads/a_1.png',
      'http://localhost:1337/uploads/a_1.png',
      'http://LOCALHOST.:1337/uploads/a_1.png',
      'http://[::1]:1337/uploads/a_1.png',
      ' /uploads/a_1.png',
      'http://cms.example.com/uploads/a_1.png',
      'https://Cms.Example.Com:443/uploads/a_1.png',
      'http://cms.example.com.:80/uploads/a_1.png',
    ])
      assert.equal(siteUploadPath(src, site), '/uploads/a_1.png', src);
  });

  it('leaves other hosts, ports and paths alone', () => {
    for (const src of [
      'http://127.0.0.1:1338/uploads/a_1.png',
      'http://evil.example/uploads/a_1.png',
      'http://cms.example.com.evil.example/uploads/a_1.png',
      'http://cms.example.com:8080/uploads/a_1.png',
      'http://127.0.0.1:1337/admin/a.png',
      'http://127.0.0.1:1337/uploads/../admin/a.png',
      '//127.0.0.1:1337/uploads/a_1.png',
      'ftp://127.0.0.1:1337/uploads/a_1.png',
      'data:image/png;base64,AAAA',
    ])
      assert.equal(siteUploadPath(src, site), null, src);
  });

  it("spells a provider's URL as its row may hold it", () => {
    assert.deepEqual(providerUrlSpellings('http://Bucket.S3.example.:443/k/a.png').sort(), [
      'http://Bucket.S3.example.:443/k/a.png',
      'http://bucket.s3.example/k/a.png',
      'https://bucket.s3.example/k/a.png',
    ]);
    assert.deepEqual(libraryUrlCandidates('http://localhost:1337/uploads/x.png', site), ['/uploads/x.png']);
    assert.deepEqual(libraryUrlCandidates('/elsewhere/x.png', site), []);
  });

  it('the sanitizer keeps an http upload of the site and still refuses a foreign http image', () => {
    const html =
      '<p><img src="http://localhost:1337/uploads/a_1.png" alt="own"><img src="http://evil.example/a.png" alt="foreign"></p>';
    const sanitized = sanitizeArticle(html, { siteMedia: site });
    assert.match(sanitized.html, /src="http:\/\/localhost:1337\/uploads\/a_1.png"/);
    assert.deepEqual(sanitized.refusedImageSources, ['http://evil.example/a.png']);
    assert.deepEqual(sanitizeArticle(html).refusedImageSources.length, 2, 'without the site, as before');
  });

  it('an upload of the site or a library source is never imported', () => {
    const plan = imagesToImport(
      [
        { src: 'https://localhost:1337/uploads/a_1.png', alt: undefined },
        { src: 'https://bucket.example/k/a.png', alt: undefined },
        { src: 'https://photos.example/b.png', alt: undefined },
      ],
      undefined,
      true,
      {
        allowHttp: false,
        maxInlineImages: 10,
        serverUrl: 'http://127.0.0.1:1337',
        siteMedia: site,
        librarySources: new Set(['https://bucket.example/k/a.png']),
      }
    );
    assert.deepEqual([...plan.inline.keys()], ['https://photos.example/b.png']);
  });
});
