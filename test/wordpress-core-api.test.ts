import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import WPAPI from 'wpapi';
import { registerSuperAdmin } from './helpers/admin';
import { tableRows } from './helpers/databases';
import { request, type HttpResponse } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { waitFor } from './helpers/strapi-webhooks';
import { unsafeMarkup } from './helpers/unsafe-markup';

const LOGIN = 'editor';
/** As WordPress shows an application password: groups of four; clients send it with or without the spaces. */
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const TARGET = 'api::press-article.press-article';
const IMAGE_LIMIT_BYTES = 300 * 1024;
const BODY_LIMIT_BYTES = 512 * 1024;
const MAX_FAILURES = 5;

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/** Every error of the facade: WordPress's shape, its status in `data`, never a 5xx. */
function assertWordPressError(response: HttpResponse, status: number, code: string) {
  assert.equal(response.status, status, response.text);
  assert.equal(response.json.code, code, response.text);
  assert.equal(typeof response.json.message, 'string');
  assert.equal(response.json.data.status, status);
}

/** wpapi rejects with WordPress's error body: the same shape. */
async function rejectsWith(promise: Promise<unknown>, status: number, code: string) {
  await assert.rejects(promise, (error: { code?: string; message?: string; data?: { status?: number } }) => {
    assert.equal(error.code, code, JSON.stringify(error));
    assert.equal(typeof error.message, 'string');
    assert.equal(error.data?.status, status);
    return true;
  });
}

/** Random pixels: a PNG that does not compress, larger than the image limit. */
async function oversizedPng(): Promise<Buffer> {
  const side = 500;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i * i) % 251)) % 256;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe('WordPress core REST API with application passwords (issue #28)', () => {
  let site: Playground;
  let wp: WPAPI;
  const images = new ImageServer();
  let externalImage = '';
  const auth = () => ({ authorization: basic(LOGIN, PASSWORD) });
  const wpJson = (path: string, options: Parameters<typeof request>[1] = {}) =>
    request(`${site.url}/wp-json${path}`, { ...options, headers: { ...auth(), ...options.headers } });

  /** The target's entries of this slug, as Strapi's own REST API answers them (draft or published). */
  async function entriesOf(slug: string, status: 'draft' | 'published', populate: string[] = []) {
    const query = new URLSearchParams({ 'filters[slug][$eq]': slug, status });
    for (const field of populate) query.set(`populate[${field}]`, 'true');
    const response = await request(`${site.url}/api/press-articles?${query}`);
    assert.equal(response.status, 200, response.text);
    return response.json.data as Record<string, unknown>[];
  }

  // Shared by the steps below, in order.
  const ids = { parent: 0, child: 0, tag: 0, media: 0, post: 0, second: 0 };
  let sourceUrl = '';
  let adminToken = '';

  before(async () => {
    await images.start();
    externalImage = images.file('/photos/garden-bed.jpg', await makeImage('jpeg', 400, 300, 7), 'image/jpeg');
    site = await startPlayground({
      fixtureTypes: ['press-article', 'html-article'],
      env: {
        ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}`,
        // The test image server is plain http on loopback.
        ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
        ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true',
      },
      pluginConfig: {
        targetContentType: TARGET,
        bodyLimitBytes: BODY_LIMIT_BYTES,
        images: { maxBytes: IMAGE_LIMIT_BYTES },
        authThrottle: { maxFailures: MAX_FAILURES, windowSeconds: 600 },
        // Scheduled (`future`) posts are looked for every second.
        schedulePollSeconds: 1,
      },
    });
    wp = new WPAPI({ endpoint: `${site.url}/wp-json`, username: LOGIN, password: PASSWORD, auth: true });
  });

  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it('is discovered as WordPress: the index, the Link header on the home page, ?rest_route=', async () => {
    const index = await request(`${site.url}/wp-json/`);
    assert.equal(index.status, 200, index.text);
    assert.equal(index.json.name, 'Article Publisher Playground');
    assert.equal(typeof index.json.description, 'string');
    assert.equal(index.json.url, site.url);
    assert.equal(typeof index.json.home, 'string');
    assert.ok(index.json.namespaces.includes('wp/v2'));
    assert.equal(
      index.json.authentication['application-passwords'].endpoints.authorization,
      `${site.url}/admin/settings/article-publisher/authorize-application`
    );
    assert.ok(index.json.routes['/wp/v2/posts']);
    assert.ok(index.json.routes['/wp/v2/media']);

    for (const method of ['HEAD', 'GET']) {
      const home = await request(`${site.url}/`, { method });
      assert.equal(home.headers.link, `<${site.url}/wp-json/>; rel="https://api.w.org/"`, `${method} /`);
    }
    const plain = await request(`${site.url}/?rest_route=/`);
    assert.equal(plain.status, 200);
    assert.ok(plain.json.namespaces.includes('wp/v2'));
  });

  it('users/me and the credential checks of n8n (GET /users) answer the application password’s login', async () => {
    const me = await wp.users().me().get();
    assert.equal(me.id, 1);
    assert.equal(me.name, LOGIN);
    const edit = await wp.users().me().context('edit').get();
    assert.equal(edit.username, LOGIN);
    assert.equal(edit.capabilities.publish_posts, true);
    assert.equal(edit.capabilities.upload_files, true);

    // Without the spaces, as some clients send it; and without pretty permalinks.
    const plain = await request(`${site.url}/?rest_route=/wp/v2/users/me`, {
      headers: { authorization: basic(LOGIN, PASSWORD.replace(/ /g, '')) },
    });
    assert.equal(plain.status, 200, plain.text);
    assert.equal(plain.json.name, LOGIN);

    const users = await wpJson('/wp/v2/users');
    assert.equal(users.status, 200, users.text);
    assert.equal(users.json.length, 1);
    assert.equal(users.json[0].id, 1);
    assert.equal(users.headers['x-wp-total'], '1');
  });

  it('categories: search, create a parent and a child, a duplicate answers term_exists with the first id; tags', async () => {
    assert.deepEqual(await wp.categories().search('Gardening').get(), []);
    const parent = await wp.categories().create({ name: 'Gardening' });
    ids.parent = parent.id;
    assert.equal(parent.name, 'Gardening');
    assert.equal(parent.parent, 0);
    assert.equal(parent.taxonomy, 'category');
    const child = await wp.categories().create({ name: 'Watering', parent: parent.id });
    ids.child = child.id;
    assert.equal(child.parent, parent.id);

    await assert.rejects(
      wp.categories().create({ name: 'gardening' }),
      (error: { code: string; data: { status: number; term_id: number } }) => {
        assert.equal(error.code, 'term_exists');
        assert.equal(error.data.status, 400);
        assert.equal(error.data.term_id, parent.id);
        return true;
      }
    );
    const found = await wp.categories().search('Garden').get();
    assert.deepEqual(
      found.map((term: { id: number }) => term.id),
      [parent.id]
    );

    const tag = await wp.tags().create({ name: 'Tomatoes' });
    ids.tag = tag.id;
    assert.equal(tag.taxonomy, 'post_tag');
    assert.equal((await wp.tags().search('Tomato').get())[0].id, tag.id);
  });

  it('media: a multipart upload answers 201 with the library file', async () => {
    const bytes = await makeImage('png', 320, 200, 3);
    const media = await wp.media().file(bytes, 'tomato.png').create({
      title: 'A tomato',
      alt_text: 'A red tomato on the vine',
      caption: 'Ripe in August',
    });
    ids.media = media.id;
    sourceUrl = media.source_url;
    assert.ok(Number.isInteger(media.id) && media.id > 0);
    assert.ok(media.source_url.startsWith(`${site.url}/uploads/`), media.source_url);
    assert.equal(media.mime_type, 'image/png');
    assert.equal(media.media_type, 'image');
    assert.equal(media.alt_text, 'A red tomato on the vine');
    assert.equal(media.media_details.width, 320);
    assert.equal(media.media_details.height, 200);
    const files = await tableRows(site.database, 'files');
    assert.ok(
      files.some((file) => file.id === media.id && file.alternative_text === 'A red tomato on the vine')
    );
  });

  it('posts: create with categories, tags, featured_media, an uploaded and an external image, and SEO meta', async () => {
    const content = [
      '<!-- wp:heading --><h2>Planting</h2><!-- /wp:heading -->',
      '<p>Tomatoes want sun, warmth and deep roots.</p>',
      `<figure class="wp-block-image"><img src="${sourceUrl}" alt="A red tomato"/></figure>`,
      '<table><thead><tr><th>Month</th><th>Task</th></tr></thead><tbody><tr><td>May</td><td>Plant out</td></tr></tbody></table>',
      `<p><img src="${externalImage}" alt="The garden bed"></p>`,
    ].join('\n');
    const post = await wp.posts().create({
      title: 'Growing tomatoes',
      content,
      excerpt: '<p>How to grow tomatoes in a small garden.</p>',
      status: 'publish',
      date: '2024-05-01T09:30:00',
      categories: [ids.parent, ids.child],
      tags: [ids.tag],
      featured_media: ids.media,
      meta: {
        _yoast_wpseo_title: 'Grow tomatoes %%sep%% %%sitename%%',
        _yoast_wpseo_metadesc: 'Everything you need to grow tomatoes in a small garden, month by month.',
        rank_math_focus_keyword: 'grow tomatoes,small garden',
        some_other_key: 'dropped',
      },
    });
    ids.post = post.id;
    assert.ok(Number.isInteger(post.id));
    assert.equal(post.status, 'publish');
    assert.equal(post.slug, 'growing-tomatoes');
    assert.equal(post.title.rendered, 'Growing tomatoes');
    assert.equal(post.featured_media, ids.media);
    assert.deepEqual([...post.categories].sort(), [ids.parent, ids.child].sort());
    assert.ok(post.tags.includes(ids.tag));
    assert.equal(post.date, '2024-05-01T09:30:00');
    assert.deepEqual(post.meta, {
      _yoast_wpseo_title: 'Grow tomatoes %%sep%% %%sitename%%',
      _yoast_wpseo_metadesc: 'Everything you need to grow tomatoes in a small garden, month by month.',
      rank_math_focus_keyword: 'grow tomatoes,small garden',
    });
  });

  it('lands in Strapi: published, Markdown body with heading, table and both images, cover, categories, tags, SEO', async () => {
    const query = new URLSearchParams({
      'filters[slug][$eq]': 'growing-tomatoes',
      status: 'published',
      'populate[cover]': 'true',
      'populate[tags]': 'true',
      'populate[seo]': 'true',
      'populate[categories][populate][parent]': 'true',
    });
    const response = await request(`${site.url}/api/press-articles?${query}`);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.data.length, 1, 'the post is published');
    const entry = response.json.data[0];
    assert.match(entry.content, /^## Planting$/m);
    assert.match(entry.content, /\| Month \| Task \|/);
    assert.ok(entry.content.includes(`](${sourceUrl})`), 'the uploaded image by its library URL');
    assert.ok(!entry.content.includes(externalImage), 'the external image was imported');
    assert.match(entry.content, new RegExp(`\\]\\(${site.url}/uploads/garden[-_]bed[^)]*\\)`));
    assert.equal(images.hits.get('/photos/garden-bed.jpg'), 1);
    assert.equal(entry.excerpt, 'How to grow tomatoes in a small garden.');
    assert.equal(new Date(entry.publishedDate).toISOString(), '2024-05-01T09:30:00.000Z');
    assert.equal(entry.cover.id, ids.media);
    const categories = new Map<string, { parent: { name: string } | null }>(
      entry.categories.map((category: { name: string; parent: { name: string } | null }) => [
        category.name,
        category,
      ])
    );
    assert.equal(categories.get('Gardening')?.parent, null);
    assert.equal(categories.get('Watering')?.parent?.name, 'Gardening');
    assert.ok(entry.tags.some((tag: { name: string }) => tag.name === 'Tomatoes'));
    assert.equal(entry.seo.metaTitle, 'Grow tomatoes');
    assert.equal(
      entry.seo.metaDescription,
      'Everything you need to grow tomatoes in a small garden, month by month.'
    );
    assert.match(entry.seo.keywords, /grow tomatoes/);

    // The uploaded image was recognised, not imported again: the library holds it and the external one.
    const files = await tableRows(site.database, 'files');
    assert.equal(files.length, 2, JSON.stringify(files.map((file) => file.name)));

    // The post's id is the draft entry's id (the service contract's post_id).
    const draft = await request(
      `${site.url}/api/press-articles?filters[slug][$eq]=growing-tomatoes&status=draft`
    );
    assert.equal(draft.json.data[0].id, ids.post);

    // The activity page lists the delivery with its source.
    adminToken = await registerSuperAdmin(site.url);
    const activity = await request(`${site.url}/article-publisher/activity?source=wordpress`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    assert.equal(activity.status, 200, activity.text);
    assert.ok(
      activity.json.results.some(
        (row: { title: string; source: string }) =>
          row.title === 'Growing tomatoes' && row.source === 'wordpress'
      )
    );
  });

  it('a post’s term ids are the ids of the category and tag entries it is linked to', async () => {
    const [entry] = await entriesOf('growing-tomatoes', 'published', ['categories', 'tags']);
    const terms = (value: unknown) => value as { id: number; name: string }[];
    const entryIds = (value: unknown) =>
      terms(value)
        .map((term) => term.id)
        .sort();
    // The ids POST /categories and POST /tags answered are the entries' own ids.
    assert.deepEqual(entryIds(entry.categories), [ids.parent, ids.child].sort());
    assert.equal(terms(entry.categories).find((term) => term.name === 'Watering')?.id, ids.child);
    // The tags also hold the SEO keywords (as for any delivery); the one sent by id is that entry.
    assert.equal(terms(entry.tags).find((term) => term.name === 'Tomatoes')?.id, ids.tag);
    // And the post, as the facade answers it, names the entries by the same ids.
    const post = await wp.posts().id(ids.post).get();
    assert.deepEqual([...post.categories].sort(), entryIds(entry.categories));
    assert.deepEqual([...post.tags].sort(), entryIds(entry.tags));
    assert.equal((await wp.categories().id(ids.child).get()).name, 'Watering');
    assert.equal((await wp.tags().id(ids.tag).get()).name, 'Tomatoes');
  });

  it('posts: update with PUT (wpapi), get, a second create gets the -2 slug, list by slug', async () => {
    const updated = await wp.posts().id(ids.post).update({
      title: 'Growing tomatoes, revised',
      content: '<h2>Planting</h2><p>Revised: sun, warmth, deep roots and patience.</p>',
    });
    assert.equal(updated.id, ids.post);
    assert.equal(updated.status, 'publish', 'an update without status keeps it');
    assert.equal(updated.slug, 'growing-tomatoes');
    assert.equal(updated.featured_media, ids.media, 'kept');

    const got = await wp.posts().id(ids.post).get();
    assert.equal(got.title.rendered, 'Growing tomatoes, revised');
    assert.match(got.content.rendered, /Revised: sun/);
    assert.deepEqual([...got.categories].sort(), [ids.parent, ids.child].sort());

    const second = await wp
      .posts()
      .create({ title: 'Growing tomatoes', content: '<p>Another one.</p>', status: 'publish' });
    ids.second = second.id;
    assert.notEqual(second.id, ids.post);
    assert.equal(second.slug, 'growing-tomatoes-2');

    const bySlug = await wp.posts().slug('growing-tomatoes').get();
    assert.deepEqual(
      bySlug.map((post: { id: number }) => post.id),
      [ids.post]
    );
  });

  it('posts: pagination headers, and a page past the end is rest_post_invalid_page_number', async () => {
    const first = await wp.posts().perPage(1).page(1).get();
    assert.equal(first.length, 1);
    assert.equal(first._paging.total, 2);
    assert.equal(first._paging.totalPages, 2);
    assert.ok(first._paging.next, 'a next page');
    const second = await first._paging.next.get();
    assert.equal(second.length, 1);
    assert.notEqual(second[0].id, first[0].id);

    const raw = await wpJson('/wp/v2/posts?per_page=1&page=2');
    assert.equal(raw.headers['x-wp-total'], '2');
    assert.equal(raw.headers['x-wp-totalpages'], '2');
    assert.match(String(raw.headers.link), /rel="prev"/);

    await rejectsWith(wp.posts().perPage(1).page(3).get(), 400, 'rest_post_invalid_page_number');
  });

  it('answers 401 and 404 as WordPress does', async () => {
    const anonymous = new WPAPI({ endpoint: `${site.url}/wp-json` });
    await rejectsWith(anonymous.users().me().get(), 401, 'rest_not_logged_in');
    await rejectsWith(anonymous.posts().create({ title: 'x', content: 'y' }), 401, 'rest_cannot_create');
    const wrong = new WPAPI({
      endpoint: `${site.url}/wp-json`,
      username: LOGIN,
      password: 'wrong password',
      auth: true,
    });
    // WordPress answers a wrong application password as no credentials (recorded from WordPress 6.1).
    await rejectsWith(wrong.users().me().get(), 401, 'rest_not_logged_in');
    await rejectsWith(wp.posts().id(999999).get(), 404, 'rest_post_invalid_id');
    assertWordPressError(await wpJson('/wp/v2/comments'), 404, 'rest_no_route');
    assertWordPressError(await wpJson('/wp/v2/posts', { method: 'DELETE' }), 404, 'rest_no_route');
  });

  it('the n8n shapes: a raw-body upload with Content-Disposition, update by POST /posts/{id}', async () => {
    const upload = await wpJson('/wp/v2/media', {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="basil.jpg"' },
      body: await makeImage('jpeg', 240, 160, 11),
    });
    assert.equal(upload.status, 201, upload.text);
    assert.equal(upload.json.mime_type, 'image/jpeg');
    assert.equal(upload.json.media_details.width, 240);
    assert.ok(upload.json.source_url.startsWith(`${site.url}/uploads/`));

    const updated = await wpJson(`/wp/v2/posts/${ids.second}`, {
      method: 'POST',
      body: {
        title: 'Growing basil',
        content: '<p>Basil next to the tomatoes.</p>',
        featured_media: upload.json.id,
      },
    });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.json.id, ids.second);
    assert.equal(updated.json.title.rendered, 'Growing basil');
    assert.equal(updated.json.featured_media, upload.json.id);
  });

  it('refuses bad input in WordPress’s error shape, never with a 5xx', async () => {
    const notAnImage = await wpJson('/wp/v2/media', {
      method: 'POST',
      headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="notes.png"' },
      body: Buffer.from('just some text, not an image at all'),
    });
    assertWordPressError(notAnImage, 400, 'rest_upload_invalid_type');

    const big = await oversizedPng();
    assert.ok(big.length > IMAGE_LIMIT_BYTES);
    const oversized = await wpJson('/wp/v2/media', {
      method: 'POST',
      headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="big.png"' },
      body: big,
    });
    assertWordPressError(oversized, 413, 'rest_upload_file_too_big');
    const form = new FormData();
    form.append('file', new Blob([big], { type: 'image/png' }), 'big.png');
    const multipart = await fetch(`${site.url}/wp-json/wp/v2/media`, {
      method: 'POST',
      headers: auth(),
      body: form,
    });
    const multipartBody = (await multipart.json()) as { code: string };
    assert.equal(multipart.status, 413);
    assert.equal(multipartBody.code, 'rest_upload_file_too_big');

    assertWordPressError(
      await wpJson('/wp/v2/posts', {
        method: 'POST',
        body: { title: 'x', content: '<p>y</p>', featured_media: 987654 },
      }),
      400,
      'rest_invalid_featured_media'
    );
    const unknownCategory = await wpJson('/wp/v2/posts', {
      method: 'POST',
      body: { title: 'x', content: '<p>y</p>', categories: [ids.parent, 987654] },
    });
    assertWordPressError(unknownCategory, 400, 'rest_invalid_param');
    assert.match(unknownCategory.json.data.params.categories, /987654/);

    const overLimit = await wpJson('/wp/v2/posts', {
      method: 'POST',
      body: { title: 'x', content: `<p>${'a'.repeat(BODY_LIMIT_BYTES)}</p>` },
    });
    assertWordPressError(overLimit, 413, 'rest_request_too_large');
    const malformed = await wpJson('/wp/v2/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title": "x", ',
    });
    assertWordPressError(malformed, 400, 'rest_invalid_json');
    assertWordPressError(
      await wpJson('/wp/v2/posts', { method: 'POST', body: { title: 'x', status: 'trash' } }),
      400,
      'rest_invalid_param'
    );
    assertWordPressError(await wpJson('/wp/v2/posts?per_page=500'), 400, 'rest_invalid_param');
    assertWordPressError(
      await wpJson('/wp/v2/categories', { method: 'POST', body: { slug: 'no-name' } }),
      400,
      'rest_invalid_param'
    );
    assertWordPressError(
      await wpJson('/wp/v2/categories', { method: 'POST', body: { name: 'Orphan', parent: 987654 } }),
      400,
      'rest_term_invalid'
    );
    assertWordPressError(
      await wpJson('/wp/v2/tags', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      400,
      'rest_invalid_json'
    );
    assertWordPressError(
      await wpJson('/wp/v2/media', {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: await makeImage('png'),
      }),
      400,
      'rest_upload_no_content_disposition'
    );

    // None of these left a post behind: still the two created above.
    assert.equal((await wpJson('/wp/v2/posts?status=any')).headers['x-wp-total'], '2');
  });

  it('a future post is a draft until its time, then published by the schedule; private is a draft; ?rest_route= takes writes', async () => {
    // Two seconds ahead, on a whole second (WordPress's dates have no milliseconds).
    const at = new Date(Math.ceil((Date.now() + 2000) / 1000) * 1000);
    const future = await request(`${site.url}/?rest_route=/wp/v2/posts`, {
      method: 'POST',
      headers: auth(),
      body: {
        title: 'Autumn planting',
        content: '<p>Garlic.</p>',
        status: 'future',
        date_gmt: at.toISOString().slice(0, 19),
      },
    });
    assert.equal(future.status, 201, future.text);
    assert.equal(future.json.status, 'future');
    assert.equal(future.json.date_gmt, at.toISOString().slice(0, 19));
    const listed = await wp.posts().get();
    assert.ok(
      !listed.some((post: { id: number }) => post.id === future.json.id),
      'not published before its time'
    );
    const published = await waitFor(
      'the scheduled post published',
      async () => {
        const post = await wpJson(`/wp/v2/posts/${future.json.id}`);
        return post.json.status === 'publish' && post;
      },
      60_000
    );
    assert.ok(Date.now() >= at.getTime(), 'not before its time');
    assert.equal(published.json.title.rendered, 'Autumn planting');
    assert.ok((await wp.posts().get()).some((post: { id: number }) => post.id === future.json.id));

    // A future date already past publishes now, as WordPress does; no date at all is a 400 naming it.
    const late = await wpJson('/wp/v2/posts', {
      method: 'POST',
      body: { title: 'Late summer', content: '<p>Figs.</p>', status: 'future', date: '2020-08-01T08:00:00' },
    });
    assert.equal(late.status, 201, late.text);
    assert.equal(late.json.status, 'publish');
    assert.equal(late.json.date, '2020-08-01T08:00:00');
    const undated = await wpJson('/wp/v2/posts', {
      method: 'POST',
      body: { title: 'Some day', content: '<p>Later.</p>', status: 'future' },
    });
    assertWordPressError(undated, 400, 'rest_invalid_param');
    assert.ok('date' in undated.json.data.params, undated.text);

    // An update that names no date keeps a scheduled post's time (and its status).
    const inAnHour = new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000).toISOString().slice(0, 19);
    const winter = await wpJson('/wp/v2/posts', {
      method: 'POST',
      body: { title: 'Winter mulch', content: '<p>Straw.</p>', status: 'future', date: inAnHour },
    });
    assert.equal(winter.json.status, 'future', winter.text);
    const retitled = await wpJson(`/wp/v2/posts/${winter.json.id}`, {
      method: 'POST',
      body: { title: 'Winter mulching', content: '<p>Straw, thick.</p>' },
    });
    assert.equal(retitled.status, 200, retitled.text);
    assert.equal(retitled.json.status, 'future');
    assert.equal(retitled.json.date, inAnHour);
    assert.equal((await wpJson(`/wp/v2/posts/${winter.json.id}`)).json.status, 'future');

    const privatePost = await wpJson('/wp/v2/posts', {
      method: 'POST',
      body: { title: 'Notes to self', content: '<p>Water.</p>', status: 'private' },
    });
    assert.equal(privatePost.status, 201, privatePost.text);
    assert.equal(privatePost.json.status, 'draft');
    assert.ok(!(await wp.posts().get()).some((post: { id: number }) => post.id === privatePost.json.id));
    const all = await wpJson('/wp/v2/posts?status=any&per_page=100');
    assert.ok(all.json.some((post: { id: number }) => post.id === privatePost.json.id));

    const activity = await request(`${site.url}/article-publisher/activity?source=wordpress`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const row = activity.json.results.find((entry: { title: string }) => entry.title === 'Notes to self');
    assert.ok(
      row.warnings.some((warning: string) => /"private" was stored as a draft/.test(warning)),
      JSON.stringify(row)
    );
  });

  it('concurrent creates of one title make one post each, with WordPress’s numbered slugs', async () => {
    const created = await Promise.all(
      [1, 2, 3].map((n) =>
        wpJson('/wp/v2/posts', {
          method: 'POST',
          body: { title: 'Harvest day', content: `<p>Basket ${n}.</p>`, status: 'publish' },
        })
      )
    );
    for (const response of created) assert.equal(response.status, 201, response.text);
    assert.equal(new Set(created.map((response) => response.json.id)).size, 3);
    assert.deepEqual(created.map((response) => response.json.slug).sort(), [
      'harvest-day',
      'harvest-day-2',
      'harvest-day-3',
    ]);
  });

  it('sanitizes what a post brings: no script, event handler, javascript: link or Gutenberg comment is stored', async () => {
    const content = [
      '<!-- wp:paragraph --><p>Compost feeds the soil.</p><!-- /wp:paragraph -->',
      '<script>alert(1)</script>',
      '<p>A bed <img src=x onerror=alert(1)> and <a href="javascript:alert(1)">a link</a>.</p>',
    ].join('\n');
    const useTarget = async (targetContentType: string) => {
      const saved = await request(`${site.url}/article-publisher/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${adminToken}` },
        body: { targetContentType },
      });
      assert.equal(saved.status, 200, saved.text);
    };
    // The file's target keeps Markdown; the HTML article keeps the body as HTML, where markup would survive.
    const targets = [
      { uid: TARGET, collection: 'press-articles', field: 'content' },
      { uid: 'api::html-article.html-article', collection: 'html-articles', field: 'content_html' },
    ];
    try {
      for (const target of targets) {
        await useTarget(target.uid);
        const created = await wpJson('/wp/v2/posts', {
          method: 'POST',
          body: { title: 'Compost', content, status: 'publish' },
        });
        assert.equal(created.status, 201, created.text);
        const stored = await request(
          `${site.url}/api/${target.collection}?filters[slug][$eq]=compost&status=published`
        );
        assert.equal(stored.json.data?.length, 1, stored.text);
        const body = String(stored.json.data[0][target.field]);
        assert.match(body, /Compost feeds the soil\./);
        assert.match(body, /a link/);
        for (const hostile of ['<script', 'alert(', 'onerror', 'javascript:', '<!--', 'wp:paragraph'])
          assert.ok(!body.includes(hostile), `${hostile} in the ${target.collection} body: ${body}`);
        assert.deepEqual(unsafeMarkup(body), []);
        const post = await wpJson(`/wp/v2/posts/${created.json.id}`);
        assert.ok(!String(post.json.content.rendered).includes('alert('), post.text);
      }
    } finally {
      await useTarget(TARGET);
    }
  });

  it('two updates of one post at once both answer 200, and the post is one of them whole', async () => {
    const created = await wpJson('/wp/v2/posts', {
      method: 'POST',
      body: { title: 'Pruning', content: '<p>Before.</p>', status: 'publish' },
    });
    assert.equal(created.status, 201, created.text);
    const versions = ['A', 'B'].map((name) => ({
      title: `Pruning, version ${name}`,
      content: `<p>Version ${name}: cut just above a bud.</p>`,
      excerpt: `Version ${name} in short.`,
    }));
    const updates = await Promise.all(
      versions.map((body) => wpJson(`/wp/v2/posts/${created.json.id}`, { method: 'POST', body }))
    );
    for (const update of updates) {
      assert.equal(update.status, 200, update.text);
      assert.equal(update.json.id, created.json.id);
    }

    // The draft and the published version are the same one of the two, every field of it.
    const landed: string[] = [];
    for (const status of ['draft', 'published'] as const) {
      const entries = await entriesOf('pruning', status);
      assert.equal(entries.length, 1, `one ${status} entry`);
      const [entry] = entries;
      const version = versions.find((candidate) => candidate.title === entry.title);
      assert.ok(version, `a title of one of the updates: ${String(entry.title)}`);
      const name = version.title.slice(-1);
      assert.equal(entry.content, `Version ${name}: cut just above a bud.`);
      assert.equal(entry.excerpt, `Version ${name} in short.`);
      landed.push(name);
    }
    assert.equal(landed[0], landed[1], 'draft and published are the same update');
  });

  it('counts wrong passwords towards the throttle, and never refuses the right one', async () => {
    const client = '127.0.0.9';
    const attempt = (password: string) =>
      request(`${site.url}/wp-json/wp/v2/users/me`, {
        headers: { authorization: basic(LOGIN, password) },
        localAddress: client,
      });
    for (let i = 0; i < MAX_FAILURES; i++)
      assertWordPressError(await attempt(`wrong-${i}`), 401, 'rest_not_logged_in');
    const throttled = await attempt('wrong-again');
    assertWordPressError(throttled, 429, 'rest_too_many_requests');
    assert.ok(throttled.headers['retry-after']);
    assert.equal((await attempt(PASSWORD)).status, 200);
  });

  it('answers 404 once wordpressPaths is turned off in the admin, and again at once when it is back on', async () => {
    const save = (wordpressPaths: boolean) =>
      request(`${site.url}/article-publisher/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${adminToken}` },
        body: { wordpressPaths },
      });
    assert.equal((await save(false)).status, 200);
    assert.equal((await request(`${site.url}/wp-json/`)).status, 404);
    assert.equal((await wpJson('/wp/v2/users/me')).status, 404);
    const create = await wpJson('/wp/v2/posts', {
      method: 'POST',
      body: { title: 'Off', content: '<p>x</p>' },
    });
    assert.equal(create.status, 404);
    assert.equal((await request(`${site.url}/`, { method: 'HEAD' })).headers.link, undefined);
    assert.equal((await save(true)).status, 200);
    assert.equal((await wpJson('/wp/v2/users/me')).status, 200);
  });
});

describe("the WordPress API beside Strapi's own API under /wp-json, on a target without tags", () => {
  let site: Playground;
  const headers = { authorization: basic(LOGIN, PASSWORD) };

  before(async () => {
    site = await startPlayground({
      env: { API_REST_PREFIX: '/wp-json', ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}` },
    });
  });
  after(async () => site?.stop());

  it("leaves Strapi's routes under /wp-json to Strapi, answers the index and /wp/v2", async () => {
    const articles = await request(`${site.url}/wp-json/articles`);
    assert.equal(articles.status, 200, articles.text);
    assert.ok(Array.isArray(articles.json.data));
    const index = await request(`${site.url}/wp-json/`);
    assert.ok(index.json.namespaces.includes('wp/v2'));
    const me = await request(`${site.url}/wp-json/wp/v2/users/me`, { headers });
    assert.equal(me.status, 200, me.text);
  });

  it('keeps tags itself: an empty list, then a create answers a term the list and a post can name', async () => {
    const tags = await request(`${site.url}/wp-json/wp/v2/tags`, { headers });
    assert.equal(tags.status, 200, tags.text);
    assert.deepEqual(tags.json, []);
    assert.equal(tags.headers['x-wp-total'], '0');
    const create = await request(`${site.url}/wp-json/wp/v2/tags`, {
      method: 'POST',
      headers,
      body: { name: 'x' },
    });
    assert.equal(create.status, 201, create.text);
    assert.equal(create.json.name, 'x');
    const listed = await request(`${site.url}/wp-json/wp/v2/tags`, { headers });
    assert.deepEqual(
      listed.json.map((term: { id: number }) => term.id),
      [create.json.id]
    );
    const post = await request(`${site.url}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers,
      body: { title: 'Tagged', content: '<p>x</p>', tags: [create.json.id + 1000] },
    });
    assertWordPressError(post, 400, 'rest_invalid_param');
  });
});
