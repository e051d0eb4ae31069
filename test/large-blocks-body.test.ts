/**
 * A large Blocks body (issue #30): converted in the worker thread, saved by Strapi as a stand-in and
 * stored as the worker's JSON text in the same transaction (core/src/blocks/stored-json). What a reader,
 * an editor and Strapi's own events see must be the whole body, in every version of the entry.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { htmlToBlocks } from '../core/src/blocks/html-to-blocks';
import { BLOCKS_STAND_IN, STORED_JSON_SLICE_CHARS } from '../core/src/blocks/stored-json';
import { sanitizeArticleHtml } from '../core/src/sanitize';
import { sizedArticle } from '../core/test/helpers/sized-article';
import { registerSuperAdmin } from './helpers/admin';
import { GUIDE_TARGET } from './helpers/fixtures';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { publishPost } from './helpers/service';
import { registerStrapiWebhook, StrapiWebhookReceiver, waitFor } from './helpers/strapi-webhooks';

const KEY = 'apk_large-blocks-0123456789abcdef';
/** Strapi refuses webhook URLs on loopback in production: this instance runs in development. */
const DEVELOPMENT = { NODE_ENV: 'development' };

/** A long guide without figures (its images would be fetched), numbered so two versions differ. */
const largeGuide = (bytes: number, version: string) =>
  sizedArticle(bytes)
    .replace(/<figure>.*?<\/figure>\n?/g, '')
    .replaceAll('choosing a garden hose', `choosing a garden hose (${version})`);

/** The blocks the converter makes of the article's sanitized HTML: what the entry must hold. */
const expectedBlocks = (html: string) =>
  htmlToBlocks(sanitizeArticleHtml(html), { image: () => undefined }).blocks;

describe('a large Blocks body, stored past Strapi validation of the value', () => {
  let site: Playground;
  const hooks = new StrapiWebhookReceiver();

  async function readGuide(slug: string, status: 'draft' | 'published') {
    const query = new URLSearchParams({ 'filters[slug][$eq]': slug, status });
    const response = await request(`${site.url}/api/guides?${query}`);
    assert.equal(response.status, 200, response.text);
    return response.json.data as { documentId: string; body: unknown[] }[];
  }

  const publishGuide = (content: string, status: 'publish' | 'draft') =>
    publishPost(site.url, KEY, { title: 'Choosing a garden hose', slug: 'large-guide', content, status });

  before(async () => {
    await hooks.start();
    site = await startPlayground({
      fixtureTypes: ['guide'],
      env: { ARTICLE_PUBLISHER_API_KEY: KEY, ...DEVELOPMENT },
      pluginConfig: GUIDE_TARGET,
    });
    const token = await registerSuperAdmin(site.url);
    await registerStrapiWebhook(site.url, token, hooks.url, ['entry.create', 'entry.publish']);
  });
  after(async () => {
    await site?.stop();
    await hooks.stop();
  });

  it('lands whole in the draft and the published version, and entry.publish carries it', async () => {
    const content = largeGuide(200_000, 'first');
    assert.ok(content.length > 64 * 1024, 'a large article');
    const response = await publishGuide(content, 'publish');
    assert.equal(response.status, 201, response.text);
    const expected = expectedBlocks(content);
    assert.ok(expected.length > 500, `${expected.length} blocks`);
    // Longer than one slice: the events' reads parse it back a slice at a time (core/src/sliced-json.ts).
    assert.ok(JSON.stringify(expected).length > STORED_JSON_SLICE_CHARS, 'more than one slice');

    const [published] = await readGuide('large-guide', 'published');
    const [draft] = await readGuide('large-guide', 'draft');
    assert.deepEqual(published.body, expected);
    assert.deepEqual(draft.body, expected);
    assert.notDeepEqual(published.body, BLOCKS_STAND_IN);

    // Strapi reads the entry for its events after the commit: the frontend gets the whole body too.
    const [event] = await waitFor(
      'entry.publish',
      () => hooks.publishesOf('large-guide').length > 0 && hooks.publishesOf('large-guide'),
      30_000
    );
    assert.deepEqual(event.entry.body, expected);
    // Both of those reads (the draft's entry.create, the published version's entry.publish) are paced
    // and parse the body in slices (server/src/strapi/entry-event-reads.ts): each still carries the
    // whole body.
    const [created] = await waitFor(
      'entry.create',
      () => {
        const creates = hooks.events.filter(
          (e) => e.event === 'entry.create' && e.entry?.slug === 'large-guide'
        );
        return creates.length > 0 && creates;
      },
      30_000
    );
    assert.equal(created.entry.publishedAt, null, 'the draft');
    assert.deepEqual(created.entry.body, expected);

    // Those reads leave the body's column out and parse the text the write stored instead (issue #62):
    // the entry still carries every attribute, each of the same kind, as a small body's event does.
    const small = await publishPost(site.url, KEY, {
      title: 'A short guide',
      slug: 'small-guide',
      content: largeGuide(3_000, 'small'),
      status: 'publish',
    });
    assert.equal(small.status, 201, small.text);
    const [smallEvent] = await waitFor(
      'entry.publish',
      () => hooks.publishesOf('small-guide').length > 0 && hooks.publishesOf('small-guide'),
      30_000
    );
    const kinds = (entry: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(entry).map(([key, value]) => [
          key,
          value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value,
        ])
      );
    assert.deepEqual(kinds(event.entry), kinds(smallEvent.entry));
  });

  it('republished as a draft: the published version goes and the draft holds the new body', async () => {
    const content = largeGuide(60_000, 'second');
    const response = await publishGuide(content, 'draft');
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(await readGuide('large-guide', 'published'), []);
    const [draft] = await readGuide('large-guide', 'draft');
    assert.deepEqual(draft.body, expectedBlocks(content));
  });

  it('a dry run shows the large body as the publish would write it', async () => {
    const content = largeGuide(50_000, 'third');
    const response = await request(`${site.url}/api/service/v1/publish-post?dry_run=true`, {
      method: 'POST',
      headers: { 'X-Service-Key': KEY },
      body: { title: 'Choosing a garden hose', slug: 'large-guide-dry', content, status: 'publish' },
    });
    assert.equal(response.status, 200, response.text);
    const shown = JSON.stringify(response.json);
    assert.ok(shown.includes('Section 0: choosing a garden hose (third)'), shown.slice(0, 500));
    assert.deepEqual(await readGuide('large-guide-dry', 'draft'), []);
  });
});
