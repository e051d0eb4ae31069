import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fixtureWebhookPayload } from './helpers/fixtures';
import { request, type HttpResponse } from './helpers/http';
import { ImageServer } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import {
  type Entry,
  readEntries,
  REALISTIC,
  realisticArticle,
  SiteAdmin,
  startRealSite,
} from './helpers/real-sites';
import { publishPost } from './helpers/service';
import { deliver } from './helpers/webhook';

/**
 * Issue #47, the long tail: a second round of unseen public types, each class as a fixture type of
 * our own (playground/fixture-types): a required tagline, category relations named
 * `sub_categoria_resenha` and `music_genre`, a zone of marketing components, a required gallery, a
 * German type with a required category enumeration. Each takes the whole article or refuses it up
 * front (422 `target_unfillable`, nothing written) naming every field that blocks it, and only those.
 */
const KEY = 'apk_real-part6-0123456789abcdef';
const SECRET = 'whsec_real-part6-0123456789abcdef';
const WP_LOGIN = 'robot@example.com';
const WP_PASSWORD = 'Abcd Efgh Ijkl Mnop Qrst Uvwx';
const { metaDescription: META_DESCRIPTION } = REALISTIC;
/** An article with no image at all, published. */
const WORDS_ONLY = {
  title: 'Hose care in winter',
  slug: 'hose-care-in-winter',
  content: '<h2>Drain it</h2><p>Drain the hose before the first frost and keep it indoors.</p>',
  meta_description: 'Drain the hose before the first frost and keep it indoors until spring.',
  category: 'Gardening',
  status: 'publish',
};

describe('real sites, part 5, the long tail, whole or refused up front naming every blocking field (#47)', () => {
  let site: Playground;
  let admin: SiteAdmin;
  const images = new ImageServer();
  const publish = (body: unknown) => publishPost(site.url, KEY, body);
  const dryRun = (body: unknown) =>
    request(`${site.url}/api/service/v1/publish-post?dry_run=true`, {
      method: 'POST',
      headers: { 'X-Service-Key': KEY },
      body,
    });
  const ping = () => request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
  const webhookPayload = (changes: Record<string, unknown>) =>
    JSON.stringify({ ...fixtureWebhookPayload, target_status: 'publish', ...changes }).replaceAll(
      'https://images.example.test/',
      `${images.url}/`
    );
  const wordpressPost = (body: Record<string, unknown>) =>
    request(`${site.url}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${WP_LOGIN}:${WP_PASSWORD}`).toString('base64')}` },
      body,
    });
  /** Every entry of a collection, drafts included (a refusal writes none). */
  const everyEntry = async (collection: string) => [
    ...(await readEntries(site.url, collection, {}, {}, 'draft')),
    ...(await readEntries(site.url, collection, {}, {}, 'published')),
  ];
  const assertRefused = (response: HttpResponse, fields: string[]) => {
    assert.equal(response.status, 422, response.text);
    assert.equal(response.json.code, 'target_unfillable', response.text);
    const problems: string[] = response.json.data.target_problems;
    assert.equal(problems.length, fields.length, response.text);
    fields.forEach((field, index) => assert.match(problems[index], new RegExp(`"${field}"`), response.text));
  };

  before(async () => {
    site = await startRealSite(images, KEY, {
      fixtureTypes: [
        'pitch-story',
        'resenha',
        'record-review',
        'landing-story',
        'promo-page',
        'trip-report',
        'bericht',
      ],
      env: {
        ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET,
        ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${WP_LOGIN}:${WP_PASSWORD}`,
      },
      pluginConfig: { targetContentType: 'api::pitch-story.pitch-story' },
    });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it('a required tagline and Unterzeile get the meta description or the excerpt, whichever fits (contract, WordPress)', async () => {
    await admin.useTarget('api::pitch-story.pitch-story');
    const pinged = await ping();
    assert.equal(pinged.status, 200, pinged.text);
    assert.ok(
      pinged.json.target_problems.some((problem: string) =>
        problem.startsWith('required field "tagline" (a short text no part of an article is named for)')
      ),
      pinged.text
    );
    const published = await publish(realisticArticle(images));
    assert.equal(published.status, 201, published.text);
    const [entry] = await readEntries(site.url, 'pitch-stories', { slug: REALISTIC.slug });
    // 60 characters hold no whole text of the article: the meta description, cut at a word.
    assert.ok(entry.tagline.length <= 60 && entry.tagline.length > 40, entry.tagline);
    assert.ok(META_DESCRIPTION.startsWith(entry.tagline), entry.tagline);
    assert.equal(entry.Unterzeile, META_DESCRIPTION);

    const excerpt = 'Keep your hose for ten summers.';
    const wordpress = await wordpressPost({
      title: 'Hose care by WordPress',
      slug: 'hose-care-wordpress',
      content: '<p>Written in a WordPress client, with a long first paragraph about hoses and reels.</p>',
      excerpt,
      status: 'publish',
    });
    assert.equal(wordpress.status, 201, wordpress.text);
    const [fromWordPress] = await readEntries(site.url, 'pitch-stories', { slug: 'hose-care-wordpress' });
    assert.equal(fromWordPress.tagline, excerpt);
  });

  it('category relations named sub_categoria_resenha and music_genre take the categories (contract, webhook)', async () => {
    await admin.useTarget('api::resenha.resenha');
    assert.equal((await ping()).json.target.mapping.categories, 'sub_categoria_resenha');
    const published = await publish(realisticArticle(images));
    assert.equal(published.status, 201, published.text);
    assert.deepEqual(published.json.categories, ['Watering']);
    const [resenha] = await readEntries(
      site.url,
      'resenhas',
      { slug: REALISTIC.slug },
      { 'populate[sub_categoria_resenha][populate][pai]': 'true', 'populate[capa]': 'true' }
    );
    assert.equal(resenha.sub_categoria_resenha.nome_subcategoria, 'Watering');
    assert.equal(resenha.sub_categoria_resenha.slug, 'watering');
    assert.equal(resenha.sub_categoria_resenha.pai.nome_subcategoria, 'Gardening');
    assert.ok(resenha.capa?.url);

    await admin.useTarget('api::record-review.record-review');
    assert.equal((await ping()).json.target.mapping.categories, 'music_genre');
    const delivered = await deliver(site.url, webhookPayload({ slug: 'hose-review' }), SECRET);
    assert.ok(delivered.status < 300, delivered.text);
    const [review] = await readEntries(
      site.url,
      'record-reviews',
      { slug: 'hose-review' },
      { 'populate[music_genre]': 'true' }
    );
    assert.deepEqual(review.music_genre.map((genre: Entry) => genre.genre_name).sort(), [
      'Gardening',
      'Watering',
    ]);
  });

  it('a zone with marketing components: the text goes to the article paragraph, never to a hero, a job offer or a call to action', async () => {
    await admin.useTarget('api::landing-story.landing-story');
    const published = await publish(realisticArticle(images));
    assert.equal(published.status, 201, published.text);
    const [entry] = await readEntries(
      site.url,
      'landing-stories',
      { slug: REALISTIC.slug },
      { 'populate[sections][populate]': '*' }
    );
    const kinds: string[] = entry.sections.map((section: Entry) => section.__component);
    assert.deepEqual([...new Set(kinds)].sort(), ['story.figure', 'story.paragraph'], kinds.join(', '));
    assert.equal(kinds.filter((kind) => kind === 'story.figure').length, 3);
    assert.match(entry.sections[0].text, /^## Why the right garden hose matters/);

    // A zone of marketing components only cannot take an article: refused up front, each one named.
    await admin.useTarget('api::promo-page.promo-page');
    const check = await admin.call('POST', '/article-publisher/settings/check', {
      targetContentType: 'api::promo-page.promo-page',
    });
    assert.equal(check.status, 200, check.text);
    assert.equal(check.json.fatal.length, 1, check.text);
    for (const uid of ['marketing.hiring', 'marketing.call-to-action'])
      assert.ok(check.json.fatal[0].includes(`"${uid}" is not used for the article text`), check.text);
    const refused = await publish(realisticArticle(images, { slug: 'hose-promo' }));
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.json.code, 'target_unfillable');
    assert.match(
      refused.json.message,
      /"marketing\.hiring" is not used for the article text: it is named like a part of a page \(hiring\)/
    );
    assert.deepEqual(await everyEntry('promo-pages'), []);
  });

  it("a required gallery gets the article's images; an article without any is refused up front, a draft of it saved", async () => {
    await admin.useTarget('api::trip-report.trip-report');
    const published = await publish(realisticArticle(images));
    assert.equal(published.status, 201, published.text);
    const [entry] = await readEntries(
      site.url,
      'trip-reports',
      { slug: REALISTIC.slug },
      { 'populate[gallery]': 'true', 'populate[cover]': 'true' }
    );
    assert.equal(entry.gallery.length, 4, 'the featured image and the three inline images');
    assert.equal(entry.gallery[0].id, entry.cover.id, 'the featured image first');

    const dry = await dryRun(WORDS_ONLY);
    assertRefused(dry, ['gallery']);
    const refused = await publish(WORDS_ONLY);
    assertRefused(refused, ['gallery']);
    assert.match(refused.json.message, /this article has none/);
    assert.equal(
      (await everyEntry('trip-reports')).some((row) => row.slug === WORDS_ONLY.slug),
      false
    );

    const draft = await publish({ ...WORDS_ONLY, status: 'draft' });
    assert.equal(draft.status, 201, draft.text);
  });

  it('a German Bericht: the body in Beitragstext, a required Kategorie it does not allow refuses the article naming only that field', async () => {
    await admin.useTarget('api::bericht.bericht');
    const pinged = await ping();
    assert.equal(pinged.json.target.body_field, 'Beitragstext');
    assert.ok(
      pinged.json.target_problems.some((problem: string) =>
        problem.startsWith(
          'required field "Kategorie" takes the article\'s category only when it is one of its values'
        )
      ),
      pinged.text
    );
    const check = await admin.call('POST', '/article-publisher/settings/check', {
      targetContentType: 'api::bericht.bericht',
    });
    assert.deepEqual(check.json.fatal, [], check.text);

    const refused = await publish(realisticArticle(images));
    assertRefused(refused, ['Kategorie']);
    assert.doesNotMatch(refused.json.message, /body/);
    assert.equal(refused.json.data.suggested_defaults, 'defaults: { Kategorie: "Aktuelles" }');
    assert.match(refused.json.message, /config\/plugins\): defaults: \{ Kategorie: "Aktuelles" \}\.$/);
    const byWebhook = await deliver(site.url, webhookPayload({ slug: 'bericht-webhook' }), SECRET);
    assert.equal(byWebhook.status, 422, byWebhook.text);
    assert.deepEqual(await everyEntry('berichte'), []);

    const fits = await publish(realisticArticle(images, { category: 'Ratgeber', sub_category: undefined }));
    assert.equal(fits.status, 201, fits.text);
    const [entry] = await readEntries(site.url, 'berichte', { slug: REALISTIC.slug });
    assert.equal(entry.Kategorie, 'Ratgeber');
    // Its schema's default is null, which Strapi's validation refuses: it gets its first value instead.
    assert.equal(entry.Zielgruppe, 'Alle');
    assert.match(entry.Beitragstext, /^<h2>Why the right garden hose matters<\/h2>/);

    const refusals = await admin.call('GET', '/article-publisher/activity/refusals?code=target_unfillable');
    assert.ok(
      refusals.json.results.some((row: Entry) => row.message.includes('required field "Kategorie"')),
      refusals.text
    );
  });
});
