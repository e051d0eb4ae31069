import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstParagraphText } from './helpers/first-paragraph';
import { readArticleBody } from '../src/html/article-body';
import { swapImageSources } from '../src/html/swap-image-sources';
import { htmlParses } from '../src/html/parse-count';
import { imagesToImport } from '../src/images/images-to-import';
import { listInlineImages } from '../src/images/inline-images';
import { sanitizeArticle, sanitizeArticleHtml } from '../src/sanitize';
import { textFromHtml } from '../src/seo';

const SAMPLES = [
  '<h2>Intro</h2><p>Succulents need <strong>little</strong> water &amp; lots of light.</p><p>Second.</p>',
  '<p> </p><blockquote><p>Quoted <em>first</em><br>line</p></blockquote><p>Then</p>',
  '<ul><li>One<img src="https://a.example/1.jpg" alt="x &quot;y&quot;"></li></ul><table><tr><td>c</td></tr></table>',
  '<h2>Only a heading</h2><figure><img src="https://a.example/2.jpg?a=1&amp;b=2"><figcaption>Cap</figcaption></figure>',
];

describe('parse once (issue #30)', () => {
  it('the parsed body gives the text, first paragraph and images the separate parsers gave', () => {
    for (const raw of SAMPLES) {
      const html = sanitizeArticleHtml(raw);
      const body = readArticleBody(html);
      assert.equal(body.text, textFromHtml(html));
      assert.equal(body.firstParagraph, firstParagraphText(html));
      assert.deepEqual(body.images, listInlineImages(html));
    }
  });

  it('reads the body with one parser run; the sanitizer reads the raw bounds and JSON-LD in its own run', () => {
    const html = sanitizeArticleHtml(SAMPLES[0]);
    const before = htmlParses.runs;
    readArticleBody(html);
    assert.equal(htmlParses.runs - before, 1);
    const raw = `${SAMPLES[2]}<script type="application/ld+json">{"a":1}</script><!-- <img> -->`;
    const { html: clean, ...read } = sanitizeArticle(raw, { depthLimit: 128 });
    assert.deepEqual(read, {
      refusedImageSources: [],
      tooDeep: false,
      imageCount: 1,
      jsonLdTexts: ['{"a":1}'],
    });
    assert.equal(clean, sanitizeArticleHtml(SAMPLES[2]));
    assert.equal(htmlParses.runs - before, 3);
    // Past the depth limit the pass stops there, and says so.
    const deep = sanitizeArticle(`${'<div>'.repeat(200)}<img src="https://a.example/x.jpg">`, {
      depthLimit: 128,
    });
    assert.deepEqual(deep, {
      html: '',
      refusedImageSources: [],
      tooDeep: true,
      imageCount: 0,
      jsonLdTexts: [],
    });
  });

  it('takes JSON-LD out of every script it removes: no script survives, wherever it stands', () => {
    const ld = (text: string, type = 'application/ld+json') => `<script type="${type}">${text}</script>`;
    const cases: [string, string[]][] = [
      [`<p>a</p>${ld('{"a":1}')}<p>b</p>`, ['{"a":1}']],
      [
        `<html><head>${ld('{"h":1}', 'application/ld+json; charset=utf-8')}</head><body><p>x</p></body></html>`,
        ['{"h":1}'],
      ],
      [`<p>${ld('<img src=x onerror=alert(1)>')}</p>`, ['<img src=x onerror=alert(1)>']],
      [`<svg><script>alert(1)<img src=x onerror=alert(2)></script></svg>`, []],
      [`<div><script>alert(1)`, []],
      [`<noscript><script>alert(1)</script></noscript>${ld('{"b":2}')}`, ['{"b":2}']],
      [`<SCRIPT>alert(1)</SCRIPT><script src="https://evil.example/x.js"></script>`, []],
      [`<p><script>document.write("<script>alert(1)</scr"+"ipt>")</script></p>`, []],
    ];
    for (const [raw, texts] of cases) {
      const { html, jsonLdTexts } = sanitizeArticle(raw);
      assert.doesNotMatch(html, /<script|alert|onerror/i, raw);
      assert.deepEqual(jsonLdTexts, texts, raw);
    }
  });

  it('the sanitizer names the image sources it refused in the same pass', () => {
    const { html, refusedImageSources } = sanitizeArticle(
      '<p><img src="http://a.example/1.jpg"><img src="file:///etc/passwd"><img src="https://a.example/ok.jpg"><img></p>'
    );
    assert.deepEqual(refusedImageSources, ['http://a.example/1.jpg', 'file:///etc/passwd']);
    assert.equal(html, '<p><img src="https://a.example/ok.jpg" /></p>');
  });

  it('swaps image sources in sanitized HTML as the sanitizer would have written them, and nothing else', () => {
    const source = 'https://a.example/2.jpg?a=1&b=2';
    const html = sanitizeArticleHtml(
      `<p>Text src="${source}" stays</p><img src="${source}" alt="src=&quot;x&quot;"><iframe src="https://www.youtube.com/embed/x"></iframe>`
    );
    const swapped = swapImageSources(html, new Map([[source, 'https://site.example/uploads/b.jpg']]));
    const rewritten = sanitizeArticleHtml(
      `<p>Text src="${source}" stays</p><img src="${source}" alt="src=&quot;x&quot;"><iframe src="https://www.youtube.com/embed/x"></iframe>`,
      { rewriteImages: new Map([[source, 'https://site.example/uploads/b.jpg']]) }
    );
    assert.equal(swapped, rewritten);
    assert.ok(swapped.includes(`Text src="${source.replace('&', '&amp;')}" stays`));
  });

  it('which images to import: distinct importable sources up to the limit, not the site`s own, featured only with a field', () => {
    const images = [
      { src: 'https://a.example/1.jpg', alt: 'one' },
      { src: 'https://a.example/1.jpg', alt: 'again' },
      { src: 'https://site.example/uploads/own.jpg', alt: undefined },
      { src: '/relative.jpg', alt: undefined },
      { src: 'https://a.example/2.jpg', alt: undefined },
      { src: 'https://a.example/3.jpg', alt: undefined },
    ];
    const rules = { allowHttp: false, maxInlineImages: 2, serverUrl: 'https://site.example' };
    const featured = { source: 'https://a.example/f.jpg', alt: 'F' };
    const plan = imagesToImport(images, featured, true, rules);
    assert.deepEqual(
      [...plan.inline],
      [
        ['https://a.example/1.jpg', 'one'],
        ['https://a.example/2.jpg', undefined],
      ]
    );
    assert.deepEqual(plan.warnings, [
      {
        source_url: 'https://a.example/3.jpg',
        reason: 'not imported: the article has more than 2 inline images',
      },
    ]);
    assert.deepEqual(plan.featured, featured);
    const withoutField = imagesToImport(images, featured, false, rules);
    assert.equal(withoutField.featured, undefined);
    assert.equal(withoutField.featuredWithoutField, true);
  });
});
