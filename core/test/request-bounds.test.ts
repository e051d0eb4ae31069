import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { articleFromPublishRequest, normalizeArticle } from '../src/article';
import { removeControlCharacters, singleLineText } from '../src/control-characters';
import { articleOptions, DEFAULT_CONFIG, resolveEffectiveConfig } from '../src/config';
import { ServiceError } from '../src/errors';
import { LESS_THAN_STAND_IN, storableJsonLd } from '../src/json-ld';
import { parsePublishRequest } from '../src/publish-request';
import { REQUEST_BOUNDS as BOUNDS } from '../src/request-bounds';
import { articleFromWebhookPayload, parseWebhookPayload } from '../src/webhook-payload';

const article = (fields: Record<string, unknown> = {}) => ({ title: 't', content: '<p>x</p>', ...fields });
const payload = (fields: Record<string, unknown> = {}) => ({
  event: 'article.published',
  article_id: 1,
  title: 't',
  html_content: '<p>x</p>',
  ...fields,
});

/** Asserts a 400 bad_request whose message matches every pattern. */
function refused(parse: () => unknown, ...patterns: RegExp[]) {
  assert.throws(parse, (error: unknown) => {
    assert.ok(error instanceof ServiceError);
    assert.equal(error.code, 'bad_request');
    for (const pattern of patterns) assert.match(error.message, pattern);
    return true;
  });
}

const options = articleOptions(resolveEffectiveConfig(DEFAULT_CONFIG, {}));
/**
 * A publish request or webhook payload taken as far as normalizing, where the sanitizing pass checks
 * the bounds only a parser measures (nesting, <img> count, JSON-LD blocks; issue #30).
 */
const normalizedRequest = (body: Record<string, unknown>) =>
  normalizeArticle(articleFromPublishRequest(parsePublishRequest(body)), options);
const normalizedPayload = (body: Record<string, unknown>) =>
  normalizeArticle(articleFromWebhookPayload(parseWebhookPayload(body)), options);

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const keywords = (count: number) => Array.from({ length: count }, (_, index) => `k${index}`);
const images = (count: number) => '<img src="https://x.test/a.png">'.repeat(count);
const nestedJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** A JSON-LD text of exactly `bytes` UTF-8 bytes. */
const jsonLdOfBytes = (bytes: number) => {
  const shell = JSON.stringify({ name: '' });
  return JSON.stringify({ name: 'a'.repeat(bytes - shell.length) });
};

describe('request bounds: each bound admits its limit and refuses one more, naming the field', () => {
  it('categories: at most 100 ids, each a positive 32-bit id; 40,000 ids are one issue', () => {
    assert.equal(
      parsePublishRequest(article({ categories: ids(BOUNDS.categoryIds) })).categories?.length,
      100
    );
    refused(
      () => parsePublishRequest(article({ categories: ids(40_000) })),
      /^Invalid publish request: categories must have at most 100 entries\.$/
    );
    refused(
      () => parsePublishRequest(article({ categories: ids(40_000).map(String) })),
      /^Invalid publish request: categories must have at most 100 entries\.$/
    );
    parsePublishRequest(article({ categories: [BOUNDS.categoryId] }));
    refused(
      () => parsePublishRequest(article({ categories: [BOUNDS.categoryId + 1, 0] })),
      /categories\.0 must be at most 2147483647/,
      /categories\.1 must be positive/
    );
  });

  it('text fields: every one bounded in both integrations', () => {
    const over = (bound: number) => 'x'.repeat(bound + 1);
    const at = (bound: number) => 'x'.repeat(bound);
    parsePublishRequest(
      article({
        title: at(BOUNDS.titleLength),
        slug: at(BOUNDS.slugLength),
        meta_description: at(BOUNDS.metaDescriptionLength),
        featured_image_alt: at(BOUNDS.altLength),
        category: at(BOUNDS.categoryNameLength),
        sub_category: at(BOUNDS.categoryNameLength),
        focus_keyword: at(BOUNDS.keywordLength),
      })
    );
    refused(
      () =>
        parsePublishRequest(
          article({
            title: over(BOUNDS.titleLength),
            slug: over(BOUNDS.slugLength),
            meta_description: over(BOUNDS.metaDescriptionLength),
            featured_image_alt: over(BOUNDS.altLength),
            category: over(BOUNDS.categoryNameLength),
            sub_category: over(BOUNDS.categoryNameLength),
            focus_keyword: over(BOUNDS.keywordLength),
            locale: `en-${'a'.repeat(BOUNDS.localeLength)}`,
          })
        ),
      /title must be at most 500/,
      /slug must be at most 200/,
      /meta_description must be at most 1000/,
      /featured_image_alt must be at most 500/,
      /; category must be at most 200/,
      /sub_category must be at most 200/,
      /focus_keyword must be at most 200/,
      /locale must be at most 35/
    );
    refused(
      () =>
        parseWebhookPayload(
          payload({
            event: over(BOUNDS.labelLength),
            title: over(BOUNDS.titleLength),
            timestamp: over(BOUNDS.labelLength),
            website_name: over(BOUNDS.labelLength),
            format: over(BOUNDS.labelLength),
            target_status: over(BOUNDS.labelLength),
            secondary_keywords: [over(BOUNDS.keywordLength)],
            inline_images: [
              {
                url: 'https://x.test/a.png',
                alt: over(BOUNDS.altLength),
                section_title: over(BOUNDS.labelLength),
                placement: over(BOUNDS.labelLength),
              },
            ],
          })
        ),
      /event must be at most 500/,
      /title must be at most 500/,
      /timestamp must be an ISO 8601 date-time/,
      /website_name must be at most 500/,
      /format must be at most 500/,
      /target_status must be at most 500/,
      /secondary_keywords\.0 must be at most 200/,
      /inline_images\.0\.alt must be at most 500/,
      /inline_images\.0\.section_title must be at most 500/,
      /inline_images\.0\.placement must be at most 500/
    );
    refused(
      () => parseWebhookPayload(payload({ plain_content: over(BOUNDS.contentLength) })),
      /plain_content must be at most 5000000 characters/
    );
  });

  it('tags: at most 50 from the focus keyword and the secondary keywords, split at commas, repeats once', () => {
    parsePublishRequest(article({ focus_keyword: keywords(50).join(',') }));
    parsePublishRequest(article({ focus_keyword: [...keywords(50), 'K0', ' k1 '].join(',') }));
    refused(
      () => parsePublishRequest(article({ focus_keyword: keywords(51).join(',') })),
      /^Invalid publish request: focus_keyword gives more than 50 tags/
    );
    parseWebhookPayload(payload({ focus_keyword: 'k0', secondary_keywords: keywords(50) }));
    refused(
      () => parseWebhookPayload(payload({ focus_keyword: 'extra', secondary_keywords: keywords(50) })),
      /secondary_keywords gives more than 50 tags/
    );
    refused(
      () => parseWebhookPayload(payload({ secondary_keywords: keywords(40_000) })),
      /secondary_keywords must have at most 50 entries/
    );
  });

  it('inline images: at most 1,000 <img> in the body and entries in inline_images', () => {
    normalizedRequest(article({ content: images(BOUNDS.inlineImages) }));
    refused(
      () => normalizedRequest(article({ content: images(BOUNDS.inlineImages + 1) })),
      /content has more than 1000 <img> elements/
    );
    refused(
      () => normalizedPayload(payload({ html_content: images(BOUNDS.inlineImages + 1) })),
      /html_content has more than 1000 <img> elements/
    );
    // Markup inside a script or a comment is no element.
    normalizedRequest(
      article({ content: `<!--${images(2000)}--><script type="text/template">${images(2000)}</script>` })
    );
    const entries = (count: number) => Array.from({ length: count }, () => ({ url: 'https://x.test/a.png' }));
    parseWebhookPayload(payload({ inline_images: entries(BOUNDS.inlineImages) }));
    refused(
      () => parseWebhookPayload(payload({ inline_images: entries(BOUNDS.inlineImages + 1) })),
      /^Invalid webhook payload: inline_images must have at most 1000 entries\.$/
    );
  });

  it('JSON-LD: at most 256 KB (UTF-8) and 32 levels, in json_ld_schema, schema_markup and the body blocks together', () => {
    const block = (text: string) => `<script type="application/ld+json">${text}</script>`;
    parsePublishRequest(article({ json_ld_schema: jsonLdOfBytes(BOUNDS.jsonLdBytes) }));
    refused(
      () => parsePublishRequest(article({ json_ld_schema: jsonLdOfBytes(BOUNDS.jsonLdBytes + 1) })),
      /json_ld_schema is larger than 256 KB \(the limit\)/
    );
    // Bytes, not characters: 100,000 three-byte characters are 300,000 bytes.
    refused(
      () => parsePublishRequest(article({ json_ld_schema: JSON.stringify({ name: '€'.repeat(100_000) }) })),
      /json_ld_schema is larger than 256 KB/
    );
    const half = jsonLdOfBytes(BOUNDS.jsonLdBytes / 2);
    normalizedRequest(article({ content: `<p>x</p>${block(half)}${block(half)}` }));
    refused(
      () => normalizedRequest(article({ content: `<p>x</p>${block(half)}${block(half)}${block('{}')}` })),
      /content has JSON-LD script blocks that together are larger than 256 KB/
    );
    parseWebhookPayload(payload({ schema_markup: JSON.parse(jsonLdOfBytes(BOUNDS.jsonLdBytes)) }));
    refused(
      () =>
        parseWebhookPayload(payload({ schema_markup: JSON.parse(jsonLdOfBytes(BOUNDS.jsonLdBytes + 1)) })),
      /schema_markup is larger than 256 KB/
    );
    parsePublishRequest(article({ json_ld_schema: nestedJson(BOUNDS.jsonLdDepth) }));
    refused(
      () => parsePublishRequest(article({ json_ld_schema: nestedJson(BOUNDS.jsonLdDepth + 1) })),
      /json_ld_schema nests more than 32 levels deep/
    );
    refused(
      () => parseWebhookPayload(payload({ schema_markup: JSON.parse(nestedJson(BOUNDS.jsonLdDepth + 1)) })),
      /schema_markup nests more than 32 levels deep/
    );
  });
});

describe('script-safe JSON-LD', () => {
  const attack = '</script><script>alert(1)</script>';

  it('replaces every "<" in string values and keys; numbers, booleans and null stay', () => {
    const stored = storableJsonLd({
      '@type': 'Article',
      headline: attack,
      '<b>': [{ text: 'a < b', n: 1, yes: true, none: null }],
      nul: 'x\u0000y',
    });
    assert.deepEqual(stored, {
      '@type': 'Article',
      headline: `${LESS_THAN_STAND_IN}/script>${LESS_THAN_STAND_IN}script>alert(1)${LESS_THAN_STAND_IN}/script>`,
      [`${LESS_THAN_STAND_IN}b>`]: [{ text: `a ${LESS_THAN_STAND_IN} b`, n: 1, yes: true, none: null }],
      nul: 'xy',
    });
    const printed = JSON.stringify(stored);
    assert.ok(!printed.includes('<'), printed);
    assert.deepEqual(JSON.parse(printed), stored);
  });

  it('is what a normalized article carries, from json_ld_schema, schema_markup and ld+json blocks', () => {
    const fromRequest = normalizeArticle(
      articleFromPublishRequest(
        parsePublishRequest(
          article({
            content: `<p>x</p><script type="application/ld+json">{"name":"<\\/script>"}</script>`,
            json_ld_schema: JSON.stringify({ headline: attack }),
          })
        )
      ),
      { defaultStatus: 'draft', sanitize: {} }
    );
    assert.ok(!JSON.stringify(fromRequest.structuredData).includes('<'));
    assert.deepEqual((fromRequest.structuredData as { '@graph': unknown[] })['@graph'][1], {
      name: `${LESS_THAN_STAND_IN}/script>`,
    });
    const fromWebhook = normalizeArticle(
      articleFromWebhookPayload(parseWebhookPayload(payload({ schema_markup: { headline: attack } }))),
      { defaultStatus: 'draft', sanitize: {} }
    );
    assert.ok(!JSON.stringify(fromWebhook.structuredData).includes('<'));
  });
});

describe('invisible characters', () => {
  const invisible = [
    '\u061C',
    '\u200B',
    '\u200C',
    '\u200D',
    '\u200E',
    '\u200F',
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2060',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\uFEFF',
  ];

  it('one-line text loses bidi controls and zero-width characters; text that spans lines keeps them', () => {
    for (const character of invisible) {
      assert.equal(singleLineText(`a${character}b`), 'ab', `U+${character.charCodeAt(0).toString(16)}`);
      assert.equal(removeControlCharacters(`a${character}b`), `a${character}b`);
    }
    assert.equal(
      singleLineText('Caf\u00e9 \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627 🌱'),
      'Café שלום مرحبا 🌱'
    );
  });

  it('cleans every one-line field of both integrations: titles, slugs, names, keywords, SEO texts, alt texts', () => {
    const dirty = (word: string) => `\u202E${word}\u200B\u2066`;
    const request = parsePublishRequest(
      article({
        title: dirty('Title'),
        slug: dirty('slug'),
        focus_keyword: dirty('keyword'),
        meta_description: dirty('Description'),
        featured_image: 'https://x.test/a.png',
        featured_image_alt: dirty('Alt'),
        category: dirty('Category'),
        sub_category: dirty('Sub'),
      })
    );
    assert.deepEqual(
      [
        request.title,
        request.slug,
        request.focus_keyword,
        request.meta_description,
        request.featured_image_alt,
        request.category,
        request.sub_category,
      ],
      ['Title', 'slug', 'keyword', 'Description', 'Alt', 'Category', 'Sub']
    );
    const webhook = parseWebhookPayload(
      payload({
        title: dirty('Title'),
        secondary_keywords: [dirty('second')],
        inline_images: [{ url: 'https://x.test/a.png', alt: dirty('Inline') }],
        category: dirty('Category'),
      })
    );
    assert.deepEqual(
      [webhook.title, webhook.secondary_keywords, webhook.inline_images?.[0].alt, webhook.category],
      ['Title', ['second'], 'Inline', 'Category']
    );
    // Only invisible characters: as good as empty.
    refused(() => parsePublishRequest(article({ title: '\u200B\u202E' })), /title is required/);
  });
});
