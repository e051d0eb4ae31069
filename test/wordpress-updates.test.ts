/**
 * The WordPress door's updates and creates as WordPress makes them (issue #45, points 2, 3 and 5): an
 * update changes only what it carries, on every body format; an id names one post whatever its slug;
 * a create never overwrites another post; `pending` reads back as sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { registerSuperAdmin } from './helpers/admin';
import { request, type HttpResponse } from './helpers/http';
import { startPlayground, type Playground, type PlaygroundOptions } from './helpers/playground';

const LOGIN = 'editor';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const basic = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;

const CONTENT =
  '<h2>Why water early</h2><p>Less evaporation, and the grass dries before night.</p>' +
  '<p>A <strong>deep</strong> soak once a week beats a daily sprinkle.</p>';
const META = {
  _yoast_wpseo_title: 'Watering early | Garden notes',
  _yoast_wpseo_metadesc:
    'Why a lawn watered before nine in the morning needs less water and stays healthier.',
};

function ok(response: HttpResponse, status = 200) {
  assert.equal(response.status, status, response.text);
  return response.json;
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 50 } } })
    .png()
    .toBuffer();
}

/**
 * A suite's playground (started before its tests with the door's application password, an admin
 * registered), the door, and Strapi's own admin API to read what landed and to make entries by hand.
 */
function wordpressSite(options: PlaygroundOptions) {
  let site: Playground;
  let adminToken = '';
  before(async () => {
    site = await startPlayground({
      ...options,
      env: { ...options.env, ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}` },
    });
    adminToken = await registerSuperAdmin(site.url);
  });
  after(() => site?.stop());
  return clients(
    () => site,
    () => adminToken
  );
}

function clients(site: () => Playground, adminToken: () => string) {
  const wp = (path: string, options: Parameters<typeof request>[1] = {}) =>
    request(`${site().url}/wp-json/wp/v2${path}`, {
      ...options,
      headers: { authorization: basic, ...options.headers },
    });
  const admin = (path: string, options: Parameters<typeof request>[1] = {}) =>
    request(`${site().url}/content-manager${path}`, {
      ...options,
      headers: { authorization: `Bearer ${adminToken()}`, ...options.headers },
    });
  /** Every entry of a type (drafts), as the Content Manager lists them. */
  async function entries(uid: string): Promise<Record<string, unknown>[]> {
    const list = ok(await admin(`/collection-types/${uid}?page=1&pageSize=100`));
    return list.results as Record<string, unknown>[];
  }
  /** One document's draft, populated, as the Content Manager reads it. */
  async function entry(uid: string, documentId: string): Promise<Record<string, unknown>> {
    return ok(await admin(`/collection-types/${uid}/${documentId}?status=draft`)).data;
  }
  async function upload(): Promise<number> {
    const media = await wp('/media', {
      method: 'POST',
      headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="lawn.png"' },
      body: await png(),
    });
    return ok(media, 201).id as number;
  }
  return { wp, admin, entries, entry, upload };
}

describe('WordPress updates on the default playground (Markdown body, no tag relation)', () => {
  const UID = 'api::article.article';
  const { wp, admin, entries, entry, upload } = wordpressSite({ articleBodyFormat: 'auto' });

  it('an update carrying one field changes that field only: the body stays byte-identical', async () => {
    const created = ok(
      await wp('/posts', {
        method: 'POST',
        body: { title: 'Watering early', content: CONTENT, status: 'draft', meta: META },
      }),
      201
    );
    const stored = await entry(UID, (await documentOf(created.id)) as string);
    const body = stored.content as string;
    assert.match(body, /## Why water early/);
    const seo = stored.seo as Record<string, unknown>;
    assert.equal(seo.metaTitle, META._yoast_wpseo_title);

    const mediaId = await upload();
    const category = ok(await wp('/categories', { method: 'POST', body: { name: 'Lawns' } }), 201).id;
    const steps: Record<string, unknown>[] = [
      { featured_media: mediaId },
      { categories: [category] },
      { title: 'Watering early in summer' },
      { status: 'publish' },
    ];
    for (const step of steps) {
      const updated = ok(await wp(`/posts/${created.id}`, { method: 'POST', body: step }));
      assert.equal(updated.id, created.id);
      const now = await entry(UID, stored.documentId as string);
      assert.equal(now.content, body, `the body after ${JSON.stringify(step)}`);
      const nowSeo = now.seo as Record<string, unknown>;
      // No `meta` sent: the SEO title and description stay as they were (not rebuilt from the new title).
      assert.equal(nowSeo.metaTitle, META._yoast_wpseo_title, JSON.stringify(step));
      assert.equal(nowSeo.metaDescription, META._yoast_wpseo_metadesc, JSON.stringify(step));
    }
    const final = await entry(UID, stored.documentId as string);
    assert.equal(final.title, 'Watering early in summer');
    assert.equal((final.cover as { id: number }).id, mediaId);
    assert.equal(((final.categories as { count: number }) ?? { count: 0 }).count ?? 1, 1);
    assert.equal(final.slug, stored.slug, 'the slug is not changed by an update');

    const read = ok(await wp(`/posts/${created.id}?context=edit`));
    assert.equal(read.status, 'publish');
    assert.deepEqual(read.meta, META, 'the kept meta is echoed');
    assert.equal(read.featured_media, mediaId);
    assert.deepEqual(read.categories, [category]);
    assert.equal((await entries(UID)).filter((e) => e.title === 'Watering early in summer').length, 1);
  });

  /** The documentId of a post id (the draft row's id), through the door's own answer and the admin list. */
  async function documentOf(postId: number): Promise<string | undefined> {
    const list = await entries(UID);
    return list.find((row) => row.id === postId)?.documentId as string | undefined;
  }

  it('an update by id writes that entry, whatever its slug spells', async () => {
    const made = ok(
      await admin(`/collection-types/${UID}`, {
        method: 'POST',
        body: { title: 'Spring sale', slug: 'Spring_Sale.x', content: 'Hand written.' },
      }),
      201
    ).data as Record<string, unknown>;
    const other = ok(
      await wp('/posts', { method: 'POST', body: { title: 'Spring sale x', content: '<p>Another.</p>' } }),
      201
    );
    assert.equal(other.slug, 'spring-sale-x');
    const before = (await entries(UID)).length;
    const updated = ok(
      await wp(`/posts/${made.id as number}`, {
        method: 'PUT',
        body: { title: 'Spring sale, updated', content: '<p>Now by the door.</p>' },
      })
    );
    assert.equal(updated.id, made.id);
    assert.equal(updated.slug, 'Spring_Sale.x');
    assert.equal((await entries(UID)).length, before, 'no new entry');
    const hand = await entry(UID, made.documentId as string);
    assert.equal(hand.title, 'Spring sale, updated');
    assert.equal(hand.slug, 'Spring_Sale.x');
    assert.match(String(hand.content), /Now by the door/);
    const untouched = await entry(UID, (await documentOf(other.id)) as string);
    assert.equal(untouched.title, 'Spring sale x');
    assert.match(String(untouched.content), /Another/);
  });

  it('8 concurrent create pairs resolving to one slug give 16 posts, never an update of another', async () => {
    // Each pair races for one slug: `sale-n` is taken, so a create titled "Sale n" gets WordPress's
    // `sale-n-2`, while the other create of the pair asks for a slug spelled to resolve to that one.
    for (let n = 0; n < 8; n++)
      ok(await wp('/posts', { method: 'POST', body: { title: `Sale ${n}`, content: '<p>First.</p>' } }), 201);
    const before = (await entries(UID)).length;
    const pairs = Array.from({ length: 8 }, (_, n) => [
      wp('/posts', { method: 'POST', body: { title: `Sale ${n}`, content: `<p>Title ${n}.</p>` } }),
      wp('/posts', {
        method: 'POST',
        body: { title: `Pair ${n}`, slug: `Sale ${n}-2`, content: `<p>Slug ${n}.</p>` },
      }),
    ]).flat();
    const created = (await Promise.all(pairs)).map((answer) => ok(answer, 201));
    assert.equal(new Set(created.map((post) => post.id)).size, 16, 'sixteen ids');
    assert.equal(new Set(created.map((post) => post.slug)).size, 16, 'sixteen slugs');
    assert.equal((await entries(UID)).length, before + 16, 'sixteen new entries');
    const bodies = (await entries(UID)).map((row) => String(row.content ?? ''));
    for (let n = 0; n < 8; n++) {
      assert.ok(
        bodies.some((body) => body.includes(`Title ${n}.`)),
        `title ${n} kept`
      );
      assert.ok(
        bodies.some((body) => body.includes(`Slug ${n}.`)),
        `slug ${n} kept`
      );
    }
  });

  it('a pending post reads back as pending: on create, get and a list by status', async () => {
    const created = ok(
      await wp('/posts', { method: 'POST', body: { title: 'Waiting for review', status: 'pending' } }),
      201
    );
    assert.equal(created.status, 'pending');
    assert.equal(ok(await wp(`/posts/${created.id}`)).status, 'pending');
    const pending = ok(await wp('/posts?status=pending'));
    assert.deepEqual(
      pending.map((post: { id: number }) => post.id),
      [created.id]
    );
    const drafts = ok(await wp('/posts?status=draft&per_page=100'));
    assert.ok(!drafts.some((post: { id: number }) => post.id === created.id), 'not listed as a draft');
    // An update that leaves the status out keeps it.
    assert.equal(
      ok(await wp(`/posts/${created.id}`, { method: 'POST', body: { title: 'Still waiting' } })).status,
      'pending'
    );
    assert.equal(
      ok(await wp(`/posts/${created.id}`, { method: 'POST', body: { status: 'publish' } })).status,
      'publish'
    );
  });
});

describe('WordPress updates on a Blocks target whose slug is optional', () => {
  const UID = 'api::post.post';
  const { wp, admin, entries, entry, upload } = wordpressSite({
    fixtureTypes: ['post'],
    pluginConfig: { targetContentType: UID },
  });

  it('keeps a Blocks body byte-identical through updates of one field each', async () => {
    const created = ok(
      await wp('/posts', { method: 'POST', body: { title: 'Blocks post', content: CONTENT } }),
      201
    );
    const documentId = (await entries(UID)).find((row) => row.id === created.id)?.documentId as string;
    const body = JSON.stringify((await entry(UID, documentId)).content);
    assert.match(body, /Why water early/);
    const mediaId = await upload();
    for (const step of [
      { featured_media: mediaId },
      { status: 'publish' },
      { title: 'Blocks post, renamed' },
    ]) {
      ok(await wp(`/posts/${created.id}`, { method: 'PATCH', body: step }));
      assert.equal(JSON.stringify((await entry(UID, documentId)).content), body, JSON.stringify(step));
    }
    const final = await entry(UID, documentId);
    assert.equal(final.title, 'Blocks post, renamed');
    assert.equal((final.featuredImage as { id: number }).id, mediaId);
  });

  it('an update by id of an entry saved without a slug writes that entry', async () => {
    const made = ok(
      await admin(`/collection-types/${UID}`, { method: 'POST', body: { title: 'No slug here' } }),
      201
    ).data as Record<string, unknown>;
    assert.ok(!made.slug);
    const before = (await entries(UID)).length;
    const updated = ok(
      await wp(`/posts/${made.id as number}`, {
        method: 'POST',
        body: { title: 'No slug, updated', content: '<p>Written by id.</p>' },
      })
    );
    assert.equal(updated.id, made.id);
    assert.equal((await entries(UID)).length, before, 'no new entry');
    const now = await entry(UID, made.documentId as string);
    assert.equal(now.title, 'No slug, updated');
    assert.match(JSON.stringify(now.content), /Written by id/);
    assert.ok(!now.slug, 'still without a slug');
  });
});
