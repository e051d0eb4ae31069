import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  imageSourceKind,
  isAcceptedImageSource,
  judgeImageSource,
  type ImageSourceKind,
} from '../src/image-source';

type When = 'always' | 'never' | 'with http';
const holds = (when: When, allowHttp: boolean) => when === 'always' || (when === 'with http' && allowHttp);

/** Sources of every kind: kept in a body, imported from a body, taken as featured image, the refusal. */
const CASES: [
  src: string,
  kind: ImageSourceKind,
  kept: When,
  imported: When,
  featured: When,
  refusal?: string,
][] = [
  ['https://i.example/a.jpg', 'https', 'always', 'always', 'always'],
  ['  HTTPS://i.example/a.jpg', 'https', 'always', 'always', 'always'],
  [
    'http://i.example/a.jpg',
    'http',
    'with http',
    'with http',
    'with http',
    'http image URLs are refused (images.allowHttp is off)',
  ],
  ['data:image/png;base64,iVBORw0KGgo=', 'image-data', 'always', 'always', 'always'],
  ['DATA:image/WEBP;base64,UklGRg==', 'image-data', 'always', 'always', 'always'],
  ['data:image/svg+xml;base64,PHN2Zz4=', 'other-image-data', 'never', 'never', 'always'],
  ['data:text/html;base64,PHA+', 'other-data', 'never', 'never', 'never'],
  ['data:image/png,not-base64', 'other-data', 'never', 'never', 'never'],
  ['/uploads/local.png', 'relative', 'always', 'never', 'never'],
  ['images/a.png', 'relative', 'always', 'never', 'never'],
  ['file:///etc/passwd', 'other-scheme', 'never', 'never', 'never', 'file image URLs are refused'],
  ['FTP://example.com/b.png', 'other-scheme', 'never', 'never', 'never', 'ftp image URLs are refused'],
  ['javascript:alert(1)', 'other-scheme', 'never', 'never', 'never', 'javascript image URLs are refused'],
];

describe('the image source table', () => {
  for (const [src, kind, kept, imported, featured, refusal] of CASES) {
    it(`${src.slice(0, 40)}: ${kind}`, () => {
      assert.equal(imageSourceKind(src), kind);
      for (const allowHttp of [false, true]) {
        const verdict = judgeImageSource(src, allowHttp);
        const label = `allowHttp ${allowHttp}`;
        assert.equal(verdict.kind, kind, label);
        assert.equal(verdict.kept, holds(kept, allowHttp), `kept, ${label}`);
        assert.equal(verdict.imported, holds(imported, allowHttp), `imported, ${label}`);
        assert.equal(verdict.refusal, verdict.kept ? undefined : refusal, `refusal, ${label}`);
        assert.equal(isAcceptedImageSource(src, allowHttp), holds(featured, allowHttp), `featured, ${label}`);
      }
    });
  }

  it('does not take a URL that does not parse as a featured image, though its kind is https', () => {
    assert.equal(imageSourceKind('https://'), 'https');
    assert.equal(isAcceptedImageSource('https://'), false);
    assert.equal(isAcceptedImageSource('http://[::1', true), false);
  });
});
