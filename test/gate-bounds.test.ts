import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { PresetName } from '../core/src/hooks/endpoints';
import { REQUEST_BOUNDS } from '../core/src/request-bounds';
import { registerSuperAdmin } from './helpers/admin';
import { customHookOptions, postHook, serviceHeaders } from './helpers/hooks';
import { request, type HttpResponse } from './helpers/http';
import { nothingWrittenBy } from './helpers/nothing-written';
import { connectMcp, createAdminToken, type ToolResult } from './helpers/mcp';
import { startPlayground, type Playground } from './helpers/playground';
import { countArticles } from './helpers/service';
import { deliver as deliverSigned } from './helpers/webhook';

/**
 * Issue #55 item 4: every array of a request is bounded, on every door (the service API, the signed
 * webhook, WordPress, the custom webhook presets and the Custom mapping, MCP), by the numbers of
 * core/src/request-bounds.ts; a custom webhook delivery by `hookMaxBatchArticles` (50 by default). Over a
 * bound the door answers 400 (413 for a batch) in its own error shape naming the bound, and nothing at
 * all is written.
 */

const KEY = 'apk_gate-bounds-0123456789abcdef';
const SECRET = 'whsec-gate-bounds-0123456789abcdef';
const WP_LOGIN = 'editor';
const WP_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const WP_AUTH = `Basic ${Buffer.from(`${WP_LOGIN}:${WP_PASSWORD}`).toString('base64')}`;
const BATCH = 50;
const { categoryIds, tags, faqItems, inlineImages } = REQUEST_BOUNDS;

const HOOK_PRESETS = ['outrank', 'citeflow', 'custom'] as const satisfies readonly PresetName[];
type HookPreset = (typeof HOOK_PRESETS)[number];
const endpointId = (preset: HookPreset) => `gate-bounds-${preset}-0123456789`;
const secretOf = (preset: HookPreset) => `secret-${preset}-gate-bounds-0123`;

const numbers = (count: number, from = 1) => Array.from({ length: count }, (_, index) => index + from);
const words = (count: number, prefix = 'word') => numbers(count).map((n) => `${prefix} ${n}`);
const images = (count: number) => '<img src="https://images.example.test/a.png" alt="a">'.repeat(count);

/** An Outrank article: one line, as the batch of the report (1,500 of them made 133 KB). */
const outrankArticle = (n: number, fields: Record<string, unknown> = {}) => ({
  id: `gate-${n}`,
  title: `Gate bounds article ${n}`,
  slug: `gate-bounds-article-${n}`,
  content_html: `<p>Line ${n}.</p>`,
  ...fields,
});
const outrankBody = (articles: unknown[]) => ({ event_type: 'publish_articles', data: { articles } });
const citeflowBody = (fields: Record<string, unknown>) => ({
  event: 'article.published',
  article: { id: 'cf-1', title: 'Citations', body_html: '<p>Body</p>', ...fields },
});
/** The Custom mapping of test/fixtures/hooks/custom-options.json: posts at `payload.posts`, tags at `labels[].name`. */
const customBody = (posts: unknown[]) => ({ kind: 'post.ready', payload: { posts } });
const customPost = (n: number, fields: Record<string, unknown> = {}) => ({
  ref: { uid: `cx-${n}` },
  headline: `Custom post ${n}`,
  body: { rendered: `<p>Custom ${n}.</p>` },
  ...fields,
});

function assertRefused(response: HttpResponse, status: number, code: string, ...patterns: RegExp[]) {
  assert.equal(response.status, status, response.text);
  assert.equal(response.json.code, code, response.text);
  assert.equal(response.json.data.status, status, response.text);
  for (const pattern of patterns) assert.match(response.json.message, pattern);
}

describe('gate bounds: every array bounded, on every door', () => {
  let site: Playground;
  let agent: Client;

  /** Runs `refuse` and asserts that it wrote nothing but the records of a refusal (helpers/nothing-written). */
  const nothingWritten = (refuse: () => Promise<void>) => nothingWrittenBy(site.database, refuse);

  const publish = (body: unknown) =>
    request(`${site.url}/api/service/v1/publish-post`, {
      method: 'POST',
      headers: { 'X-Service-Key': KEY },
      body,
    });
  const webhook = (fields: Record<string, unknown>) =>
    deliverSigned(
      site.url,
      JSON.stringify({
        event: 'article.published',
        article_id: 5504,
        title: 'Bounded webhook',
        html_content: '<p>Body</p>',
        ...fields,
      }),
      SECRET
    );
  const wordpress = (body: Record<string, unknown>) =>
    request(`${site.url}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: { authorization: WP_AUTH },
      body: { title: 'Bounded post', content: '<p>Body</p>', status: 'publish', ...body },
    });
  const hook = (preset: HookPreset, body: unknown) => {
    const text = JSON.stringify(body);
    return postHook(
      site.url,
      `/api/service/v1/hooks/${endpointId(preset)}`,
      text,
      serviceHeaders(preset, text, secretOf(preset))
    );
  };
  const mcpPublish = async (args: Record<string, unknown>) =>
    (await agent.callTool({
      name: 'article_publisher_publish',
      arguments: { title: 'Bounded agent article', content: '<p>Body</p>', ...args },
    })) as ToolResult;

  before(async () => {
    site = await startPlayground({
      env: {
        ARTICLE_PUBLISHER_API_KEY: KEY,
        ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET,
        ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${WP_LOGIN}:${WP_PASSWORD}`,
        PLAYGROUND_MCP: 'true',
      },
      pluginConfig: {
        // This file refuses many requests on purpose: none of them is a failed credential, but be sure.
        authThrottle: { maxFailures: 1000, windowSeconds: 60 },
        webhookEndpoints: HOOK_PRESETS.map((preset) => ({
          id: endpointId(preset),
          preset,
          secret: secretOf(preset),
          ...(preset === 'custom' ? { options: customHookOptions() } : {}),
        })),
      },
    });
    const owner = await registerSuperAdmin(site.url);
    const contentManager = (subject: string) =>
      ['create', 'read', 'update', 'publish'].map((action) => ({
        action: `plugin::content-manager.explorer.${action}`,
        subject,
      }));
    const token = await createAdminToken(site.url, owner, 'gate-bounds agent', [
      ...contentManager('api::article.article'),
      ...contentManager('api::category.category'),
      { action: 'plugin::upload.read' },
      { action: 'plugin::upload.assets.create' },
    ]);
    agent = await connectMcp(site.url, token);
    // An endpoint notes its first accepted delivery in the plugin's store (a row, later updated): a test
    // delivery each, so that what the refusals below leave unwritten is the articles, not that note.
    const tests: Record<HookPreset, unknown> = {
      outrank: { event_type: 'test' },
      citeflow: { event: 'test' },
      custom: { kind: 'post.test' },
    };
    for (const preset of HOOK_PRESETS) {
      const response = await hook(preset, tests[preset]);
      assert.equal(response.status, 200, response.text);
      assert.ok(response.json.ignored, response.text);
    }
  });
  after(async () => {
    await agent?.close();
    await site?.stop();
  });

  describe('an Outrank batch over hookMaxBatchArticles is refused whole, before any article is published', () => {
    for (const count of [BATCH + 1, 1500]) {
      it(`${count} one-line articles: 413 naming the bound, at once, nothing written`, async () => {
        await nothingWritten(async () => {
          const body = outrankBody(numbers(count).map((n) => outrankArticle(n)));
          const started = Date.now();
          const response = await hook('outrank', body);
          // The report: no answer within the service's 25 s while hundreds of posts were written.
          assert.ok(Date.now() - started < 25_000, `answered after ${Date.now() - started} ms`);
          assertRefused(
            response,
            413,
            'payload_too_large',
            new RegExp(`carries ${count} articles; this site takes at most ${BATCH} per delivery`),
            /hookMaxBatchArticles/
          );
        });
      });
    }

    it(`a batch at the bound (${BATCH} articles) is accepted, every article published`, async () => {
      const before = await countArticles(site.url);
      const response = await hook('outrank', outrankBody(numbers(BATCH).map((n) => outrankArticle(n))));
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.results.length, BATCH);
      assert.ok(
        response.json.results.every((line: { ok: boolean }) => line.ok),
        response.text
      );
      assert.equal(await countArticles(site.url), before + BATCH);
    });

    it('the Custom mapping: more posts at its articles path than the bound is the same 413', async () => {
      await nothingWritten(async () => {
        const response = await hook('custom', customBody(numbers(BATCH + 1).map((n) => customPost(n))));
        assertRefused(response, 413, 'payload_too_large', /carries 51 articles/, /hookMaxBatchArticles/);
      });
    });
  });

  describe('the service API', () => {
    const base = { title: 'Bounded request', content: '<p>Body</p>' };
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'categories',
        { categories: numbers(categoryIds + 1) },
        new RegExp(`categories must have at most ${categoryIds} entries`),
      ],
      [
        'tags',
        { focus_keyword: words(tags + 1).join(',') },
        new RegExp(`focus_keyword gives more than ${tags} tags`),
      ],
      [
        'images',
        { content: `<p>Body</p>${images(inlineImages + 1)}` },
        new RegExp(`content has more than ${inlineImages} <img> elements`),
      ],
    ];
    for (const [what, fields, message] of cases) {
      it(`${what} over the bound: 400 naming it, nothing written`, async () => {
        await nothingWritten(async () => {
          assertRefused(await publish({ ...base, ...fields }), 400, 'bad_request', message);
        });
      });
    }
  });

  describe('the signed webhook', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'category name',
        { category: 'c'.repeat(REQUEST_BOUNDS.categoryNameLength + 1) },
        /category must be at most 200 characters/,
      ],
      [
        'tags',
        { secondary_keywords: words(tags + 1) },
        new RegExp(`secondary_keywords must have at most ${tags} entries`),
      ],
      [
        'images',
        {
          inline_images: numbers(inlineImages + 1).map((n) => ({
            url: `https://images.example.test/${n}.png`,
          })),
        },
        new RegExp(`inline_images must have at most ${inlineImages} entries`),
      ],
    ];
    for (const [what, fields, message] of cases) {
      it(`${what} over the bound: 400 naming it, nothing written`, async () => {
        await nothingWritten(async () => {
          assertRefused(await webhook(fields), 400, 'bad_request', message);
        });
      });
    }
  });

  describe('WordPress', () => {
    /** [what, body, the parameter named (rest_invalid_param's params), or the message's bound]. */
    const cases: [string, Record<string, unknown>, { param: string; message: RegExp }][] = [
      [
        'categories',
        { categories: numbers(categoryIds + 1) },
        { param: 'categories', message: new RegExp(`at most ${categoryIds} entries`) },
      ],
      [
        'tags',
        { tags: numbers(tags + 1) },
        { param: 'tags', message: new RegExp(`at most ${tags} entries`) },
      ],
      [
        'images',
        { content: `<p>Body</p>${images(inlineImages + 1)}` },
        { param: 'content', message: new RegExp(`more than ${inlineImages} <img> elements`) },
      ],
    ];
    for (const [what, body, expected] of cases) {
      it(`${what} over the bound: rest_invalid_param naming it, nothing written`, async () => {
        await nothingWritten(async () => {
          const response = await wordpress(body);
          assertRefused(
            response,
            400,
            'rest_invalid_param',
            new RegExp(`Invalid parameter\\(s\\): ${expected.param}`)
          );
          assert.match(response.json.data.params[expected.param], expected.message);
        });
      });
    }

    it("the SEO plugins' keywords over the tags bound, and a meta description over its bound, are refused by the gate", async () => {
      await nothingWritten(async () => {
        const keywords = await wordpress({ meta: { rank_math_focus_keyword: words(tags + 1).join(', ') } });
        assertRefused(keywords, 400, 'rest_invalid_param', new RegExp(`give more than ${tags} tags`));
        const description = await wordpress({
          meta: { _yoast_wpseo_metadesc: 'd'.repeat(REQUEST_BOUNDS.metaDescriptionLength + 1) },
        });
        assertRefused(
          description,
          400,
          'rest_invalid_param',
          new RegExp(`meta description must be at most ${REQUEST_BOUNDS.metaDescriptionLength} characters`)
        );
      });
    });
  });

  describe('custom webhook presets and the Custom mapping', () => {
    const cases: [string, HookPreset, unknown, RegExp][] = [
      [
        'Outrank tags',
        'outrank',
        outrankBody([outrankArticle(900, { tags: words(tags + 1) })]),
        new RegExp(`Invalid webhook article: tags must have at most ${tags} entries`),
      ],
      [
        'Outrank tags as one text giving more tags than the bound',
        'outrank',
        outrankBody([outrankArticle(901, { tags: words(tags + 1).join(',') })]),
        new RegExp(`Invalid webhook article: the keywords give more than ${tags} tags`),
      ],
      [
        'CiteFlow FAQ items',
        'citeflow',
        citeflowBody({
          faq_items: numbers(faqItems + 1).map((n) => ({
            question: `Question ${n}?`,
            answer: `Answer ${n}.`,
          })),
        }),
        new RegExp(`faq must have at most ${faqItems} entries`),
      ],
      [
        'CiteFlow keywords',
        'citeflow',
        citeflowBody({ target_keywords: words(tags + 1) }),
        new RegExp(`keywords must have at most ${tags} entries`),
      ],
      [
        'Custom mapping tags (labels[].name)',
        'custom',
        customBody([customPost(902, { labels: words(tags + 1).map((name) => ({ name })) })]),
        new RegExp(`tags must have at most ${tags} entries`),
      ],
      [
        'Custom mapping images',
        'custom',
        customBody([customPost(903, { body: { rendered: `<p>Body</p>${images(inlineImages + 1)}` } })]),
        new RegExp(`html has more than ${inlineImages} <img> elements`),
      ],
    ];
    for (const [what, preset, body, message] of cases) {
      it(`${what} over the bound: 400 naming it, nothing written`, async () => {
        await nothingWritten(async () => {
          assertRefused(await hook(preset, body), 400, 'bad_request', message);
        });
      });
    }

    it('a batch with one article over a bound publishes the others and names the bound for that one', async () => {
      const before = await countArticles(site.url);
      const response = await hook(
        'outrank',
        outrankBody([
          outrankArticle(910),
          outrankArticle(911, { tags: words(tags + 1) }),
          outrankArticle(912),
        ])
      );
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(
        response.json.results.map((line: { ok: boolean }) => line.ok),
        [true, false, true]
      );
      assert.match(
        response.json.results[1].error.message,
        new RegExp(`article 2 of the batch: tags must have at most ${tags} entries`)
      );
      assert.equal(await countArticles(site.url), before + 2);
    });
  });

  describe('MCP', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'categories',
        { categories: numbers(categoryIds + 1) },
        new RegExp(`categories must have at most ${categoryIds} entries`),
      ],
      [
        'tags',
        { focus_keyword: words(tags + 1).join(',') },
        new RegExp(`focus_keyword gives more than ${tags} tags`),
      ],
      [
        'images',
        { content: `<p>Body</p>${images(inlineImages + 1)}` },
        new RegExp(`content has more than ${inlineImages} <img> elements`),
      ],
    ];
    for (const [what, args, message] of cases) {
      it(`${what} over the bound: the contract's bad_request naming it, nothing written`, async () => {
        await nothingWritten(async () => {
          const result = await mcpPublish(args);
          assert.equal(result.isError, true, JSON.stringify(result));
          const body = JSON.parse(result.content[0].text ?? '') as { code: string; message: string };
          assert.equal(body.code, 'bad_request', JSON.stringify(body));
          assert.match(body.message, message);
        });
      });
    }
  });
});
