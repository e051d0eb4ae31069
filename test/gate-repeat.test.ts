/**
 * Issue #55, item 2: one repeat rule for every door that has deliveries (core/src/repeat-rule.ts). On
 * the signed webhook and on every custom webhook preset: v1, v2, then v1's exact bytes again keeps v2
 * and answers duplicate; a version sent before the newest applied (new bytes, an older time of the
 * service's own) keeps v2 and answers stale; a later v3 updates the post.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PRESET_NAMES, type PresetName } from '../core/src/hooks/endpoints';
import { signWebhook } from '../core/src/webhook-signature';
import { tableRows } from './helpers/databases';
import { hookSample, postHook, serviceHeaders, waitForDelivery } from './helpers/hooks';
import type { HttpResponse } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';
import { fixtureWebhookPayload } from './helpers/fixtures';
import { WEBHOOK_PATH } from './helpers/webhook';

const WEBHOOK_SECRET = 'whsec-gate-repeat-0123456789abcdef0123';
const endpointId = (preset: PresetName) => `repeat-${preset}-0123456789abcdef`;
const secretOf = (preset: PresetName) => `secret-${preset}-repeat-abcdefghijklmnop`;
/** The samples' image host does not resolve; the default image policy refuses loopback before connecting. */
const NO_IMAGES = (text: string) => text.replaceAll('https://images.example.test/', 'https://127.0.0.1:9/');

type Door = PresetName | 'signed webhook';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a service's sample payload, edited per version

/**
 * Where each service's article is in its payload, which field holds its HTML body and where the
 * service says when it sent the version (none: only the bytes decide). Custom maps its own paths.
 */
interface Shape {
  article(body: Json): Json;
  html: string;
  /** The slug's field, or `title` for a service that sends none (the slug is derived from the title). */
  slug: 'slug' | 'title';
  time?: { kind: 'body'; field: string } | { kind: 'signature' };
}

const SHAPES: Record<Exclude<Door, 'custom'>, Shape> = {
  'signed webhook': {
    article: (b) => b,
    html: 'html_content',
    slug: 'slug',
    time: { kind: 'body', field: 'timestamp' },
  },
  contract: {
    article: (b) => b,
    html: 'html_content',
    slug: 'slug',
    time: { kind: 'body', field: 'timestamp' },
  },
  outrank: {
    article: (b) => b.data.articles[0],
    html: 'content_html',
    slug: 'slug',
    time: { kind: 'body', field: 'timestamp' },
  },
  blogseo: { article: (b) => b.article, html: 'content', slug: 'slug' },
  seocraftai: {
    article: (b) => b.article,
    html: 'content_html',
    slug: 'slug',
    time: { kind: 'body', field: 'timestamp' },
  },
  seoladders: {
    article: (b) => b,
    html: 'content_html',
    slug: 'slug',
    time: { kind: 'body', field: 'generated_at' },
  },
  rankpill: { article: (b) => b, html: 'content_html', slug: 'slug' },
  ranksector: { article: (b) => b, html: 'content_html', slug: 'slug' },
  getmywebrank: { article: (b) => b, html: 'content_html', slug: 'slug' },
  citeflow: { article: (b) => b.article, html: 'body_html', slug: 'slug', time: { kind: 'signature' } },
  babylovegrowth: { article: (b) => b, html: 'content_html', slug: 'slug' },
  arvow: { article: (b) => b, html: 'content', slug: 'title' },
  journalist: { article: (b) => b, html: 'content', slug: 'title' },
  seogrove: {
    article: (b) => b.content,
    html: 'html',
    slug: 'slug',
    time: { kind: 'body', field: 'timestamp' },
  },
  ranket: {
    article: (b) => b.article,
    html: 'bodyHtml',
    slug: 'slug',
    time: { kind: 'body', field: 'timestamp' },
  },
  earlyseo: { article: (b) => b.article, html: 'contentRawHtml', slug: 'slug' },
};
const DOORS = ['signed webhook', ...PRESET_NAMES.filter((preset) => preset !== 'custom')] as Exclude<
  Door,
  'custom'
>[];

/** The service's own time of each version: v1, a late one between v1 and v2, v2, v3. */
const MINUTE = 60_000;
const timeOf = { v1: 4, late: 3, v2: 2, v3: 0 } as const;
type Version = keyof typeof timeOf;

describe('one repeat rule for every door with deliveries (issue #55, item 2)', () => {
  let site: Playground;

  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_WEBHOOK_SECRET: WEBHOOK_SECRET },
      pluginConfig: {
        webhookEndpoints: PRESET_NAMES.filter((preset) => preset !== 'custom').map((preset) => ({
          id: endpointId(preset),
          preset,
          secret: secretOf(preset),
          name: `${preset} repeat endpoint`,
        })),
      },
    });
  });
  after(async () => site?.stop());

  /** A delivery of one version, as the door's service sends and signs it, at `now`. */
  function version(door: Exclude<Door, 'custom'>, name: Version, started: number) {
    const shape = SHAPES[door];
    const body: Json = JSON.parse(
      NO_IMAGES(door === 'signed webhook' ? JSON.stringify(fixtureWebhookPayload) : hookSample(door))
    );
    const article = shape.article(body);
    const slug = `repeat-${door.replace(' ', '-')}`;
    if (shape.slug === 'title') article.title = `Repeat ${door}`;
    else article.slug = slug;
    article[shape.html] = `<p>Version ${name} of the ${door} article.</p>`;
    const sent = new Date(started - timeOf[name] * MINUTE);
    if (shape.time?.kind === 'body') body[shape.time.field] = sent.toISOString();
    const text = JSON.stringify(body);
    const headers =
      door === 'signed webhook'
        ? { 'X-Service-Signature': signWebhook(text, WEBHOOK_SECRET), 'X-Service-Event': 'article.published' }
        : serviceHeaders(door, text, secretOf(door), sent);
    return { text, headers, slug };
  }

  const send = (door: Exclude<Door, 'custom'>, delivery: { text: string; headers: Record<string, string> }) =>
    postHook(
      site.url,
      door === 'signed webhook' ? WEBHOOK_PATH : `/api/service/v1/hooks/${endpointId(door)}`,
      delivery.text,
      delivery.headers
    );

  /** What the door answered about its one article: the receipt, its line, or the queue's outcome. */
  async function verdictOf(response: HttpResponse): Promise<{ duplicate: boolean; stale: boolean }> {
    assert.equal(response.status, 200, response.text);
    if (response.json.queued) {
      const delivery = await waitForDelivery(site.database, response.json.deliveryId);
      assert.equal(delivery.status, 'done', JSON.stringify(delivery));
      const [line] = delivery.outcome as { duplicate?: boolean; stale?: boolean }[];
      return { duplicate: line.duplicate === true, stale: (line as { stale?: boolean }).stale === true };
    }
    const line = response.json.results?.[0] ?? response.json;
    return { duplicate: line.duplicate, stale: line.stale };
  }

  const contentOf = async (slug: string) => {
    const posts = await readArticle(site.url, slug);
    assert.equal(posts.length, 1, `one post ${slug}`);
    return String(posts[0].content);
  };
  const ledgerOf = async (slug: string) =>
    (await tableRows(site.database, 'article_publisher_deliveries')).filter((row) => row.slug === slug)
      .length;

  for (const door of DOORS) {
    const timed = SHAPES[door].time !== undefined;
    it(`${door}: v1, v2, v1 again keeps v2 (duplicate${timed ? ', stale' : ''}); ${timed ? 'an older version is stale; ' : ''}v3 updates`, async () => {
      const started = Date.now();
      const v1 = version(door, 'v1', started);
      assert.deepEqual(await verdictOf(await send(door, v1)), { duplicate: false, stale: false }, 'v1 lands');
      assert.match(await contentOf(v1.slug), /Version v1/);
      const v2 = version(door, 'v2', started);
      assert.deepEqual(await verdictOf(await send(door, v2)), { duplicate: false, stale: false }, 'v2 lands');
      assert.match(await contentOf(v2.slug), /Version v2/);
      const entries = await ledgerOf(v1.slug);

      // v1's exact bytes again (its own signature and headers, as captured or retried late).
      const replay = await verdictOf(await send(door, v1));
      assert.deepEqual(replay, { duplicate: true, stale: timed }, 'v1 again is a duplicate');
      assert.match(await contentOf(v1.slug), /Version v2/, 'the post keeps v2');
      assert.equal(await ledgerOf(v1.slug), entries, 'nothing recorded');

      if (timed) {
        // New bytes the service sent before v2 (a late delivery of a version never applied).
        const late = await verdictOf(await send(door, version(door, 'late', started)));
        assert.deepEqual(late, { duplicate: true, stale: true }, 'an older version is stale');
        assert.match(await contentOf(v1.slug), /Version v2/, 'the post keeps v2');
        assert.equal(await ledgerOf(v1.slug), entries, 'nothing recorded');
      }

      const v3 = version(door, 'v3', started);
      assert.deepEqual(await verdictOf(await send(door, v3)), { duplicate: false, stale: false }, 'v3 lands');
      assert.match(await contentOf(v3.slug), /Version v3/);
      assert.equal(await ledgerOf(v3.slug), entries + 1);
    });
  }
});
