import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { articleFromPublishRequest, normalizeArticle } from '../src/article';
import { articleFromWebhookPayload, parseWebhookPayload } from '../src/webhook-payload';
import { removeControlCharacters, singleLineText } from '../src/control-characters';
import { ServiceError } from '../src/errors';
import { extractJsonLd } from './helpers/json-ld';
import { jsonNestsDeeperThan } from '../src/nesting';
import { parsePublishRequest } from '../src/publish-request';
import { REQUEST_BOUNDS } from '../src/request-bounds';
import { sanitizeArticle, sanitizeArticleHtml } from '../src/sanitize';
import { articleOptions, DEFAULT_CONFIG, resolveEffectiveConfig } from '../src/config';

const nestedHtml = (depth: number, tag = 'div') => `${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}`;
const { htmlDepth: MAX_HTML_DEPTH, jsonLdDepth: MAX_JSON_DEPTH } = REQUEST_BOUNDS;
const nestedJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const options = articleOptions(resolveEffectiveConfig(DEFAULT_CONFIG, {}));
/** The sanitizing pass's depth check (the HTML's other parser-measured bounds are read by the same pass). */
const htmlNestsDeeperThan = (html: string, limit: number) =>
  sanitizeArticle(html, { depthLimit: limit }).tooDeep;
/** A publish request taken as far as normalizing, where its HTML is sanitized and the HTML bounds checked. */
const normalizedRequest = (body: Record<string, unknown>) =>
  normalizeArticle(articleFromPublishRequest(parsePublishRequest(body)), options);

/** A webhook payload parsed: a minimal article, these fields over it. */
const parseWebhookWith = (fields: Record<string, unknown>) =>
  parseWebhookPayload({
    event: 'article.published',
    article_id: 1,
    title: 't',
    html_content: 'x',
    ...fields,
  });

const badRequest = (parse: () => unknown, pattern: RegExp) =>
  assert.throws(
    parse,
    (error: unknown) =>
      error instanceof ServiceError && error.code === 'bad_request' && pattern.test(error.message)
  );

describe('nesting limits', () => {
  it('measures HTML depth as the sanitizer`s parser nests it: implied end tags and void elements do not deepen', () => {
    assert.equal(htmlNestsDeeperThan(nestedHtml(MAX_HTML_DEPTH), MAX_HTML_DEPTH), false);
    assert.equal(htmlNestsDeeperThan(nestedHtml(MAX_HTML_DEPTH + 1), MAX_HTML_DEPTH), true);
    assert.equal(htmlNestsDeeperThan('<p>one<p>two<p>three<br><img src="x"><hr>'.repeat(1000), 2), false);
    assert.equal(htmlNestsDeeperThan('<div>'.repeat(5), 4), true, 'unclosed elements count');
  });

  it('measures JSON depth without recursion, at any depth', () => {
    assert.equal(jsonNestsDeeperThan(JSON.parse('{"a":[{"b":1}]}'), 3), false);
    assert.equal(jsonNestsDeeperThan(JSON.parse('{"a":[{"b":[]}]}'), 3), true);
    assert.equal(jsonNestsDeeperThan('text', 0), false);
    assert.equal(jsonNestsDeeperThan(JSON.parse(nestedJson(100_000)), MAX_JSON_DEPTH), true);
  });

  it('refuses content nested past the limit with a 400 naming the field and the limit', () => {
    badRequest(
      () => normalizedRequest({ title: 't', content: nestedHtml(100_000) }),
      /^Invalid publish request: content nests HTML elements more than 128 levels deep \(the limit\)\.$/
    );
    badRequest(
      () => normalizedRequest({ title: 't', content: nestedHtml(10_000, 'span') }),
      /content nests HTML elements more than 128/
    );
    badRequest(
      () =>
        normalizeArticle(
          articleFromWebhookPayload(parseWebhookWith({ html_content: nestedHtml(10_000) })),
          options
        ),
      /^Invalid webhook payload: html_content nests HTML elements more than 128 levels deep/
    );
    assert.equal(
      normalizedRequest({ title: 't', content: nestedHtml(MAX_HTML_DEPTH) }).seo.descriptionFallback,
      'x'
    );
  });

  it('refuses JSON-LD nested past the limit in json_ld_schema, schema_markup and ld+json blocks', () => {
    badRequest(
      () => parsePublishRequest({ title: 't', content: 'x', json_ld_schema: nestedJson(10_000) }),
      /json_ld_schema nests more than 32 levels deep/
    );
    badRequest(
      () =>
        normalizedRequest({
          title: 't',
          content: `<p>x</p><script type="application/ld+json">${nestedJson(10_000)}</script>`,
        }),
      /content has a JSON-LD script block that nests more than 32 levels deep/
    );
    badRequest(
      () => parseWebhookWith({ schema_markup: JSON.parse(nestedJson(10_000)) }),
      /schema_markup nests more than 32 levels deep/
    );
    const within = parsePublishRequest({
      title: 't',
      content: 'x',
      json_ld_schema: nestedJson(MAX_JSON_DEPTH),
    });
    assert.equal(within.json_ld_schema, nestedJson(MAX_JSON_DEPTH));
  });

  it('drops a too deep ld+json block when extracting, as it drops invalid ones', () => {
    const extracted = extractJsonLd(
      `<script type="application/ld+json">${nestedJson(10_000)}</script><script type="application/ld+json">{"a":1}</script>`
    );
    assert.deepEqual(extracted, { blocks: [{ a: 1 }], invalidBlocks: 1 });
  });
});

describe('control characters', () => {
  const controls = '\u0000\u0001\u0008\u000B\u000C\u000E\u001F\u007F\u0080\u0085\u009F';

  it('removes C0 controls but tab/LF/CR, DEL and C1 from multi-line text; one-line text turns breaks into spaces', () => {
    assert.equal(removeControlCharacters(`a${controls}b\tc\r\nd é ∑ 🌱`), 'ab\tc\r\nd é ∑ 🌱');
    assert.equal(singleLineText(`Line${controls} one\r\n\tand two`), 'Line one and two');
  });

  it('cleans title, content, meta description, names, keywords, alt text and JSON-LD of a publish request', () => {
    const request = parsePublishRequest({
      title: 'Tomato\u0000 tips\n',
      content:
        '<p>Gr\u0000ow\u0007 &#1;well&#127;\n\ttoday</p><script type="application/ld+json">{"name":"FAQ\\u0000\\u0001"}</script>',
      meta_description: 'Meta\u0000 text\u009B',
      focus_keyword: 'toma\u0000toes',
      featured_image_alt: 'A\u0000 tomato',
      category: 'Gard\u0000ening',
      sub_category: 'Veg\u001Fgies',
      json_ld_schema: '{"@type":"Art\\u0000icle","a\\u0000b":["x\\u007f"]}',
    });
    assert.equal(request.title, 'Tomato tips');
    assert.equal(request.meta_description, 'Meta text');
    assert.equal(request.category, 'Gardening');
    assert.equal(request.sub_category, 'Veggies');
    assert.equal(request.featured_image_alt, 'A tomato');
    const article = normalizeArticle(articleFromPublishRequest(request), {
      defaultStatus: 'draft',
      sanitize: {},
    });
    assert.equal(article.html, '<p>Grow well\n\ttoday</p>');
    assert.equal(article.seo.keywords, 'tomatoes');
    assert.deepEqual(article.structuredData, {
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'Article', ab: ['x'] }, { name: 'FAQ' }],
    });
  });

  it('refuses a title that is nothing but control characters as missing', () => {
    badRequest(() => parsePublishRequest({ title: '\u0000\u0001', content: 'x' }), /title is required/);
  });

  it('cleans the webhook payload: keywords, inline image alts and schema markup', () => {
    const payload = parseWebhookWith({
      title: 'T\u0000',
      html_content: '<p>a\u0000</p><img src="https://img.example/a.png">',
      secondary_keywords: ['one\u0000', 'two'],
      inline_images: [{ url: 'https://img.example/a.png', alt: 'Alt\u0000 text' }],
      schema_markup: { name: 'x\u0000' },
      category: 'Cat\u0000',
    });
    const article = normalizeArticle(articleFromWebhookPayload(payload), {
      defaultStatus: 'draft',
      sanitize: {},
    });
    assert.equal(article.title, 'T');
    assert.equal(article.html, '<p>a</p><img src="https://img.example/a.png" alt="Alt text" />');
    assert.equal(article.seo.keywords, 'one, two');
    assert.deepEqual(article.structuredData, { name: 'x' });
    assert.deepEqual(article.categories, { kind: 'names', category: 'Cat', subCategory: undefined });
  });

  it('the sanitizer removes controls that character references decode to', () => {
    assert.equal(sanitizeArticleHtml('<p>a&#1;b&#127;c&#x9;d</p>'), '<p>abc\td</p>');
  });
});
