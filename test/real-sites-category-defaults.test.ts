import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { request } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import { readEntries, startRealSite } from './helpers/real-sites';
import { publishPost } from './helpers/service';

/**
 * Issue #61: defaults for new categories. A category type that requires an image (`bild`) makes
 * every new category fail unless the owner gives one: the `categoryDefaults` setting names a Media
 * Library file for it. A fresh site's first file has id 1, so the config names that one.
 */
const KEY = 'apk_real-categories-0123456789abcdef';

describe('real sites, part 6: defaults for new categories (#61)', () => {
  let site: Playground;
  const images = new ImageServer();
  const ping = () => request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });

  before(async () => {
    site = await startRealSite(images, KEY, {
      fixtureTypes: ['rubrik', 'beitrag'],
      pluginConfig: { targetContentType: 'api::beitrag.beitrag', categoryDefaults: { bild: 1 } },
    });
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it('a category type requiring an image: each new category gets the categoryDefaults file', async () => {
    const pinged = await ping();
    assert.equal(pinged.status, 200, pinged.text);
    assert.equal(pinged.json.target.mapping.categories, 'rubriken');
    assert.ok(
      !pinged.json.target_problems.some((problem: string) => /requires "bild"/.test(problem)),
      pinged.text
    );

    // The owner's image, uploaded in the Media Library before any article.
    const owner = await registerSuperAdmin(site.url);
    const form = new FormData();
    form.append('files', new Blob([await makeImage('png', 80, 60, 3)], { type: 'image/png' }), 'rubrik.png');
    form.append('fileInfo', JSON.stringify({ name: 'rubrik.png' }));
    const uploaded = await fetch(`${site.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    });
    const text = await uploaded.text();
    assert.ok(uploaded.status === 200 || uploaded.status === 201, text);
    const [file] = JSON.parse(text) as { id: number }[];
    assert.equal(file.id, 1, "a fresh site's first file");

    const published = await publishPost(site.url, KEY, {
      title: 'Den Garten im Herbst vorbereiten',
      content: '<p>Laub sammeln, Beete mulchen.</p>',
      status: 'publish',
      category: 'Garten',
      sub_category: 'Herbst',
    });
    assert.equal(published.status, 201, published.text);
    assert.deepEqual(published.json.categories, ['Garten', 'Herbst']);
    const rubriken = await readEntries(site.url, 'rubriken', {}, { 'populate[bild]': 'true' });
    assert.deepEqual(rubriken.map(({ name }) => name).sort(), ['Garten', 'Herbst']);
    for (const rubrik of rubriken) assert.equal(rubrik.bild?.id, 1, JSON.stringify(rubrik));
    const [beitrag] = await readEntries(site.url, 'beitraege', {}, { 'populate[rubriken]': 'true' });
    assert.equal(beitrag.rubriken.length, 2, JSON.stringify(beitrag));
  });
});
