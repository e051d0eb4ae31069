import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from './helpers/http';
import { ImageServer } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import { readEntries, realisticArticle, SiteAdmin, startRealSite, type Entry } from './helpers/real-sites';
import { publishPost } from './helpers/service';

/**
 * Issue #61, its last three lines, on types written here: a body found by its type is a choice ping
 * and the target check show with its candidates; a new category's required enumeration takes only a
 * value that fits every category (else the category is not created, and the warning names the field
 * and the categoryDefaults line); an author relation is linked to the entry the authorEntry setting
 * names (id 1: the first author a fresh site gets).
 */
const KEY = 'apk_real-choices-entries-0123456789ab';
const BODY_CHOICE = 'Body -> spalte (the only blocks field); set fields.content to choose another.';

describe('real sites, part 6: every choice, enumerations of new categories, a configured author (#61)', () => {
  let site: Playground;
  let admin: SiteAdmin;
  const images = new ImageServer();
  const ping = () => request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });

  before(async () => {
    site = await startRealSite(images, KEY, {
      fixtureTypes: ['zeitungsartikel', 'vereinsnachricht', 'ressort', 'sparte', 'redakteur'],
      pluginConfig: { targetContentType: 'api::zeitungsartikel.zeitungsartikel', authorEntry: 1 },
    });
    admin = await SiteAdmin.register(site.url);
    const author = await admin.call('POST', '/content-manager/collection-types/api::redakteur.redakteur', {
      name: 'Erika Mustermann',
    });
    assert.ok(author.status === 200 || author.status === 201, author.text);
    assert.equal(author.json.data.id, 1, "a fresh site's first author");
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it('ping and the target check show the body chosen by its type, its candidates and the enumeration no category fits', async () => {
    await admin.useTarget('api::zeitungsartikel.zeitungsartikel');
    const pinged = await ping();
    assert.equal(pinged.status, 200, pinged.text);
    assert.equal(pinged.json.target.body_field, 'spalte');
    assert.ok(pinged.json.target.choices.includes(BODY_CHOICE), pinged.text);
    assert.deepEqual(pinged.json.target.candidates.content, ['spalte']);
    assert.ok(
      pinged.json.target_problems.includes(
        'To create new categories, add to the plugin\'s config (config/plugins): categoryDefaults: { farbe: "rot" }.'
      ),
      pinged.text
    );

    const check = await admin.call('POST', '/article-publisher/settings/check', {
      targetContentType: 'api::zeitungsartikel.zeitungsartikel',
    });
    assert.equal(check.status, 200, check.text);
    assert.deepEqual(check.json.choices, pinged.json.target.choices);
    assert.deepEqual(check.json.candidates, pinged.json.target.candidates);
    assert.equal(check.json.roles.content.source, 'shape');
  });

  it('a category whose required enumeration no value fits is not created, said with its fix; the author is the configured entry', async () => {
    await admin.useTarget('api::zeitungsartikel.zeitungsartikel');
    const published = await publishPost(
      site.url,
      KEY,
      realisticArticle(images, { slug: 'zeitung-schlauch' })
    );
    assert.equal(published.status, 201, published.text);
    assert.deepEqual(published.json.categories, []);
    assert.ok(
      published.json.warnings.some(
        (warning: string) =>
          /"farbe" \(one of "rot", "gruen"/.test(warning) &&
          warning.includes('categoryDefaults: { farbe: "rot" }')
      ),
      published.text
    );
    assert.deepEqual(await readEntries(site.url, 'ressorts', {}), []);
    const [entry] = await readEntries(
      site.url,
      'zeitungsartikels',
      { slug: 'zeitung-schlauch' },
      { 'populate[autor]': 'true' }
    );
    assert.ok(Array.isArray(entry.spalte) && entry.spalte.length > 0, 'the body is in the blocks field');
    assert.equal(entry.autor?.name, 'Erika Mustermann');
  });

  it('a category whose required enumeration has one neutral value is created with it', async () => {
    await admin.useTarget('api::vereinsnachricht.vereinsnachricht');
    const published = await publishPost(site.url, KEY, realisticArticle(images, { slug: 'verein-schlauch' }));
    assert.equal(published.status, 201, published.text);
    assert.ok(published.json.categories.length > 0, published.text);
    const sparten: Entry[] = await readEntries(site.url, 'sparten', {});
    assert.deepEqual(sparten.map(({ name }) => name).sort(), [...published.json.categories].sort());
    for (const sparte of sparten) assert.equal(sparte.sichtbarkeit, 'Alle', JSON.stringify(sparte));
    const [entry] = await readEntries(
      site.url,
      'vereinsnachrichten',
      { slug: 'verein-schlauch' },
      { 'populate[autor]': 'true' }
    );
    assert.equal(entry.autor?.name, 'Erika Mustermann');
  });
});
