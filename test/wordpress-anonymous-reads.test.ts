import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import ElogDeploy, { DeployPlatformEnum, type DeployConfig } from '@elog/deploy';
import WP from 'wordpress-rest-api';
import WPAPI from 'wpapi';
import xmlrpc, { type XmlRpcFault } from 'xmlrpc';
import { registerSuperAdmin } from './helpers/admin';
import { request, type HttpResponse } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { setPublicPermissions } from './helpers/public-role';
import { readEntries } from './helpers/real-sites';

/**
 * Issue #56 part B: the WordPress door's reads as WordPress serves them. Anonymous reads follow the
 * site's own Public role; real clients that read without credentials (Elog's deployer, the old
 * wordpress-rest-api, WPAPI.discover) do their normal flow on the default playground; XML-RPC answers
 * as a WordPress with XML-RPC disabled to Python's standard client and the npm one.
 */
/** An article as Elog's writers hand it to a deployer. */
type ElogDocument = Parameters<ElogDeploy['deploy']>[0][number];

const LOGIN = 'editor';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const BASIC = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;
const PUBLIC_READS = {
  'api::article.article.find': true,
  'api::category.category.find': true,
  'plugin::upload.content-api.find': true,
};
const NOTHING_PUBLIC = Object.fromEntries(Object.keys(PUBLIC_READS).map((action) => [action, false]));

const assertError = (response: HttpResponse, status: number, code: string) => {
  assert.equal(response.status, status, `${response.status} ${response.text.slice(0, 300)}`);
  assert.equal(response.json?.code, code, response.text.slice(0, 300));
};

describe('the WordPress door reads as WordPress serves them (issue #56 part B)', () => {
  let site: Playground;
  let adminToken: string;
  const images = new ImageServer();

  /** A request from its own client address, so throttle counts of one test do not meet another's. */
  const wp = (
    path: string,
    options: { auth?: boolean; method?: string; body?: unknown; from?: string } = {}
  ) =>
    request(`${site.url}/wp-json${path}`, {
      method: options.method,
      body: options.body,
      headers: options.auth ? { authorization: BASIC } : {},
      localAddress: options.from,
    });

  const failuresOf = async (client: string) => {
    const answer = await request(`${site.url}/article-publisher/activity/auth-failures`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    assert.equal(answer.status, 200, answer.text);
    const found = (answer.json.clients as { client: string; count: number }[]).find((each) =>
      each.client.endsWith(client)
    );
    return found?.count ?? 0;
  };

  before(async () => {
    await images.start();
    // As `npm start` runs it: the admin panel served, where the home page's redirect leads.
    site = await startPlayground({
      articleBodyFormat: 'auto',
      withAdminPanel: true,
      startTimeoutMs: 180_000,
      env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}` },
    });
    adminToken = await registerSuperAdmin(site.url);
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  describe('anonymous reads follow the Public role', () => {
    let published: { id: number; slug: string };
    let draft: { id: number };
    let mediaId: number;

    before(async () => {
      const category = await wp('/wp/v2/categories', { auth: true, method: 'POST', body: { name: 'Herbs' } });
      const tag = await wp('/wp/v2/tags', { auth: true, method: 'POST', body: { name: 'basil' } });
      const upload = await request(`${site.url}/wp-json/wp/v2/media`, {
        method: 'POST',
        headers: {
          authorization: BASIC,
          'content-type': 'image/png',
          'content-disposition': 'attachment; filename="basil.png"',
        },
        body: await makeImage('png', 64, 48, 3),
      });
      assert.equal(upload.status, 201, upload.text);
      mediaId = upload.json.id;
      const post = await wp('/wp/v2/posts', {
        auth: true,
        method: 'POST',
        body: {
          title: 'Growing Basil Indoors',
          content: '<p>A sunny window and a deep pot are all that basil asks for, all year round.</p>',
          status: 'publish',
          categories: [category.json.id],
          tags: [tag.json.id],
          featured_media: mediaId,
        },
      });
      assert.equal(post.status, 201, post.text);
      published = post.json;
      const unpublished = await wp('/wp/v2/posts', {
        auth: true,
        method: 'POST',
        body: { title: 'Drying Basil', content: '<p>Hang it upside down in the shade for two weeks.</p>' },
      });
      assert.equal(unpublished.status, 201, unpublished.text);
      draft = unpublished.json;
    });

    it('answers 200 to anyone where the Public role may read: a published post, ?slug=, categories, tags, media, a user', async () => {
      await setPublicPermissions(site.url, adminToken, PUBLIC_READS);
      const post = await wp(`/wp/v2/posts/${published.id}`);
      assert.equal(post.status, 200, post.text);
      assert.equal(post.json.title.rendered, 'Growing Basil Indoors');
      assert.equal(post.json.title.raw, undefined, 'the view context: no raw values');

      const bySlug = await wp(`/wp/v2/posts?slug=${published.slug}`);
      assert.equal(bySlug.status, 200, bySlug.text);
      assert.deepEqual(
        bySlug.json.map((each: { id: number }) => each.id),
        [published.id]
      );
      const list = await wp('/wp/v2/posts');
      assert.deepEqual(
        list.json.map((each: { id: number }) => each.id),
        [published.id],
        'published posts only'
      );

      const categories = await wp('/wp/v2/categories?search=Herbs');
      assert.equal(categories.status, 200, categories.text);
      assert.deepEqual(
        categories.json.map((each: { name: string }) => each.name),
        ['Herbs']
      );
      const tags = await wp('/wp/v2/tags');
      assert.equal(tags.status, 200, tags.text);
      assert.ok(
        tags.json.some((each: { name: string }) => each.name === 'basil'),
        tags.text
      );

      const media = await wp('/wp/v2/media?media_type=image&per_page=5');
      assert.equal(media.status, 200, media.text);
      assert.equal(media.headers['x-wp-total'], '1');
      assert.equal(media.headers['x-wp-totalpages'], '1');
      assert.equal(media.json[0].id, mediaId);
      assert.equal(media.json[0].media_type, 'image');
      assert.equal((await wp(`/wp/v2/media/${mediaId}`)).json.id, mediaId);

      const author = await wp(`/wp/v2/users/${post.json.author}`);
      assert.equal(author.status, 200, author.text);
      assert.equal(author.json.name, LOGIN);
      assert.equal(author.json.capabilities, undefined, 'others see the view context');
      const found = await wp(`/wp/v2/users?search=${LOGIN}`);
      assert.deepEqual(
        found.json.map((each: { id: number }) => each.id),
        [post.json.author]
      );
    });

    it('refuses a draft, context=edit and other statuses to anyone signed out, as WordPress does', async () => {
      assertError(await wp(`/wp/v2/posts/${draft.id}`), 401, 'rest_forbidden');
      assertError(await wp(`/wp/v2/posts/${published.id}?context=edit`), 401, 'rest_forbidden_context');
      assertError(await wp('/wp/v2/posts?status=draft'), 400, 'rest_invalid_param');
      assertError(await wp('/wp/v2/media?context=edit'), 401, 'rest_forbidden_context');
      assertError(await wp('/wp/v2/users/1?context=edit'), 401, 'rest_user_cannot_view');
      assertError(await wp('/wp/v2/users/me'), 401, 'rest_not_logged_in');
      // The password still reads the draft.
      assert.equal((await wp(`/wp/v2/posts/${draft.id}`, { auth: true })).status, 200);
    });

    it('answers 401 where the Public role may not read, and never counts an anonymous read as a failed login', async () => {
      await setPublicPermissions(site.url, adminToken, NOTHING_PUBLIC);
      try {
        const from = '127.0.0.31';
        for (const path of [
          `/wp/v2/posts/${published.id}`,
          `/wp/v2/posts?slug=${published.slug}`,
          '/wp/v2/categories',
          '/wp/v2/media',
          `/wp/v2/media/${mediaId}`,
          '/wp/v2/users/1',
        ])
          assertError(await wp(path, { from }), 401, 'rest_not_logged_in');
        // Tags the plugin keeps (the Article has no tag relation) are the posts' own: refused with them.
        assertError(await wp('/wp/v2/tags', { from }), 401, 'rest_not_logged_in');
        assertError(await wp(`/wp/v2/posts/${draft.id}`, { from }), 401, 'rest_not_logged_in');
        // Many more refused anonymous reads than the throttle allows failures: none is counted or throttled.
        for (let i = 0; i < 12; i++)
          assertError(await wp('/wp/v2/posts', { from }), 401, 'rest_not_logged_in');
        assert.equal(await failuresOf(from), 0, 'no anonymous read was counted');

        // A wrong credential still counts.
        const wrong = await request(`${site.url}/wp-json/wp/v2/posts`, {
          headers: { authorization: `Basic ${Buffer.from(`${LOGIN}:wrong`).toString('base64')}` },
          localAddress: from,
        });
        assertError(wrong, 401, 'rest_not_logged_in');
        assert.equal(await failuresOf(from), 1, 'the wrong password was counted');
      } finally {
        await setPublicPermissions(site.url, adminToken, PUBLIC_READS);
      }
      // Allowed again: the same reads answer anyone.
      assert.equal((await wp(`/wp/v2/posts/${published.id}`, { from: '127.0.0.32' })).status, 200);
    });
  });

  describe('real clients that read without credentials', () => {
    it("Elog's WordPress deployer (@elog/deploy over @elog/sdk-wordpress) deploys an article with its cover", async () => {
      await setPublicPermissions(site.url, adminToken, PUBLIC_READS);
      const cover = images.file('/covers/tomatoes.png', await makeImage('png', 320, 200, 7), 'image/png');
      const libraryIds = async () =>
        ((await wp('/wp/v2/media?per_page=100', { auth: true })).json as { id: number }[]).map((m) => m.id);
      const before = new Set(await libraryIds());
      // Elog's own deployer, as `elog sync` runs it for a WordPress target: it lists posts, tags, categories
      // and media (without credentials: its wpapi client sends them only on writes), creates the missing
      // terms, fetches the cover and uploads it, converts the Markdown body to HTML, and creates the post.
      // On any failure it calls process.exit(-1), which here fails the test with the reason instead.
      const exit = process.exit;
      process.exit = ((code?: number) => {
        throw new Error(`Elog's deployer gave up (process.exit(${code})): see its log above`);
      }) as typeof process.exit;
      try {
        await new ElogDeploy({
          platform: DeployPlatformEnum.WORDPRESS,
          wordpress: { endpoint: `${site.url}/wp-json`, username: LOGIN, password: PASSWORD },
        } as DeployConfig).deploy([
          {
            id: 'tomatoes',
            doc_id: 'tomatoes',
            body: '## Why stake\n\nStaked plants stay off the ground, so their fruit does not rot.\n',
            body_original: '',
            properties: {
              title: 'Staking Tomatoes',
              urlname: 'staking-tomatoes',
              description: 'Keep the fruit off the ground.',
              cover,
              tags: ['tomatoes'],
              categories: ['Vegetables'],
            },
          } as unknown as ElogDocument,
        ]);
      } finally {
        process.exit = exit;
      }
      const added = (await libraryIds()).filter((id) => !before.has(id));
      assert.equal(added.length, 1, 'the deployer uploaded its cover');
      const uploaded = (await wp(`/wp/v2/media/${added[0]}`)).json as { id: number; source_url: string };
      assert.ok(uploaded.source_url.startsWith(`${site.url}/uploads/`), uploaded.source_url);
      const [created] = (await wp('/wp/v2/posts?slug=staking-tomatoes')).json as {
        id: number;
        status: string;
      }[];
      assert.equal(created.status, 'publish');

      const [entry, ...others] = await readEntries(
        site.url,
        'articles',
        { slug: 'staking-tomatoes' },
        { 'populate[cover]': 'true', 'populate[categories]': 'true' }
      );
      assert.ok(entry, 'the article is published in Strapi');
      assert.equal(others.length, 0);
      assert.equal(entry.title, 'Staking Tomatoes');
      assert.match(entry.content, /^## Why stake$/m);
      assert.equal(entry.cover?.id, uploaded.id, "the uploaded cover is the entry's");
      assert.deepEqual(
        entry.categories.map((each: { name: string }) => each.name),
        ['Vegetables']
      );
      // A second deploy finds its post among the listed ones, as the deployer matches them by title.
      const again = (await wp('/wp/v2/posts?per_page=100')).json as {
        id: number;
        title: { rendered: string };
      }[];
      assert.ok(again.some((each) => each.title.rendered === 'Staking Tomatoes' && each.id === created.id));
    });

    it('wordpress-rest-api (the old wpapi) reads a published post back without credentials', async () => {
      const [entry] = await readEntries(site.url, 'articles', { slug: 'staking-tomatoes' });
      assert.ok(entry, 'the Elog test published it');
      const list = await wp('/wp/v2/posts?slug=staking-tomatoes');
      const id = list.json[0].id as number;
      const old = new WP({ endpoint: `${site.url}/wp-json` });
      const post = await old.posts().id(id).get();
      assert.equal(post.id, id);
      assert.equal(post.title.rendered, entry.title);
      assert.equal(post.status, 'publish');
    });

    it('WPAPI.discover finds the API from the site address (home page, redirect and all)', async () => {
      // Strapi's bare redirect to its admin is answered as WordPress's home page: 200 with the link,
      // and a browser sent on to the admin (wpapi's first HEAD follows no redirect).
      for (const method of ['HEAD', 'GET']) {
        const home = await request(`${site.url}/`, { method });
        assert.equal(home.status, 200, `${method} /`);
        assert.match(String(home.headers.link), /\/wp-json\/>; rel="https:\/\/api\.w\.org\/"/);
      }
      const page = await request(`${site.url}/`);
      assert.match(page.text, /<link rel="https:\/\/api\.w\.org\/" href="[^"]+\/wp-json\/">/);
      assert.match(page.text, /<meta http-equiv="refresh" content="0; url=[^"]*\/admin">/);
      const landed = await request(`${site.url}/admin`, { method: 'HEAD' });
      assert.match(
        String(landed.headers.link),
        /rel="https:\/\/api\.w\.org\/"/,
        `HEAD /admin: ${landed.status}`
      );

      const discovered = await WPAPI.discover(site.url);
      const posts = await discovered.posts().slug('staking-tomatoes').get();
      assert.equal(posts.length, 1);
      assert.equal(posts[0].title.rendered, 'Staking Tomatoes');
    });
  });

  describe('XML-RPC as a WordPress with XML-RPC disabled', () => {
    it("Python's xmlrpc.client, as python-wordpress-xmlrpc's Client uses it, gets the fault", async () => {
      // python-wordpress-xmlrpc cannot be installed here; its Client.__init__ asks mt.supportedMethods
      // first, then call() sends the method with (blog_id, username, password, ...).
      const script = `
import json, sys, xmlrpc.client
server = xmlrpc.client.ServerProxy(sys.argv[1], allow_none=True)
supported = server.mt.supportedMethods()
listed = server.system.listMethods()
try:
    server.wp.newPost(0, sys.argv[2], sys.argv[3], {"post_title": "From Python", "post_status": "publish"})
    print(json.dumps({"answered": True}))
except xmlrpc.client.Fault as fault:
    print(json.dumps({"supported": supported, "listed": listed, "code": fault.faultCode, "message": fault.faultString}))
`;
      const { stdout } = await promisify(execFile)('python3', [
        '-c',
        script,
        `${site.url}/xmlrpc.php`,
        LOGIN,
        PASSWORD,
      ]);
      const answer = JSON.parse(stdout);
      assert.equal(answer.code, 405, stdout);
      assert.equal(answer.message, 'XML-RPC services are disabled on this site.');
      assert.ok(answer.supported.includes('wp.newPost') && answer.supported.includes('metaWeblog.newPost'));
      assert.ok(answer.listed.includes('system.listMethods') && answer.listed.includes('wp.getUsersBlogs'));
      const [entry] = await readEntries(site.url, 'articles', { title: 'From Python' }, {}, 'draft');
      assert.equal(entry, undefined, 'nothing was written');
    });

    it('the npm xmlrpc client gets the method list and the fault; ?rsd points at the REST API', async () => {
      const client = xmlrpc.createClient({ url: `${site.url}/xmlrpc.php` });
      const call = (method: string, params: unknown[]) =>
        new Promise<{ error: XmlRpcFault | null; value: unknown }>((resolve) =>
          client.methodCall(method, params, (error, value) => resolve({ error, value }))
        );
      const supported = await call('mt.supportedMethods', []);
      assert.equal(supported.error, null);
      assert.ok((supported.value as string[]).includes('wp.getUsersBlogs'));
      const { error } = await call('wp.getUsersBlogs', [LOGIN, PASSWORD]);
      assert.equal(error?.faultCode, 405, String(error));
      assert.equal(error?.faultString, 'XML-RPC services are disabled on this site.');
      assert.equal(error?.res?.statusCode, 200);

      const rsd = await request(`${site.url}/xmlrpc.php?rsd`);
      assert.equal(rsd.status, 200);
      assert.match(String(rsd.headers['content-type']), /^text\/xml/);
      assert.ok(
        rsd.text.includes(
          `<api name="WP-API" blogID="1" preferred="false" apiLink="${site.url}/wp-json/" />`
        ),
        rsd.text
      );
    });
  });
});
