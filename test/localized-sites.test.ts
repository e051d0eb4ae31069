import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { type Entry, readEntries, SiteAdmin } from './helpers/real-sites';
import { publishPost } from './helpers/service';
import { deliverArticle } from './helpers/webhook';

/**
 * Issue #15: on a site localized with Strapi's i18n, articles (and their categories) land in the
 * language they are written in. The playground's World article is localized and has `en` (the
 * default) and `fr`; entries are read back through Strapi's REST API, one locale at a time.
 */
const KEY = 'apk_localized-sites-0123456789abcdef';
const SECRET = 'whsec-localized-sites-0123456789abcdef01';
const WORLD_ARTICLE = 'api::world-article.world-article';

describe('localized sites: an article lands in the locale it is written in', () => {
  let site: Playground;
  let admin: SiteAdmin;
  const publish = (body: unknown) => publishPost(site.url, KEY, body);
  /** A short article, published on arrival; `extra` adds the slug, locale, category... */
  const publishArticle = (title: string, text: string, extra: Record<string, unknown> = {}) =>
    publish({ title, content: `<p>${text}</p>`, status: 'publish', ...extra });
  const articles = (locale: string, filters: Record<string, string> = {}) =>
    readEntries(
      site.url,
      'world-articles',
      filters,
      { 'populate[categories]': 'true', 'populate[tags]': 'true' },
      'draft',
      locale
    );
  const categories = (locale: string) => readEntries(site.url, 'world-categories', {}, {}, 'draft', locale);
  const tags = (locale: string) => readEntries(site.url, 'world-tags', {}, {}, 'draft', locale);
  const names = (entries: Entry[]) => entries.map((entry) => entry.name).sort();
  const saveSettings = async (settings: Record<string, unknown>) => {
    const saved = await admin.call('PUT', '/article-publisher/settings', settings);
    assert.equal(saved.status, 200, saved.text);
    return saved.json;
  };

  before(async () => {
    site = await startPlayground({
      fixtureTypes: ['world-article'],
      env: { ARTICLE_PUBLISHER_API_KEY: KEY, ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET },
      pluginConfig: { targetContentType: WORLD_ARTICLE, siteUrl: 'https://world.example' },
    });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => site?.stop());

  it("ping reports the localized target's locales and the one articles are written in", async () => {
    const ping = await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
    assert.equal(ping.status, 200, ping.text);
    assert.deepEqual(ping.json.target.locales, ['en', 'fr']);
    assert.equal(ping.json.target.locale, 'en');
    assert.ok(!ping.json.target_problems.some((problem: string) => /locale/i.test(problem)), ping.text);
  });

  it("publishes en, then the same slug in fr as the same document's fr localization; republishing fr updates only fr", async () => {
    const english = await publishArticle('Watering in summer', 'Water early in the morning.', {
      slug: 'watering-in-summer',
      locale: 'en',
    });
    assert.equal(english.status, 201, english.text);
    assert.equal(english.json.locale, 'en');
    const [enBefore] = await articles('en', { slug: 'watering-in-summer' });

    const french = await publishArticle("L'arrosage en été", 'Arrosez tôt le matin.', {
      slug: 'watering-in-summer',
      locale: 'fr',
    });
    assert.equal(french.status, 201, `a new entry in fr: ${french.text}`);
    assert.equal(french.json.locale, 'fr');
    assert.equal(french.json.document_id, english.json.document_id, 'the same document');
    assert.notEqual(french.json.post_id, english.json.post_id, 'its own entry');

    const [fr] = await articles('fr', { slug: 'watering-in-summer' });
    assert.equal(fr.documentId, english.json.document_id);
    assert.equal(fr.locale, 'fr');
    assert.equal(fr.title, "L'arrosage en été");
    assert.match(fr.body, /Arrosez tôt le matin/);
    const [enAfter] = await articles('en', { slug: 'watering-in-summer' });
    assert.deepEqual(enAfter, enBefore, 'the English entry is untouched');

    const republished = await publishArticle("L'arrosage en été, revu", 'Arrosez tôt le matin, au pied.', {
      slug: 'watering-in-summer',
      locale: 'fr',
    });
    assert.equal(republished.status, 200, republished.text);
    assert.equal(republished.json.post_id, french.json.post_id);
    assert.equal((await articles('fr', { slug: 'watering-in-summer' }))[0].title, "L'arrosage en été, revu");
    assert.deepEqual((await articles('en', { slug: 'watering-in-summer' }))[0], enBefore);
    assert.equal((await articles('fr')).length, 1, 'one French entry');
  });

  it('publishes two locales of a new slug at once as one document with two localizations', async () => {
    const [en, fr] = await Promise.all([
      publishArticle('Mulching', 'Mulch in autumn.', { slug: 'mulching', locale: 'en' }),
      publishArticle('Le paillage', "Paillez à l'automne.", { slug: 'mulching', locale: 'fr' }),
    ]);
    assert.equal(en.status, 201, en.text);
    assert.equal(fr.status, 201, fr.text);
    assert.equal(
      en.json.document_id,
      fr.json.document_id,
      'the post lock is shared by the locales of a slug'
    );
    const [enEntry] = await articles('en', { slug: 'mulching' });
    const [frEntry] = await articles('fr', { slug: 'mulching' });
    assert.deepEqual([enEntry.title, frEntry.title], ['Mulching', 'Le paillage']);
  });

  it("dry runs in the requested locale, reading that locale's entry", async () => {
    const dryRun = async (slug: string) => {
      const response = await request(`${site.url}/api/service/v1/publish-post?dry_run=true`, {
        method: 'POST',
        headers: { 'X-Service-Key': KEY },
        body: { title: 'Dry', content: '<p>Dry.</p>', slug, locale: 'fr' },
      });
      assert.equal(response.status, 200, response.text);
      return [response.json.action, response.json.target.locale];
    };
    assert.deepEqual(await dryRun('watering-in-summer'), ['update', 'fr']);
    assert.deepEqual(await dryRun('not-written-yet'), ['create', 'fr']);
    assert.deepEqual(await articles('fr', { slug: 'not-written-yet' }), [], 'nothing was written');
  });

  it('creates a category (and a tag) named in a French article in fr, not in the default locale', async () => {
    const response = await publishArticle('Tailler les rosiers', 'En mars.', {
      category: 'Jardinage',
      focus_keyword: 'taille',
      locale: 'fr',
    });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(response.json.categories, ['Jardinage']);
    assert.deepEqual(names(await categories('fr')), ['Jardinage']);
    assert.deepEqual(names(await categories('en')), [], 'nothing in the default locale');
    const [article] = await articles('fr', { slug: 'tailler-les-rosiers' });
    assert.deepEqual(names(article.categories), ['Jardinage']);
    assert.deepEqual(names(article.tags), ['taille']);
    assert.deepEqual(names(await tags('fr')), ['taille']);
    assert.deepEqual(names(await tags('en')), []);
    assert.deepEqual(await articles('en', { slug: 'tailler-les-rosiers' }), []);

    const english = await publishArticle('Pruning roses', 'In March.', {
      category: 'Gardening',
      focus_keyword: 'pruning',
    });
    assert.equal(english.status, 201, english.text);
    assert.deepEqual(names(await categories('en')), ['Gardening'], 'no locale: the default one');
    assert.deepEqual(names(await categories('fr')), ['Jardinage']);
    assert.deepEqual(names(await tags('en')), ['pruning']);
    assert.deepEqual(names(await tags('fr')), ['taille']);
  });

  it("refuses a locale the site does not have with a 400 naming locale and the site's locales; nothing is written", async () => {
    const before = [(await articles('en')).length, (await articles('fr')).length];
    const response = await publish({
      title: 'Unknown language',
      content: '<p>Text.</p>',
      category: 'Nowhere',
      locale: 'xx',
    });
    assert.equal(response.status, 400, response.text);
    assert.equal(response.json.code, 'bad_request');
    assert.match(response.json.message, /locale "xx" is not one of the site's locales \(en, fr\)/);
    assert.deepEqual([(await articles('en')).length, (await articles('fr')).length], before);
    assert.ok(!names([...(await categories('en')), ...(await categories('fr'))]).includes('Nowhere'));

    const malformed = await publish({ title: 'Bad code', content: '<p>Text.</p>', locale: 'not a locale' });
    assert.equal(malformed.status, 400, malformed.text);
    assert.match(malformed.json.message, /locale must be a locale code/);
  });

  it('saves the locale setting in the admin (a known one only), and a webhook delivery then lands in French', async () => {
    const page = (await admin.call('GET', '/article-publisher/settings')).json;
    assert.deepEqual(
      page.locales.map((locale: { code: string; isDefault: boolean }) => [locale.code, locale.isDefault]),
      [
        ['en', true],
        ['fr', false],
      ]
    );
    assert.equal(page.settings.locale, '', "the site's default locale");

    const unknown = await admin.call('PUT', '/article-publisher/settings', {
      targetContentType: WORLD_ARTICLE,
      locale: 'de',
    });
    assert.equal(unknown.status, 400, unknown.text);
    assert.deepEqual(
      unknown.json.error.details.errors.map((error: { path: string }) => error.path),
      ['locale']
    );

    const saved = await saveSettings({ targetContentType: WORLD_ARTICLE, locale: 'fr' });
    assert.equal(saved.settings.locale, 'fr');
    const ping = await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
    assert.equal(ping.json.target.locale, 'fr');

    const delivered = await deliverArticle(site.url, SECRET, {
      articleId: 4101,
      title: 'Semer les tomates',
      slug: 'semer-les-tomates',
      html: '<p>En avril, sous abri.</p>',
    });
    assert.equal(delivered.status, 200, delivered.text);
    assert.equal(delivered.json.locale, 'fr');
    const [fr] = await articles('fr', { slug: 'semer-les-tomates' });
    assert.equal(fr.title, 'Semer les tomates');
    assert.deepEqual(await articles('en', { slug: 'semer-les-tomates' }), [], 'nothing in English');

    const activity = await admin.call('GET', '/article-publisher/activity');
    assert.equal(activity.status, 200, activity.text);
    const rows = activity.json.results as { slug: string; source: string; targetLocale: string | null }[];
    assert.deepEqual(
      rows.filter((row) => row.slug === 'semer-les-tomates').map((row) => [row.source, row.targetLocale]),
      [['webhook', 'fr']]
    );
    assert.deepEqual(
      rows.filter((row) => row.slug === 'watering-in-summer').map((row) => row.targetLocale),
      ['fr', 'fr', 'en'],
      'each delivery shows its locale, newest first'
    );
    await saveSettings({ targetContentType: WORLD_ARTICLE });
  });

  it('publishes into a target that is not localized, ignoring locale with a warning', async () => {
    await admin.useTarget('api::article.article');
    const response = await publishArticle('Not localized', 'Text.', { locale: 'fr' });
    assert.equal(response.status, 201, response.text);
    assert.equal(response.json.locale, undefined);
    assert.ok(
      response.json.warnings.includes(
        'locale "fr" was ignored: the target content type is not localized (to keep each language apart, enable i18n localization on the type).'
      ),
      response.text
    );
    const ping = await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
    assert.equal(ping.json.target.locales, undefined);
    const [row] = (await admin.call('GET', '/article-publisher/activity')).json.results;
    assert.equal(row.slug, 'not-localized');
    assert.equal(row.targetLocale, null);
    await admin.useTarget(WORLD_ARTICLE);
  });
});
