import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signWebhook } from '../core/src/webhook-signature';
import { registerSuperAdmin } from './helpers/admin';
import { runCli } from './helpers/cli';
import { request, type HttpResponse } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';
import { postWebhook } from './helpers/webhook';

const KEY = 'apk_wordpress-paths-0123456789abcdef';
const SECRET = 'whsec_wordpress-paths-0123456789abcdef';
const BODY_LIMIT = 256 * 1024;

/** The three ways a service can address a route: Strapi's prefix and WordPress's two. */
type PathForm = 'native' | 'wp-json' | 'rest_route';
const WORDPRESS_FORMS: PathForm[] = ['wp-json', 'rest_route'];
const ALL_FORMS: PathForm[] = ['native', ...WORDPRESS_FORMS];

function routeUrl(siteUrl: string, form: PathForm, name: string, restPrefix = '/api'): string {
  if (form === 'wp-json') return `${siteUrl}/wp-json/service/v1/${name}`;
  if (form === 'rest_route') return `${siteUrl}/?rest_route=/service/v1/${name}`;
  return `${siteUrl}${restPrefix}/service/v1/${name}`;
}

interface Client {
  key?: string;
  localAddress?: string;
}

const ping = (url: string, { key, localAddress }: Client = {}) =>
  request(url, { headers: key === undefined ? {} : { 'X-Service-Key': key }, localAddress });

const publish = (url: string, body: unknown, { key = KEY, localAddress }: Client = {}) =>
  request(url, { method: 'POST', headers: { 'X-Service-Key': key }, body, localAddress });

const webhookBody = (articleId: number, slug: string) =>
  JSON.stringify({
    event: 'article.published',
    article_id: articleId,
    title: `Delivered ${slug}`,
    slug,
    html_content: '<p>Delivered through a WordPress path.</p>',
    target_status: 'draft',
  });

/** Status and body, which must not depend on the path a request took. */
const answer = (response: HttpResponse) => ({ status: response.status, body: response.json as unknown });

describe('service routes under WordPress paths (/wp-json and ?rest_route)', () => {
  let site: Playground;
  let ownerToken: string;
  const url = (form: PathForm, name: string) => routeUrl(site.url, form, name);

  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_API_KEY: KEY, ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET },
      pluginConfig: { bodyLimitBytes: BODY_LIMIT },
    });
    ownerToken = await registerSuperAdmin(site.url);
  });
  after(async () => site?.stop());

  const saveSettings = (settings: Record<string, unknown>) =>
    request(`${site.url}/article-publisher/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ownerToken}` },
      body: settings,
    });

  it('ping answers the same under every path and lists the prefixes that answer', async () => {
    const native = await ping(url('native', 'ping'), { key: KEY });
    assert.equal(native.status, 200, native.text);
    assert.deepEqual(native.json.route_prefixes, ['/api', '/wp-json', '/?rest_route=']);
    for (const form of WORDPRESS_FORMS) {
      assert.deepEqual(answer(await ping(url(form, 'ping'), { key: KEY })), answer(native), form);
    }
  });

  it('refuses a missing or wrong key with 401/403 in the contract shape there too', async () => {
    // Each form from its own address, so the three count their failures apart.
    const addresses: Record<PathForm, string> = {
      native: '127.0.0.21',
      'wp-json': '127.0.0.22',
      rest_route: '127.0.0.23',
    };
    const refusals = async (form: PathForm) => {
      const client = { localAddress: addresses[form] };
      return [
        answer(await ping(url(form, 'ping'), client)),
        answer(await ping(url(form, 'ping'), { ...client, key: 'apk_not-the-key' })),
        answer(
          await publish(
            url(form, 'publish-post'),
            { title: 'x', content: '<p>x</p>' },
            { ...client, key: 'apk_not-the-key' }
          )
        ),
      ];
    };
    const native = await refusals('native');
    assert.deepEqual(
      native.map(({ status, body }) => [status, (body as { code: string }).code]),
      [
        [401, 'missing_api_key'],
        [403, 'invalid_api_key'],
        [403, 'invalid_api_key'],
      ]
    );
    for (const form of WORDPRESS_FORMS) assert.deepEqual(await refusals(form), native, form);
  });

  it('publish-post gives the same answer through every path, to one post', async () => {
    const article = {
      title: 'Through WordPress paths',
      slug: 'through-wordpress-paths',
      content: '<p>Same post.</p>',
    };
    const created = await publish(url('native', 'publish-post'), article);
    assert.equal(created.status, 201, created.text);
    // The same request again updates the same post, with the same answer whichever path it takes.
    const updated = await publish(url('native', 'publish-post'), article);
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.json, created.json);
    for (const form of WORDPRESS_FORMS) {
      assert.deepEqual(answer(await publish(url(form, 'publish-post'), article)), answer(updated), form);
    }
    // The connector may send a query string of its own next to rest_route.
    const withQuery = await publish(`${url('rest_route', 'publish-post')}&_locale=en`, article);
    assert.deepEqual(answer(withQuery), answer(updated));
    assert.equal((await readArticle(site.url, article.slug)).length, 1);
  });

  it('accepts a signed webhook through every path and refuses an unsigned one with 401', async () => {
    // A first delivery through each WordPress path is received and written.
    for (const [index, form] of WORDPRESS_FORMS.entries()) {
      const body = webhookBody(7100 + index, `webhook-via-${form.replace('_', '-')}`);
      const response = await postWebhook(url(form, 'webhook'), body, signWebhook(body, SECRET));
      assert.equal(response.status, 200, `${form}: ${response.text}`);
      assert.equal(response.json.received, true);
      assert.equal(response.json.duplicate, false);
      assert.equal((await readArticle(site.url, `webhook-via-${form.replace('_', '-')}`)).length, 1, form);
    }

    // The same delivery repeated answers the same through every path.
    const body = webhookBody(7200, 'webhook-repeated');
    assert.equal((await postWebhook(url('native', 'webhook'), body, signWebhook(body, SECRET))).status, 200);
    const repeats = [];
    for (const form of ALL_FORMS)
      repeats.push(answer(await postWebhook(url(form, 'webhook'), body, signWebhook(body, SECRET))));
    assert.equal(repeats[0].status, 200);
    assert.equal((repeats[0].body as { duplicate: boolean }).duplicate, true);
    assert.deepEqual(repeats[1], repeats[0], 'wp-json');
    assert.deepEqual(repeats[2], repeats[0], 'rest_route');

    const unsigned = [];
    for (const form of ALL_FORMS)
      unsigned.push(
        answer(await postWebhook(url(form, 'webhook'), body, null, { localAddress: '127.0.0.24' }))
      );
    assert.equal(unsigned[0].status, 401);
    assert.equal((unsigned[0].body as { code: string }).code, 'invalid_signature');
    assert.deepEqual(unsigned[1], unsigned[0], 'wp-json');
    assert.deepEqual(unsigned[2], unsigned[0], 'rest_route');
  });

  it('refuses bodies over the limit with 413 in the contract shape there too', async () => {
    const big = { title: 'Too big', content: `<p>${'x'.repeat(BODY_LIMIT)}</p>` };
    const bigRaw = webhookBody(7300, 'too-big').replace('Delivered through', 'x'.repeat(BODY_LIMIT));
    const expected = {
      status: 413,
      body: {
        code: 'payload_too_large',
        message: `The request body is larger than ${BODY_LIMIT} bytes.`,
        data: { status: 413 },
      },
    };
    for (const form of ALL_FORMS) {
      assert.deepEqual(
        answer(await publish(url(form, 'publish-post'), big)),
        expected,
        `publish-post ${form}`
      );
      const signed = await postWebhook(url(form, 'webhook'), bigRaw, signWebhook(bigRaw, SECRET));
      assert.deepEqual(answer(signed), expected, `webhook ${form}`);
    }
  });

  it('throttles failed attempts across the paths with 429 in the contract shape', async () => {
    const attacker = { localAddress: '127.0.0.25', key: 'apk_guess' };
    for (let attempt = 1; attempt <= 20; attempt++) {
      const form = WORDPRESS_FORMS[attempt % 2];
      assert.equal((await ping(url(form, 'ping'), attacker)).status, 403, `attempt ${attempt} via ${form}`);
    }
    for (const form of ALL_FORMS) {
      const blocked = await ping(url(form, 'ping'), attacker);
      assert.equal(blocked.status, 429, form);
      assert.equal(blocked.json.code, 'rate_limited');
      assert.deepEqual(blocked.json.data, { status: 429 });
      assert.ok(Number(blocked.headers['retry-after']) > 0, `${form}: Retry-After`);
    }
    // The right key still passes from that address, whichever path it takes.
    for (const form of WORDPRESS_FORMS) {
      assert.equal((await ping(url(form, 'ping'), { ...attacker, key: KEY })).status, 200, form);
    }
  });

  it('article-publisher check passes with --api-prefix /wp-json', async () => {
    const result = await runCli([
      'check',
      '--site',
      site.url,
      '--api-prefix',
      '/wp-json',
      '--key',
      KEY,
      '--webhook-url',
      url('wp-json', 'webhook'),
      '--secret',
      SECRET,
    ]);
    assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, / 0 failed, 0 skipped\. The site honours the contract\./);
  });

  it('answers 404 there once the WordPress paths are turned off in the admin; /api is unaffected', async () => {
    const off = await saveSettings({ wordpressPaths: false });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.json.settings.wordpressPaths, false);

    const body = webhookBody(7400, 'webhook-while-off');
    for (const form of WORDPRESS_FORMS) {
      assert.equal((await ping(url(form, 'ping'), { key: KEY })).status, 404, `ping ${form}`);
      const article = { title: 'Off', slug: 'published-while-off', content: '<p>x</p>' };
      assert.equal((await publish(url(form, 'publish-post'), article)).status, 404, `publish-post ${form}`);
      assert.equal(
        (await postWebhook(url(form, 'webhook'), body, signWebhook(body, SECRET))).status,
        404,
        `webhook ${form}`
      );
    }
    assert.deepEqual(await readArticle(site.url, 'published-while-off'), []);

    const native = await ping(url('native', 'ping'), { key: KEY });
    assert.equal(native.status, 200);
    assert.deepEqual(native.json.route_prefixes, ['/api']);
    assert.equal((await postWebhook(url('native', 'webhook'), body, signWebhook(body, SECRET))).status, 200);

    // Turned back on, they answer at once (the setting is read per request).
    assert.equal((await saveSettings({ wordpressPaths: true })).status, 200);
    for (const form of WORDPRESS_FORMS)
      assert.equal((await ping(url(form, 'ping'), { key: KEY })).status, 200, form);
  });
});

describe("native service routes under a moved REST prefix (Strapi's api.rest.prefix = /rest)", () => {
  let site: Playground;
  const url = (form: PathForm, name: string) => routeUrl(site.url, form, name, '/rest');

  before(async () => {
    site = await startPlayground({
      env: {
        API_REST_PREFIX: '/rest',
        ARTICLE_PUBLISHER_API_KEY: KEY,
        ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET,
      },
    });
  });
  after(async () => site?.stop());

  it('answers under /rest, not /api, and the WordPress paths lead there', async () => {
    const native = await ping(url('native', 'ping'), { key: KEY });
    assert.equal(native.status, 200, native.text);
    assert.deepEqual(native.json.route_prefixes, ['/rest', '/wp-json', '/?rest_route=']);
    assert.equal((await ping(`${site.url}/api/service/v1/ping`, { key: KEY })).status, 404);
    for (const form of WORDPRESS_FORMS) {
      assert.deepEqual(answer(await ping(url(form, 'ping'), { key: KEY })), answer(native), form);
    }
  });

  it('reads publish-post and webhook bodies under /rest (the global body parser leaves them alone)', async () => {
    const published = await publish(url('native', 'publish-post'), {
      title: 'Under rest',
      slug: 'under-rest',
      content: '<p>x</p>',
    });
    assert.equal(published.status, 201, published.text);
    const body = webhookBody(7500, 'delivered-under-rest');
    const delivered = await postWebhook(url('native', 'webhook'), body, signWebhook(body, SECRET));
    assert.equal(delivered.status, 200, delivered.text);
    assert.equal(delivered.json.received, true);
  });

  it('shows the /rest addresses in the admin', async () => {
    const token = await registerSuperAdmin(site.url);
    const settings = await request(`${site.url}/article-publisher/settings`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(settings.status, 200, settings.text);
    assert.equal(settings.json.endpointPaths.ping, '/rest/service/v1/ping');
    assert.equal(settings.json.endpointPaths.webhook, '/rest/service/v1/webhook');
  });
});
