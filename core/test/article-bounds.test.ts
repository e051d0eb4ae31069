import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ArticleFields } from '../src/article';
import { articleBoundProblems, assertArticleWithinBounds, RefusedArticle } from '../src/article-bounds';
import { DEFAULT_CONFIG, pluginConfigSchema } from '../src/config';
import { assertBatchWithinBound } from '../src/hooks/batch';
import { prepareHookArticle } from '../src/hooks/hook-article';
import { PRESETS } from '../src/hooks/presets';
import { REQUEST_BOUNDS } from '../src/request-bounds';
import { articleFieldsFromPost } from '../src/wordpress/post-article';
import { postRequestSchema } from '../src/wordpress/post-request';

const { tags, categoryIds, inlineImages, faqItems } = REQUEST_BOUNDS;
const words = (count: number) => Array.from({ length: count }, (_, index) => `word ${index + 1}`);
const fields = (more: Partial<ArticleFields> = {}): ArticleFields => ({
  title: 'A title',
  html: '<p>Body</p>',
  slug: undefined,
  status: undefined,
  focusKeyword: undefined,
  secondaryKeywords: [],
  metaDescription: undefined,
  jsonLd: undefined,
  featuredImage: undefined,
  categories: { kind: 'none' },
  ...more,
});

describe('the gate: every array and length of the mapped article, whatever the door (issue #55 item 4)', () => {
  it('lets an article within every bound through, at the bounds included', () => {
    const atBounds = fields({
      secondaryKeywords: words(tags - 1),
      focusKeyword: 'focus',
      categories: { kind: 'ids', ids: Array.from({ length: categoryIds }, (_, index) => index + 1) },
      imageAlts: new Map(Array.from({ length: inlineImages }, (_, n) => [`https://i.test/${n}.png`, 'alt'])),
      summary: 's'.repeat(REQUEST_BOUNDS.summaryLength),
    });
    assert.deepEqual(articleBoundProblems(atBounds), []);
    assert.doesNotThrow(() => assertArticleWithinBounds(atBounds));
  });

  it('names each part over its bound: lists counted before their entries are read', () => {
    const problems = articleBoundProblems(
      fields({
        secondaryKeywords: words(40_000),
        categories: { kind: 'ids', ids: Array.from({ length: 40_000 }, (_, index) => index + 1) },
        imageAlts: new Map(Array.from({ length: inlineImages + 1 }, (_, n) => [`https://i.test/${n}`, 'a'])),
        metaDescription: 'd'.repeat(REQUEST_BOUNDS.metaDescriptionLength + 1),
        metaTitle: 't'.repeat(REQUEST_BOUNDS.titleLength + 1),
        summary: 's'.repeat(REQUEST_BOUNDS.summaryLength + 1),
      })
    );
    assert.deepEqual(problems, [
      'meta title must be at most 500 characters (the limit)',
      'meta description must be at most 1000 characters (the limit)',
      'summary must be at most 10000 characters (the limit)',
      'secondary keywords (tags) must have at most 50 entries (the limit), not 40000',
      'categories must have at most 100 entries (the limit), not 40000',
      'inline images must have at most 1000 entries (the limit), not 1001',
    ]);
  });

  it('counts the tags the keywords give, split at commas, and each keyword, category name, id and JSON-LD', () => {
    const problems = articleBoundProblems(
      fields({
        focusKeyword: words(tags + 1).join(','),
        secondaryKeywords: ['k'.repeat(REQUEST_BOUNDS.keywordLength + 1)],
        categories: { kind: 'names', category: 'c'.repeat(201), subCategory: 'fine' },
        jsonLd: JSON.parse(
          `${'['.repeat(REQUEST_BOUNDS.jsonLdDepth + 1)}${']'.repeat(REQUEST_BOUNDS.jsonLdDepth + 1)}`
        ),
      })
    );
    assert.deepEqual(problems, [
      'focus keyword must be at most 200 characters (the limit)',
      'each secondary keyword (tag) must be at most 200 characters (the limit)',
      'the keywords give more than 50 tags, counting the focus keyword and the secondary keywords split at commas (the limit)',
      'category must be at most 200 characters (the limit)',
      'JSON-LD nests more than 32 levels deep (the limit)',
    ]);
    assert.deepEqual(articleBoundProblems(fields({ categories: { kind: 'ids', ids: [0, 2 ** 40] } })), [
      'each category id must be an integer from 1 to 2147483647',
    ]);
  });

  it('refuses with a 400 named as the door names its request', () => {
    const refusal = (() => {
      try {
        assertArticleWithinBounds(
          fields({ secondaryKeywords: words(tags + 1), bodyField: { request: 'post', field: 'content' } })
        );
      } catch (error) {
        return error;
      }
    })();
    assert.ok(refusal instanceof RefusedArticle);
    assert.equal(refusal.status, 400);
    assert.equal(refusal.code, 'bad_request');
    assert.match(refusal.message, /^Invalid post: secondary keywords \(tags\) must have at most 50 entries/);
  });

  it("WordPress: tags at most 50 ids, categories 100, and the SEO plugins' keywords reach the gate's tag count", () => {
    const parse = (body: unknown) => postRequestSchema.safeParse(body);
    const tooMany = parse({ tags: Array.from({ length: 40_000 }, (_, index) => index + 1) });
    assert.ok(!tooMany.success);
    assert.deepEqual(
      tooMany.error.issues.map((issue) => issue.message),
      ['must have at most 50 entries (the limit)']
    );
    assert.ok(!parse({ categories: Array.from({ length: categoryIds + 1 }, (_, n) => n + 1) }).success);
    assert.ok(parse({ tags: Array.from({ length: tags }, (_, n) => n + 1) }).success);
    const request = postRequestSchema.parse({
      meta: { rank_math_focus_keyword: words(tags + 1).join(', ') },
    });
    const mapped = articleFieldsFromPost(request, {
      title: 'T',
      html: '<p>B</p>',
      slug: 't',
      categoryIds: [],
      tagNames: [],
      featuredMedia: undefined,
    });
    assert.match(articleBoundProblems(mapped).join(), /the keywords give more than 50 tags/);
  });
});

describe("a custom webhook's own lists (issue #55 item 4)", () => {
  it('refuses tags, keywords and FAQ lists over their bounds, naming them; comma text is counted by the gate', () => {
    const refused = (hook: Record<string, unknown>) => {
      try {
        const prepared = prepareHookArticle({ title: 'T', html: '<p>B</p>', ...hook });
        assertArticleWithinBounds(prepared.fields);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    assert.match(refused({ tags: words(tags + 1) }), /tags must have at most 50 entries \(the limit\)/);
    assert.match(refused({ keywords: words(tags + 1) }), /keywords must have at most 50 entries/);
    const faq = Array.from({ length: faqItems + 1 }, (_, n) => ({ question: `Q${n}?`, answer: `A${n}.` }));
    assert.match(refused({ faq }), /faq must have at most 100 entries/);
    assert.match(refused({ tags: words(tags + 1).join(',') }), /the keywords give more than 50 tags/);
    // Tags and keywords within their bounds each, more than 50 together: refused, no longer cut.
    assert.match(
      refused({ tags: words(30), keywords: words(tags + 1).slice(30) }),
      /the keywords give more than 50 tags/
    );
    assert.equal(refused({ tags: words(25), keywords: words(50).slice(25), faq: faq.slice(1) }), '');
  });

  it('refuses an Outrank batch over hookMaxBatchArticles whole with 413 naming the bound; at the bound it passes', () => {
    const batch = (count: number) =>
      PRESETS.outrank.read(
        {
          event_type: 'publish_articles',
          data: {
            articles: Array.from({ length: count }, (_, n) => ({
              title: `A ${n}`,
              content_html: '<p>x</p>',
            })),
          },
        },
        { header: () => undefined },
        {}
      );
    assert.doesNotThrow(() => assertBatchWithinBound(batch(50), 50));
    assert.throws(
      () => assertBatchWithinBound(batch(1500), 50),
      (error: Error & { status?: number }) =>
        error.status === 413 &&
        /carries 1500 articles; this site takes at most 50 per delivery \(hookMaxBatchArticles/.test(
          error.message
        )
    );
  });

  it('hookMaxBatchArticles: 50 by default, a whole number from 1 to 1000', () => {
    assert.equal(DEFAULT_CONFIG.hookMaxBatchArticles, 50);
    const option = pluginConfigSchema.shape.hookMaxBatchArticles;
    assert.ok(option.safeParse(1).success);
    assert.ok(option.safeParse(1000).success);
    for (const bad of [0, 1001, 2.5, '50']) assert.ok(!option.safeParse(bad).success, String(bad));
  });
});
