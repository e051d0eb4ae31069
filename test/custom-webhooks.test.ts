import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PRESET_NAMES, type PresetName } from '../core/src/hooks/endpoints';
import { toSlug } from '../core/src/slug';
import { registerSuperAdmin } from './helpers/admin';
import { tableRows } from './helpers/databases';
import { request } from './helpers/http';
import { customHookOptions, hookSample, postHook, serviceHeaders, waitForDelivery } from './helpers/hooks';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { countArticles, readArticle } from './helpers/service';

const IMAGE_HOST = 'https://images.example.test';
const endpointId = (preset: PresetName) => `hook-${preset}-0123456789abcdef`;
const secretOf = (preset: PresetName) => `secret-${preset}-abcdefghijklmnop`;
const hookPath = (preset: PresetName) => `/api/service/v1/hooks/${endpointId(preset)}`;

/** Custom maps a payload nobody documented: nested paths, an array of articles, a list of objects. */
const CUSTOM_OPTIONS = customHookOptions();

/** A Custom endpoint whose tags are two lists deep: every term of every group (issue #59). */
const NESTED_ID = 'hook-custom-nested-0123456789';
const NESTED_SECRET = 'secret-custom-nested-abcdefghij';
const NESTED_OPTIONS = {
  auth: { kind: 'bearer' },
  articles: 'post',
  fields: {
    externalId: 'id',
    title: 'title',
    html: 'html',
    excerpt: 'summary.text',
    tags: 'taxonomy.groups[].terms[].label',
  },
};

interface Expected {
  title: string;
  slug: string;
  /** A piece of the body that must land. */
  fragment: string;
  image?: { alt?: string };
  externalId: string | null;
}

/** What each sample must land as (read from the sample itself, so the test and the fixture agree). */
function expectedOf(preset: PresetName, sample: string): Expected {
  const body = JSON.parse(sample);
  const pick = (
    article: { title: string; slug?: string },
    html: string,
    image?: { alt?: string },
    id?: unknown
  ): Expected => ({
    title: article.title,
    slug: article.slug ?? toSlug(article.title),
    fragment: /<p>([^<]+)<\/p>/.exec(html)?.[1] ?? '',
    ...(image ? { image } : {}),
    externalId: id === undefined || id === null ? null : String(id),
  });
  switch (preset) {
    case 'contract':
      return pick(body, body.html_content, { alt: body.featured_image_alt }, body.article_id);
    case 'outrank': {
      const [article] = body.data.articles;
      return pick(article, article.content_html, {}, article.id);
    }
    case 'blogseo':
      return pick(body.article, body.article.content, { alt: body.main_image.alt }, body.article.id);
    case 'seocraftai':
      return pick(body.article, body.article.content_html, { alt: body.main_image.alt }, body.article.id);
    case 'seoladders':
      return pick(body, body.content_html, { alt: body.featured_image.alt }, body.id);
    case 'rankpill':
    case 'ranksector':
    case 'getmywebrank':
      return pick(body, body.content_html, {}, undefined);
    case 'citeflow':
      return pick(
        body.article,
        body.article.body_html,
        { alt: body.article.hero_image_alt },
        body.article.id
      );
    case 'babylovegrowth':
      return pick(body, body.content_html, {}, body.id);
    case 'arvow':
    case 'journalist':
      return pick(body, body.content, { alt: body.thumbnail_alt_text }, body.id);
    case 'seogrove':
      return pick(body.content, body.content.html, { alt: body.content.featured_image_alt }, body.content.id);
    case 'ranket':
      return pick(body.article, body.article.bodyHtml, { alt: body.article.images[0].alt }, body.article.id);
    case 'earlyseo':
      return pick(body.article, body.article.contentRawHtml, undefined, body.article.id);
    case 'custom': {
      const [post] = body.payload.posts;
      return {
        title: post.headline,
        slug: toSlug(post.headline),
        fragment: 'Use at least twenty litres.',
        image: { alt: post.media[0].caption },
        externalId: post.ref.uid,
      };
    }
  }
}

describe('custom webhooks (issue #42): one receiver, a preset per service', () => {
  let site: Playground;
  const images = new ImageServer();
  const samples = new Map<PresetName, string>();
  const ledger = () => tableRows(site.database, 'article_publisher_deliveries');
  const sampleOf = (preset: PresetName) => samples.get(preset) as string;
  /** A delivery to the preset's endpoint with the headers its service sends, signed with its secret. */
  const deliver = (
    preset: PresetName,
    text: string,
    how: { secret?: string; now?: Date; method?: string; path?: string } = {}
  ) =>
    postHook(
      site.url,
      how.path ?? hookPath(preset),
      text,
      serviceHeaders(preset, text, how.secret ?? secretOf(preset), how.now),
      how.method
    );

  before(async () => {
    await images.start();
    let seed = 0;
    // Every sample's images, served locally (the samples name a host that does not resolve).
    for (const preset of PRESET_NAMES) {
      const sample = hookSample(preset).replaceAll(IMAGE_HOST, images.url);
      samples.set(preset, sample);
      for (const url of sample.matchAll(/"(http:\/\/127\.0\.0\.1:\d+\/[^"]+)"/g)) {
        // Different bytes for every image: the same bytes would reuse the first import (and its alt).
        seed += 1;
        images.file(new URL(url[1]).pathname, await makeImage('jpeg', 320, 200, seed), 'image/jpeg');
      }
    }
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_ALLOW_HTTP: 'true', ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true' },
      pluginConfig: {
        // Each refused delivery counts towards the throttle; this file refuses many on purpose.
        authThrottle: { maxFailures: 1000, windowSeconds: 60 },
        webhookEndpoints: PRESET_NAMES.map((preset) => ({
          id: endpointId(preset),
          preset,
          secret: secretOf(preset),
          name: `${preset} endpoint`,
          ...(preset === 'custom' ? { options: CUSTOM_OPTIONS } : {}),
          // Published, so the post is read back as the site's visitors see it.
          ...(preset === 'outrank' ? { options: { status: 'publish' } } : {}),
        })).concat({
          id: NESTED_ID,
          preset: 'custom',
          secret: NESTED_SECRET,
          name: 'custom nested',
          options: NESTED_OPTIONS,
        }),
      },
    });
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  for (const preset of PRESET_NAMES) {
    it(`${preset}: a wrong credential is 401 and writes nothing`, async () => {
      const sample = sampleOf(preset);
      const before = { posts: await countArticles(site.url), ledger: (await ledger()).length };
      const response = await deliver(preset, sample, { secret: 'not-the-secret-of-this-endpoint' });
      assert.equal(response.status, 401, response.text);
      assert.equal(response.json.code, 'invalid_credentials');
      assert.equal(response.json.data.status, 401);
      const missing = await postHook(site.url, hookPath(preset), sample, {});
      assert.equal(missing.status, 401, missing.text);
      assert.equal(await countArticles(site.url), before.posts);
      assert.equal((await ledger()).length, before.ledger);
    });

    it(`${preset}: the documented sample, with its documented auth, lands and is in the ledger`, async () => {
      const sample = sampleOf(preset);
      const expected = expectedOf(preset, sample);
      const response = await deliver(preset, sample);
      assert.equal(response.status, 200, response.text);
      // A service that gives up after a few seconds is answered once the delivery is stored (the queue).
      if (response.json.queued) {
        const delivery = await waitForDelivery(site.database, response.json.deliveryId);
        assert.equal(delivery.status, 'done', JSON.stringify(delivery));
      }
      const status = preset === 'outrank' ? 'published' : 'draft';
      const [post] = await readArticle(site.url, expected.slug, status);
      assert.ok(post, `the post ${expected.slug} was written`);
      assert.equal(post.title, expected.title);
      assert.ok(post.content.includes(expected.fragment), `${post.content} holds "${expected.fragment}"`);
      if (expected.image) {
        assert.ok(post.cover, 'the featured image was imported as the cover');
        if (expected.image.alt) assert.equal(post.cover.alternativeText, expected.image.alt);
      } else assert.equal(post.cover ?? null, null);
      const rows = (await ledger()).filter((row) => row.hook_endpoint === endpointId(preset));
      assert.equal(rows.length, 1);
      assert.equal(rows[0].source, 'hook');
      assert.equal(rows[0].hook_preset, preset);
      assert.equal(rows[0].slug, expected.slug);
      assert.equal(rows[0].external_id ?? null, expected.externalId);
    });
  }

  it('the contract preset answers the signed webhook receipt; other presets their post and url', async () => {
    const contract = sampleOf('contract');
    const receipt = await deliver('contract', contract);
    assert.equal(receipt.status, 200, receipt.text);
    assert.equal(receipt.json.received, true);
    assert.equal(receipt.json.duplicate, true, 'the same bytes again write nothing');
    const arvow = sampleOf('arvow');
    const reply = await deliver('arvow', arvow);
    assert.equal(reply.status, 200, reply.text);
    assert.match(reply.json.url, /\/blog\/ten-tips-for-better-coffee-at-home$/);
    assert.equal(reply.json.results[0].duplicate, true);
    assert.equal((await ledger()).filter((row) => row.hook_endpoint === endpointId('arvow')).length, 1);
  });

  it('an update of the same external id changes the same post', async () => {
    const body = JSON.parse(sampleOf('seoladders'));
    body.title = 'How Solar Panels Work, Updated';
    const text = JSON.stringify(body);
    const response = await deliver('seoladders', text, { method: 'PUT' });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.results[0].created, false);
    const posts = await readArticle(site.url, body.slug);
    assert.equal(posts.length, 1);
    assert.equal(posts[0].title, 'How Solar Panels Work, Updated');
  });

  it('refuses a signed delivery whose timestamp is outside the five-minute window (CiteFlow, Ranket)', async () => {
    for (const preset of ['citeflow', 'ranket'] as const) {
      const body = JSON.parse(sampleOf(preset));
      body.article.slug = `${preset}-replayed-late`;
      const text = JSON.stringify(body);
      const before = (await ledger()).length;
      const late = new Date(Date.now() - 10 * 60 * 1000);
      const response = await deliver(preset, text, { now: late });
      assert.equal(response.status, 401, response.text);
      assert.match(response.json.message, /minutes away/);
      assert.equal((await readArticle(site.url, `${preset}-replayed-late`)).length, 0);
      assert.equal((await ledger()).length, before);
    }
  });

  it('answers 404 in the error shape for an endpoint id nobody configured, on every path spelling', async () => {
    const sample = sampleOf('outrank');
    for (const path of [
      '/api/service/v1/hooks/nobody-configured-this-id',
      '/wp-json/service/v1/hooks/nobody-configured-this-id',
      '/?rest_route=/service/v1/hooks/nobody-configured-this-id',
    ]) {
      const response = await deliver('outrank', sample, { path });
      assert.equal(response.status, 404, `${path}: ${response.text}`);
      assert.deepEqual(response.json, {
        code: 'not_found',
        message: 'No webhook endpoint has this address.',
        data: { status: 404 },
      });
    }
  });

  it('serves an endpoint under the WordPress paths too', async () => {
    const body = JSON.parse(sampleOf('journalist'));
    body.id = 'wp-path-1';
    body.title = 'Delivered Through the WordPress Path';
    const text = JSON.stringify(body);
    const response = await deliver('journalist', text, {
      path: `/wp-json/service/v1/hooks/${endpointId('journalist')}`,
    });
    assert.equal(response.status, 200, response.text);
    body.id = 'wp-path-2';
    body.title = 'Delivered Through the Fallback Path';
    const second = JSON.stringify(body);
    const fallback = await deliver('journalist', second, {
      path: `/?rest_route=/service/v1/hooks/${endpointId('journalist')}`,
    });
    assert.equal(fallback.status, 200, fallback.text);
    assert.equal((await readArticle(site.url, 'delivered-through-the-wordpress-path')).length, 1);
    assert.equal((await readArticle(site.url, 'delivered-through-the-fallback-path')).length, 1);
  });

  it('a test delivery answers 200 and writes nothing (RankPill test: true, SEOGrove ping)', async () => {
    const before = (await ledger()).length;
    const rankpill = JSON.stringify({
      ...JSON.parse(sampleOf('rankpill')),
      slug: 'rankpill-test-only',
      test: true,
    });
    const test = await deliver('rankpill', rankpill);
    assert.equal(test.status, 200, test.text);
    assert.equal(test.json.received, true);
    assert.ok(test.json.ignored);
    const ping = JSON.stringify({ event: 'ping' });
    const headers = { ...serviceHeaders('seogrove', ping, secretOf('seogrove')), 'X-SEOGrove-Event': 'ping' };
    const pong = await postHook(site.url, hookPath('seogrove'), ping, headers);
    assert.equal(pong.status, 200, pong.text);
    assert.equal((await ledger()).length, before);
    assert.equal((await readArticle(site.url, 'rankpill-test-only')).length, 0);
  });

  it('an Outrank batch lands every good article and reports the bad one', async () => {
    const body = JSON.parse(sampleOf('outrank'));
    const [template] = body.data.articles;
    body.data.articles = [1, 2, 3].map((n) => ({
      ...template,
      id: `batch-${n}`,
      slug: `batch-article-${n}`,
      title: `Batch article ${n}`,
    }));
    body.data.articles.splice(1, 0, { id: 'batch-bad', slug: 'batch-bad' });
    const text = JSON.stringify(body);
    const response = await deliver('outrank', text);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(
      response.json.results.map((line: { ok: boolean }) => line.ok),
      [true, false, true, true]
    );
    assert.match(response.json.results[1].error.message, /article 2 of the batch: title is required/);
    for (const n of [1, 2, 3])
      assert.equal((await readArticle(site.url, `batch-article-${n}`, 'published')).length, 1);
  });
  it('a delivery whose cover cannot be fetched answers a warning naming it, as Activity records it (issue #60)', async () => {
    const refused = images.route('/refused-cover.jpg', (_req, res) =>
      res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden')
    );
    const body = JSON.parse(sampleOf('outrank'));
    const [template] = body.data.articles;
    body.data.articles = [
      { ...template, id: 'lost-cover', slug: 'lost-cover', title: 'Lost cover', image_url: refused },
    ];
    const response = await deliver('outrank', JSON.stringify(body));
    assert.equal(response.status, 200, response.text);
    const lost = 'featured image: the server answered HTTP 403';
    const [line] = response.json.results;
    assert.equal(line.ok, true, response.text);
    assert.equal(line.featuredImage, 'warning: the server answered HTTP 403');
    assert.ok(line.warnings.includes(lost), JSON.stringify(line.warnings));
    assert.deepEqual(line.inlineImages, { imported: [], warnings: [] });
    // A single article answers its post at the top level, with what was lost.
    assert.equal(response.json.featuredImage, line.featuredImage);
    assert.deepEqual(response.json.warnings, line.warnings);
    const [post] = await readArticle(site.url, 'lost-cover', 'published');
    assert.ok(post, 'the article landed without its cover');
    assert.equal(post.cover ?? null, null);
    const [row] = (await ledger()).filter((entry) => entry.slug === 'lost-cover');
    const recorded: string[] = typeof row.warnings === 'string' ? JSON.parse(row.warnings) : row.warnings;
    assert.ok(recorded.includes(lost), `Activity records it too: ${JSON.stringify(recorded)}`);

    // A preset with a single article per delivery (Journalist) answers it at the top level as well,
    // an inline image it could not fetch named by its address.
    const single = JSON.parse(sampleOf('journalist'));
    const inline = images.route('/refused-inline.jpg', (_req, res) => res.writeHead(404).end());
    Object.assign(single, {
      id: 'lost-cover-single',
      title: 'Lost cover, single',
      thumbnail: refused,
      content: `${single.content}<p><img src="${inline}" alt="gone"></p>`,
    });
    const reply = await deliver('journalist', JSON.stringify(single));
    assert.equal(reply.status, 200, reply.text);
    assert.ok(reply.json.warnings.includes(lost), JSON.stringify(reply.json.warnings));
    assert.ok(
      reply.json.warnings.some((warning: string) => warning.startsWith(`${inline}: `)),
      JSON.stringify(reply.json.warnings)
    );
    assert.equal(reply.json.results[0].inlineImages.warnings[0].source_url, inline);
  });

  it('a Custom path with [] at two levels keeps every term as a tag; a path finding nothing is a warning; an unusable mapping is refused (issue #59)', async () => {
    const terms = ['nested-roses', 'nested-pruning', 'nested-winter'];
    const body = JSON.stringify({
      post: {
        id: 'nested-1',
        title: 'Pruning Roses in Winter',
        html: '<p>Cut above an outward bud.</p>',
        taxonomy: {
          groups: [
            { terms: [{ label: terms[0] }, { label: terms[1] }] },
            { terms: [] },
            { terms: [{ label: terms[2] }] },
          ],
        },
      },
    });
    const response = await postHook(site.url, `/api/service/v1/hooks/${NESTED_ID}`, body, {
      authorization: `Bearer ${NESTED_SECRET}`,
    });
    assert.equal(response.status, 200, response.text);
    const missing = 'fields.excerpt ("summary.text") found nothing in the payload';
    assert.ok(response.json.warnings.includes(missing), JSON.stringify(response.json.warnings));
    // The default playground's Article has no tag relation: tags and keywords land in its SEO keywords.
    const [post] = await readArticle(site.url, 'pruning-roses-in-winter');
    assert.ok(post, 'the article landed');
    const keywords = String(post.seo?.keywords ?? '');
    for (const term of terms) assert.ok(keywords.includes(term), `${term} is a tag: ${keywords}`);
    const [row] = (await ledger()).filter((entry) => entry.external_id === 'nested-1');
    assert.ok(row, 'the delivery is in the ledger');
    const recorded: string[] = typeof row.warnings === 'string' ? JSON.parse(row.warnings) : row.warnings;
    assert.ok(recorded.includes(missing), `Activity records it too: ${JSON.stringify(recorded)}`);

    // The admin API refuses a mapping that cannot work, naming the option and the reason.
    const token = await registerSuperAdmin(site.url);
    const refused = await request(`${site.url}/article-publisher/hook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: {
        name: 'Unusable mapping',
        preset: 'custom',
        options: {
          ...NESTED_OPTIONS,
          fields: { ...NESTED_OPTIONS.fields, title: 'titles[].text', topic: 'topic' },
        },
      },
    });
    assert.equal(refused.status, 400, refused.text);
    const errors = refused.json.error.details.errors as { path: string; message: string }[];
    const said = errors.map((error) => `${error.path} ${error.message}`);
    assert.ok(
      said.some((each) => each.startsWith('options.fields.title reads a list ("[]")')),
      String(said)
    );
    assert.ok(
      said.some((each) => each.startsWith('options.fields.topic is not an article field')),
      String(said)
    );
  });
});
