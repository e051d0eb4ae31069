import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { leftOutPartOf, type LeftOutPart } from '../core/src/target-profile/left-out-parts';
import { fixtureWebhookPayload } from './helpers/fixtures';
import { request } from './helpers/http';
import { ImageServer } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import { type Entry, readEntries, realisticArticle, SiteAdmin, startRealSite } from './helpers/real-sites';
import { publishPost } from './helpers/service';
import { deliver } from './helpers/webhook';

/**
 * Issue #47: parts of an article never vanish without a word. A type with two single image fields
 * and a `themes` relation takes the featured image and the categories by their shape (and says which
 * field it chose); a type that holds a title and a body names every other part in a warning, in the
 * answer and in the activity API, on every door.
 */
const KEY = 'apk_real-part5-0123456789abcdef';
const SECRET = 'whsec_real-part5-0123456789abcdef';
const WP_LOGIN = 'robot@example.com';
const WP_PASSWORD = 'Abcd Efgh Ijkl Mnop Qrst Uvwx';
const COVER_CHOICE =
  'Featured image -> rectangularImage (first of 2 image fields: rectangularImage, squareImage); set fields.cover to choose another.';
const THEMES_CHOICE =
  'Categories -> themes (relation to api::theme.theme, whose entries are named by "title"); set fields.categories to choose another.';
const POPULATE = {
  'populate[rectangularImage]': 'true',
  'populate[squareImage]': 'true',
  'populate[themes]': 'true',
};

/** The part each warning of a delivery names ("Featured image was not saved: ..."), in order. */
const partsNamed = (warnings: string[]) =>
  warnings.map(leftOutPartOf).filter((part): part is LeftOutPart => part !== undefined);

describe('real sites, part 5: every part of an article lands or is named (#47)', () => {
  let site: Playground;
  let admin: SiteAdmin;
  const images = new ImageServer();
  /** The webhook's realistic delivery, its images on the local image server, published on arrival. */
  const webhookPayload = (changes: Record<string, unknown>) =>
    JSON.stringify({ ...fixtureWebhookPayload, target_status: 'publish', ...changes }).replaceAll(
      'https://images.example.test/',
      `${images.url}/`
    );
  const ping = () => request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });

  before(async () => {
    site = await startRealSite(images, KEY, {
      fixtureTypes: ['mosaic-article', 'bare-memo'],
      env: {
        ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET,
        ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${WP_LOGIN}:${WP_PASSWORD}`,
      },
      pluginConfig: { targetContentType: 'api::mosaic-article.mosaic-article' },
    });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it('ping, the admin check and the dry run show the featured image and categories chosen by shape', async () => {
    await admin.useTarget('api::mosaic-article.mosaic-article');
    const pinged = await ping();
    assert.equal(pinged.status, 200, pinged.text);
    assert.equal(pinged.json.target.mapping.cover, 'rectangularImage');
    assert.equal(pinged.json.target.mapping.categories, 'themes');
    assert.deepEqual(pinged.json.target.choices, [COVER_CHOICE, THEMES_CHOICE]);
    assert.ok(pinged.json.target_problems.includes(COVER_CHOICE), pinged.text);

    const check = await admin.call('POST', '/article-publisher/settings/check', {
      targetContentType: 'api::mosaic-article.mosaic-article',
    });
    assert.equal(check.status, 200, check.text);
    assert.deepEqual(check.json.choices, [COVER_CHOICE, THEMES_CHOICE]);

    const dry = await request(`${site.url}/api/service/v1/publish-post?dry_run=true`, {
      method: 'POST',
      headers: { 'X-Service-Key': KEY },
      body: realisticArticle(images),
    });
    assert.equal(dry.status, 200, dry.text);
    assert.deepEqual(dry.json.target.choices, [COVER_CHOICE, THEMES_CHOICE]);
    assert.deepEqual(dry.json.categories, ['Gardening', 'Watering']);
    assert.ok(dry.json.images.featured_image);
    assert.ok(dry.json.warnings.includes(`Featured image: ${COVER_CHOICE}`), dry.text);
  });

  it('the contract and the webhook put the featured image in the first image field and the categories in themes', async () => {
    await admin.useTarget('api::mosaic-article.mosaic-article');
    const published = await publishPost(site.url, KEY, realisticArticle(images));
    assert.equal(published.status, 201, published.text);
    assert.deepEqual(published.json.categories, ['Gardening', 'Watering']);
    assert.ok(published.json.warnings.includes(`Featured image: ${COVER_CHOICE}`), published.text);

    const payload = webhookPayload({ slug: 'hose-by-webhook' });
    const delivered = await deliver(site.url, payload, SECRET);
    assert.ok(delivered.status < 300, delivered.text);

    for (const slug of ['how-to-choose-a-garden-hose', 'hose-by-webhook']) {
      const [entry] = await readEntries(site.url, 'mosaic-articles', { slug }, POPULATE);
      assert.ok(entry, slug);
      assert.ok(entry.rectangularImage?.url, `${slug}: the featured image is in rectangularImage`);
      assert.equal(entry.squareImage, null);
      assert.deepEqual(entry.themes.map((theme: Entry) => theme.title).sort(), ['Gardening', 'Watering']);
      assert.ok(
        entry.themes.every((theme: Entry) => theme.slug),
        'the required slug of a new theme is filled'
      );
    }
    const themes = await readEntries(site.url, 'themes', {});
    assert.equal(themes.length, 2, 'the webhook linked the themes the contract created');
  });

  it('an explicit fields mapping wins over the choice', async () => {
    const saved = await admin.call('PUT', '/article-publisher/settings', {
      targetContentType: 'api::mosaic-article.mosaic-article',
      fields: { cover: 'squareImage' },
    });
    assert.equal(saved.status, 200, saved.text);
    const pinged = await ping();
    assert.equal(pinged.json.target.mapping.cover, 'squareImage');
    assert.deepEqual(pinged.json.target.choices, [THEMES_CHOICE]);
    const published = await publishPost(site.url, KEY, realisticArticle(images, { slug: 'square-hose' }));
    assert.equal(published.status, 201, published.text);
    const [entry] = await readEntries(site.url, 'mosaic-articles', { slug: 'square-hose' }, POPULATE);
    assert.ok(entry.squareImage?.url);
    assert.equal(entry.rectangularImage, null);
  });

  it('a type with a title and a body names every other part, in the answer and the activity API (contract)', async () => {
    await admin.useTarget('api::bare-memo.bare-memo');
    const published = await publishPost(
      site.url,
      KEY,
      realisticArticle(images, { slug: 'bare-hose', date: '2026-01-10T08:00:00+01:00' })
    );
    assert.equal(published.status, 201, published.text);
    const expected = [
      'Featured image',
      'Categories',
      'Tags and keywords',
      'Meta description',
      'JSON-LD',
      'Date',
    ];
    assert.deepEqual(partsNamed(published.json.warnings), expected, published.text);
    for (const warning of published.json.warnings.filter((w: string) => partsNamed([w]).length))
      assert.match(warning, /to keep (it|them) next time, .*fields\.\w+/);
    const activity = await admin.call('GET', '/article-publisher/activity');
    const row = activity.json.results.find((result: Entry) => result.slug === 'bare-hose');
    assert.ok(row, activity.text);
    assert.deepEqual(partsNamed(row.warnings), expected);
  });

  it('the webhook and the WordPress door name what they lose the same way', async () => {
    await admin.useTarget('api::bare-memo.bare-memo');
    const delivered = await deliver(site.url, webhookPayload({ slug: 'bare-webhook' }), SECRET);
    assert.ok(delivered.status < 300, delivered.text);

    const wordpress = await request(`${site.url}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${WP_LOGIN}:${WP_PASSWORD}`).toString('base64')}` },
      body: {
        title: 'Bare by WordPress',
        slug: 'bare-wordpress',
        content: '<p>Written in a WordPress client.</p>',
        excerpt: 'The excerpt a WordPress client sends.',
        status: 'publish',
      },
    });
    assert.equal(wordpress.status, 201, wordpress.text);

    const { results } = (await admin.call('GET', '/article-publisher/activity')).json;
    const webhookRow = results.find((result: Entry) => result.slug === 'bare-webhook');
    assert.deepEqual(partsNamed(webhookRow.warnings), [
      'Featured image',
      'Categories',
      'Tags and keywords',
      'Meta description',
      'JSON-LD',
    ]);
    const wordpressRow = results.find((result: Entry) => result.slug === 'bare-wordpress');
    assert.deepEqual(partsNamed(wordpressRow.warnings), ['Summary'], JSON.stringify(wordpressRow));
  });
});
