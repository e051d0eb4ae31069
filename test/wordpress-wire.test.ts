import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import xmlrpc, { type XmlRpcFault } from 'xmlrpc';
import { registerSuperAdmin } from './helpers/admin';
import { tableRows } from './helpers/databases';
import { request, type HttpResponse } from './helpers/http';
import { makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { waitFor } from './helpers/strapi-webhooks';

/**
 * Issue 45, points 4, 6, 8 and 12, on the default playground (the Article: Markdown body, categories,
 * no tags): dates as WordPress reads them, method override, text cleaned as on the contract's door,
 * and the XML-RPC answer.
 */

const LOGIN = 'editor';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const auth = { authorization: `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}` };

/** Control, bidi and zero-width characters around and inside a text, as a hostile or sloppy client sends them. */
const dirty = (text: string) =>
  `\u202E\u0000${text.slice(0, 3)}\u200B\u200D${text.slice(3)}\u0007\u2066\uFEFF`;

function assertWordPressError(response: HttpResponse, status: number, code: string) {
  assert.equal(response.status, status, response.text);
  assert.equal(response.json.code, code, response.text);
  assert.equal(response.json.data.status, status, response.text);
}

/** A time `seconds` from now on a whole second, written in a fixed offset of whole hours (`+05`, `-03`). */
function inOffset(at: Date, hours: number): string {
  const local = new Date(at.getTime() + hours * 3_600_000).toISOString().slice(0, 19);
  const sign = hours < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.abs(hours)).padStart(2, '0')}`;
}

describe('the WordPress door on the wire: dates, method override, clean text, XML-RPC (issue 45)', () => {
  let site: Playground;
  const wpJson = (path: string, options: Parameters<typeof request>[1] = {}) =>
    request(`${site.url}/wp-json${path}`, { ...options, headers: { ...auth, ...options.headers } });

  /** The playground's articles, as Strapi's own REST API answers them. */
  async function articles(status: 'draft' | 'published', filters: Record<string, string> = {}) {
    const query = new URLSearchParams({ status, 'pagination[pageSize]': '100', ...filters });
    const response = await request(`${site.url}/api/articles?${query}`);
    assert.equal(response.status, 200, response.text);
    return response.json.data as Record<string, unknown>[];
  }

  const createPost = async (body: Record<string, unknown>) =>
    wpJson('/wp/v2/posts', { method: 'POST', body: { content: '<p>Body.</p>', ...body } });

  before(async () => {
    site = await startPlayground({
      articleBodyFormat: 'auto',
      env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}` },
      // Scheduled posts are looked for every second.
      pluginConfig: { schedulePollSeconds: 1 },
    });
  });
  after(async () => site?.stop());

  describe('dates (point 4)', () => {
    it('reads each form rest_parse_date reads; publish with a date to come is scheduled (future)', async () => {
      const forms: { date?: string; date_gmt?: string; utc: string }[] = [
        { date: '2030-03-01T09:30:00Z', utc: '2030-03-01T09:30:00' },
        { date: '2030-03-02T09:30:00+02:00', utc: '2030-03-02T07:30:00' },
        { date: '2030-03-03T09:30:00+0200', utc: '2030-03-03T07:30:00' },
        { date: '2030-03-04T09:30:00+02', utc: '2030-03-04T07:30:00' },
        { date: '2030-03-05T09:30:00-05', utc: '2030-03-05T14:30:00' },
        { date: '2030-03-06T09:30:00.250+05:30', utc: '2030-03-06T04:00:00' },
        // Site time: this site's zone is UTC (gmt_offset 0).
        { date: '2030-03-07 09:30:00', utc: '2030-03-07T09:30:00' },
        { date: '2030-03-08T09:30:00', utc: '2030-03-08T09:30:00' },
        { date_gmt: '2030-03-09T09:30:00', utc: '2030-03-09T09:30:00' },
        { date_gmt: '2030-03-10 09:30:00', utc: '2030-03-10T09:30:00' },
      ];
      for (const [index, { utc, ...dates }] of forms.entries()) {
        const created = await createPost({ title: `Dated form ${index}`, status: 'publish', ...dates });
        assert.equal(created.status, 201, `${JSON.stringify(dates)}: ${created.text}`);
        assert.equal(created.json.status, 'future', JSON.stringify(dates));
        assert.equal(created.json.date_gmt, utc, JSON.stringify(dates));
        assert.equal((await wpJson(`/wp/v2/posts/${created.json.id}`)).json.date_gmt, utc);
      }
      // None of them was published at once.
      const published = await articles('published', { 'filters[title][$startsWith]': 'Dated form' });
      assert.deepEqual(published, []);
    });

    it('refuses any other form with 400 rest_invalid_param naming the field, and stores nothing', async () => {
      const before = (await articles('draft')).length;
      for (const field of ['date', 'date_gmt']) {
        for (const value of [
          'Tue, 01 Jan 2030 00:00:00 GMT',
          '2030-01-01',
          '2030-02-30T09:00:00',
          '1893456000',
        ]) {
          const refused = await createPost({ title: 'Never stored', status: 'publish', [field]: value });
          assertWordPressError(refused, 400, 'rest_invalid_param');
          assert.deepEqual(Object.keys(refused.json.data.params), [field], refused.text);
        }
      }
      // On an update too: the post keeps its status and date.
      const draft = await createPost({ title: 'Kept draft', status: 'draft' });
      assert.equal(draft.status, 201, draft.text);
      const update = await wpJson(`/wp/v2/posts/${draft.json.id}`, {
        method: 'POST',
        body: { status: 'publish', date: 'Tue, 01 Jan 2030 00:00:00 GMT' },
      });
      assertWordPressError(update, 400, 'rest_invalid_param');
      assert.ok('date' in update.json.data.params, update.text);
      assert.equal((await wpJson(`/wp/v2/posts/${draft.json.id}`)).json.status, 'draft');
      assert.equal((await articles('draft')).length, before + 1);
      assert.deepEqual(await articles('published', { 'filters[title][$eq]': 'Kept draft' }), []);
    });

    it('an hour-only offset is scheduled at its UTC instant and published then, not before', async () => {
      const at = new Date(Math.ceil((Date.now() + 4000) / 1000) * 1000);
      const date = inOffset(at, -3);
      const created = await createPost({ title: 'Hour offset', status: 'publish', date });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.json.status, 'future', created.text);
      assert.equal(created.json.date_gmt, at.toISOString().slice(0, 19));
      assert.deepEqual(await articles('published', { 'filters[title][$eq]': 'Hour offset' }), []);
      const published = await waitFor(
        'the scheduled post published',
        async () => {
          const post = await wpJson(`/wp/v2/posts/${created.json.id}`);
          return post.json.status === 'publish' && post;
        },
        60_000
      );
      assert.ok(Date.now() >= at.getTime(), 'not before its time');
      assert.equal(published.json.title.rendered, 'Hour offset');
      assert.equal((await articles('published', { 'filters[title][$eq]': 'Hour offset' })).length, 1);
    });
  });

  describe('method override (point 6)', () => {
    let id = 0;
    const read = async () => (await wpJson(`/wp/v2/posts/${id}`)).json;

    before(async () => {
      const created = await createPost({ title: 'Override target', status: 'draft' });
      assert.equal(created.status, 201, created.text);
      id = created.json.id;
    });

    it('an override to DELETE (header or ?_method=) is refused as DELETE is, and changes nothing', async () => {
      const real = await wpJson(`/wp/v2/posts/${id}`, { method: 'DELETE' });
      assertWordPressError(real, 404, 'rest_no_route');
      const changes = { title: 'Overwritten', content: '<p>Overwritten.</p>', status: 'publish' };
      for (const [path, headers] of [
        [`/wp/v2/posts/${id}`, { 'x-http-method-override': 'DELETE' }],
        [`/wp/v2/posts/${id}?_method=DELETE`, {}],
        [`/wp/v2/posts/${id}?_method=delete`, { 'x-http-method-override': 'PUT' }],
      ] as const) {
        const overridden = await wpJson(path, { method: 'POST', headers, body: changes });
        assertWordPressError(overridden, 404, 'rest_no_route');
        assert.equal(overridden.json.message, real.json.message);
      }
      const post = await read();
      assert.equal(post.title.rendered, 'Override target');
      assert.equal(post.status, 'draft');
      assert.deepEqual(await articles('published', { 'filters[title][$eq]': 'Overwritten' }), []);
    });

    it('?_method=PUT and the PATCH header update; an override to GET reads', async () => {
      const put = await wpJson(`/wp/v2/posts/${id}?_method=PUT`, {
        method: 'POST',
        body: { title: 'Put by override', content: '<p>Body.</p>' },
      });
      assert.equal(put.status, 200, put.text);
      assert.equal((await read()).title.rendered, 'Put by override');

      const patch = await wpJson(`/wp/v2/posts/${id}`, {
        method: 'POST',
        headers: { 'x-http-method-override': 'PATCH' },
        body: { title: 'Patched by override', content: '<p>Body.</p>' },
      });
      assert.equal(patch.status, 200, patch.text);
      assert.equal((await read()).title.rendered, 'Patched by override');

      const get = await wpJson(`/wp/v2/posts/${id}`, {
        method: 'POST',
        headers: { 'x-http-method-override': 'GET' },
        body: { title: 'Not written', content: '<p>Not written.</p>' },
      });
      assert.equal(get.status, 200, get.text);
      assert.equal(get.json.title.rendered, 'Patched by override');
      assert.equal((await read()).title.rendered, 'Patched by override');
    });

    it('a GET is never turned into a write', async () => {
      for (const path of [`/wp/v2/posts/${id}?_method=POST`, '/wp/v2/posts?_method=POST']) {
        assertWordPressError(await wpJson(path), 404, 'rest_no_route');
      }
      assertWordPressError(
        await wpJson(`/wp/v2/posts/${id}`, { headers: { 'x-http-method-override': 'PUT' } }),
        404,
        'rest_no_route'
      );
      assert.equal((await read()).title.rendered, 'Patched by override');
    });
  });

  describe('text cleaned as on the contract door (point 8)', () => {
    it('post titles, category names, media alt_text and caption lose control, bidi and zero-width characters', async () => {
      const category = await wpJson('/wp/v2/categories', {
        method: 'POST',
        body: { name: dirty('Herb garden') },
      });
      assert.equal(category.status, 201, category.text);
      assert.equal(category.json.name, 'Herb garden');
      const categories = await request(`${site.url}/api/categories?filters[id][$eq]=${category.json.id}`);
      assert.deepEqual(
        categories.json.data.map((row: { name: string }) => row.name),
        ['Herb garden']
      );

      const form = new FormData();
      form.append('file', new Blob([await makeImage('png', 40, 30, 5)], { type: 'image/png' }), 'herbs.png');
      form.append('alt_text', dirty('Basil in a pot'));
      form.append('caption', dirty('Grown on a sill'));
      const upload = await fetch(`${site.url}/wp-json/wp/v2/media`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const media = (await upload.json()) as { id: number; alt_text: string };
      assert.equal(upload.status, 201, JSON.stringify(media));
      assert.equal(media.alt_text, 'Basil in a pot');
      const file = (await tableRows(site.database, 'files')).find((row) => row.id === media.id);
      assert.equal(file?.alternative_text, 'Basil in a pot');
      assert.equal(file?.caption, 'Grown on a sill');

      const post = await createPost({
        title: dirty('Growing herbs'),
        status: 'publish',
        categories: [category.json.id],
        featured_media: media.id,
      });
      assert.equal(post.status, 201, post.text);
      assert.equal(post.json.title.raw, 'Growing herbs');
      const stored = await articles('published', { 'filters[title][$eq]': 'Growing herbs' });
      assert.equal(stored.length, 1, 'stored with its clean title');

      const retitled = await wpJson(`/wp/v2/posts/${post.json.id}`, {
        method: 'POST',
        body: { title: { raw: dirty('Growing more herbs') }, content: '<p>Body.</p>' },
      });
      assert.equal(retitled.status, 200, retitled.text);
      assert.equal(retitled.json.title.raw, 'Growing more herbs');

      // A name of invisible characters only is no name.
      const blank = await wpJson('/wp/v2/categories', {
        method: 'POST',
        body: { name: '\u200B\u202E\u0007' },
      });
      assertWordPressError(blank, 400, 'rest_invalid_param');
    });
  });

  describe('XML-RPC (point 12)', () => {
    const call = (method: string, params: unknown[]) =>
      new Promise<{ error: XmlRpcFault | null; value: unknown }>((resolve) => {
        const client = xmlrpc.createClient({ url: `${site.url}/xmlrpc.php` });
        client.methodCall(method, params, (error, value) => resolve({ error, value }));
      });

    it('answers the fault of a WordPress with XML-RPC disabled, which an XML-RPC client reads', async () => {
      const { error } = await call('wp.getUsersBlogs', [LOGIN, PASSWORD]);
      assert.ok(error, 'a fault');
      assert.equal(error.faultCode, 405, String(error));
      assert.equal(error.faultString, 'XML-RPC services are disabled on this site.');
      // As an enabled WordPress sends every fault (a disabled one sends 405): clients read it as a fault.
      assert.equal(error.res?.statusCode, 200);
      assert.match(String(error.res?.headers['content-type']), /^text\/xml; charset=utf-8$/i);

      const get = await request(`${site.url}/xmlrpc.php`);
      assert.equal(get.status, 405);
      assert.equal(get.headers.allow, 'POST');
      assert.equal(get.text, 'XML-RPC server accepts POST requests only.');
    });

    it('is 404 while wordpressPaths is off', async () => {
      const token = await registerSuperAdmin(site.url);
      const save = (wordpressPaths: boolean) =>
        request(`${site.url}/article-publisher/settings`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}` },
          body: { wordpressPaths },
        });
      assert.equal((await save(false)).status, 200);
      try {
        const off = await request(`${site.url}/xmlrpc.php`, {
          method: 'POST',
          headers: { 'content-type': 'text/xml' },
          body: '<?xml version="1.0"?><methodCall><methodName>demo.sayHello</methodName></methodCall>',
        });
        assert.equal(off.status, 404, off.text);
        const { error } = await call('wp.getUsersBlogs', [LOGIN, PASSWORD]);
        assert.equal(error?.message, 'Not Found');
      } finally {
        assert.equal((await save(true)).status, 200);
      }
      assert.equal((await call('wp.getUsersBlogs', [LOGIN, PASSWORD])).error?.faultCode, 405);
    });
  });
});
