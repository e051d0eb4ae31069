import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { articleFromPublishRequest, normalizeArticle } from '../src/article';
import { ServiceError } from '../src/errors';
import { parsePublishRequest } from '../src/publish-request';
import { fitText, truncateAtWord } from '../src/seo';
import { toSlug } from '../src/slug';

const badRequest = (body: unknown, pattern: RegExp) =>
  assert.throws(
    () => parsePublishRequest(body),
    (error: unknown) =>
      error instanceof ServiceError && error.code === 'bad_request' && pattern.test(error.message)
  );

describe('publish request schema', () => {
  it('requires title and content, naming both', () => {
    badRequest({}, /title is required; content is required/);
    badRequest({ title: '   ', content: '' }, /title is required; content is required/);
  });

  it('names wrong types, enum values, JSON text and image sources', () => {
    badRequest({ title: 1, content: 'x' }, /^Invalid publish request: title /);
    badRequest(
      { title: 't', content: 'x', status: 'live' },
      /status must be one of draft, publish, pending, future/
    );
    badRequest({ title: 't', content: 'x', json_ld_schema: '{' }, /json_ld_schema must be valid JSON text/);
    badRequest({ title: 't', content: 'x', categories: [1, 'two', -3] }, /categories\.1 .*categories\.2/);
    badRequest(
      { title: 't', content: 'x', featured_image: 'javascript:alert(1)' },
      /featured_image must be an https URL/
    );
    badRequest({ title: 't', content: 'x', featured_image: 'data:text/html;base64,PGI+' }, /featured_image/);
    badRequest(['not', 'an', 'object'], /must be a JSON object/);
    badRequest({ title: 't', content: 'x', locale: 'French' }, /locale must be a locale code/);
  });

  it('tells a wrong type from a missing field, and a category name from an id (issue #58)', () => {
    badRequest({ title: 42, content: 'x' }, /^Invalid publish request: title must be a string\.$/);
    badRequest({ title: 't', content: ['x'] }, /content must be a string/);
    badRequest({ title: 't', content: 'x', slug: 7 }, /slug must be a string/);
    badRequest({ content: 'x' }, /^Invalid publish request: title is required\.$/);
    badRequest(
      { title: 't', content: 'x', categories: ['Gardening'] },
      /categories\.0 is a name, but categories takes category ids \(integers\); give category names in category and sub_category/
    );
    badRequest({ title: 't', content: 'x', categories: 'Gardening' }, /categories must be an array/);
    badRequest({ title: 't', content: 'x', categories: [1.5] }, /categories\.0 must be integers/);
  });

  it('accepts the minimal request and treats null and empty optional fields as absent', () => {
    const parsed = parsePublishRequest({
      title: ' Hello ',
      content: '<p>x</p>',
      slug: null,
      category: '',
      categories: null,
      extra: 1,
    });
    assert.equal(parsed.title, 'Hello');
    assert.equal(parsed.slug, undefined);
    assert.equal(parsed.category, undefined);
    assert.ok(!('extra' in parsed), 'unknown fields are dropped');
  });
});

describe('normalizing a publish request', () => {
  const options = { defaultStatus: 'draft' as const, sanitize: {} };

  it('derives slug, default status, keywords, structured data and categories', () => {
    const request = parsePublishRequest({
      title: 'Ten Tips for Tomatoes!',
      content: '<p>Hi</p><script type="application/ld+json">{"@type":"FAQPage"}</script>',
      focus_keyword: 'tomatoes',
      json_ld_schema: '{"@type":"Article"}',
      categories: [3, 3, 4],
      category: 'Ignored',
    });
    const article = normalizeArticle(articleFromPublishRequest(request), options);
    assert.equal(article.slug, 'ten-tips-for-tomatoes');
    assert.equal(article.status, 'draft');
    assert.equal(article.html, '<p>Hi</p>');
    assert.equal(article.seo.keywords, 'tomatoes');
    assert.deepEqual(article.structuredData, {
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'Article' }, { '@type': 'FAQPage' }],
    });
    assert.deepEqual(article.categories, { kind: 'ids', ids: [3, 4] });
    assert.equal(article.locale, undefined, 'no locale: the configured one applies');
  });

  it("carries the request's locale, which makes another content hash", () => {
    const inFrench = normalizeArticle(
      articleFromPublishRequest(parsePublishRequest({ title: 'A', content: '<p>1</p>', locale: 'fr' })),
      options
    );
    const unnamed = normalizeArticle(
      articleFromPublishRequest(parsePublishRequest({ title: 'A', content: '<p>1</p>', locale: null })),
      options
    );
    assert.equal(inFrench.locale, 'fr');
    assert.equal(unnamed.locale, undefined);
    assert.notEqual(inFrench.contentHash, unnamed.contentHash);
  });

  it('gives the same content the same hash and changed content another', () => {
    const one = normalizeArticle(
      articleFromPublishRequest(parsePublishRequest({ title: 'A', content: '<p>1</p>' })),
      options
    );
    const same = normalizeArticle(
      articleFromPublishRequest(parsePublishRequest({ title: 'A', content: '<p>1</p>' })),
      options
    );
    const other = normalizeArticle(
      articleFromPublishRequest(parsePublishRequest({ title: 'A', content: '<p>2</p>' })),
      options
    );
    assert.equal(one.contentHash, same.contentHash);
    assert.notEqual(one.contentHash, other.contentHash);
  });
});

describe('slugs and SEO fitting', () => {
  it('slugifies strictly and falls back to a stable hash', () => {
    assert.equal(toSlug('  Crème Brûlée: 10 Tips & Tricks! '), 'creme-brulee-10-tips-and-tricks');
    assert.equal(toSlug('花园'), toSlug('花园'));
    assert.match(toSlug('花园'), /^post-[0-9a-f]{12}$/);
  });

  it('fits text to declared limits with a warning', () => {
    assert.equal(truncateAtWord('How to choose a garden hose for a small balcony', 20), 'How to choose a');
    const long = fitText('metaTitle', 'x '.repeat(50).trim(), { maxLength: 60 });
    assert.ok((long.value ?? '').length <= 60);
    assert.match(long.warning ?? '', /shortened to the field's limit of 60/);
    const short = fitText(
      'metaDescription',
      'Too short',
      { minLength: 50, maxLength: 160 },
      'An opening paragraph that is certainly longer than fifty characters in total.'
    );
    assert.match(short.value ?? '', /^An opening paragraph/);
    assert.match(short.warning ?? '', /opening text was used/);
    assert.deepEqual(fitText('metaDescription', 'Too short', { minLength: 50 }), {
      value: undefined,
      warning: "metaDescription was shorter than the field's minimum of 50 characters and was not saved.",
    });
    assert.deepEqual(fitText('keywords', 'ok', {}), { value: 'ok' });
  });
});
