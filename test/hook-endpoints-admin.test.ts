import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAdminInNewRole, grantPluginActions, registerSuperAdmin } from './helpers/admin';
import { createTestDatabase, tableRows, tablesContaining, type TestDatabase } from './helpers/databases';
import { hookSample, postHook, serviceHeaders } from './helpers/hooks';
import { request } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

const TABLE = 'article_publisher_hook_endpoints';
const CONFIG_ID = 'config-outrank-0123456789abcdef';
const CONFIG_SECRET = 'config-secret-abcdefghijklmnop';
/** Short, so the test sees the grace period end without waiting a day. */
const GRACE_SECONDS = 6;
const UNKNOWN_ENDPOINT = {
  code: 'not_found',
  message: 'No webhook endpoint has this address.',
  data: { status: 404 },
};

/** An Outrank event this version does not act on: verified, answered 200, nothing written. */
const PING = JSON.stringify({ event_type: 'connection_test', data: {} });

describe('webhook endpoints in the admin (issue #42): stored, listed, secrets shown once, RBAC', () => {
  let site: Playground;
  let database: TestDatabase;
  let ownerToken: string;
  const images = new ImageServer();
  /** Every secret an answer gave, to prove no later answer and no table holds one in clear. */
  const secrets: string[] = [];
  const answers: string[] = [];
  /** The Outrank endpoint the creation test makes, which the delivery test delivers through. */
  let outrankBlog: { id: string; secret: string };

  const admin = async (
    path: string,
    options: { method?: string; body?: unknown; token?: string | null } = {}
  ) => {
    const response = await request(`${site.url}/article-publisher${path}`, {
      method: options.method ?? 'GET',
      body: options.body,
      headers: options.token === null ? {} : { authorization: `Bearer ${options.token ?? ownerToken}` },
    });
    answers.push(response.text);
    return response;
  };

  const create = async (body: Record<string, unknown>) => {
    const response = await admin('/hook-endpoints', { method: 'POST', body });
    assert.equal(response.status, 201, response.text);
    secrets.push(response.json.secret);
    return response.json as { secret: string; endpoint: { id: string; [key: string]: unknown } };
  };

  /** A verified delivery that writes nothing (an event Outrank's preset does not act on). */
  const ping = (id: string, secret: string, path = `/api/service/v1/hooks/${id}`) =>
    postHook(site.url, path, PING, serviceHeaders('outrank', PING, secret));

  const listed = async () => {
    const response = await admin('/hook-endpoints');
    assert.equal(response.status, 200, response.text);
    return response.json;
  };

  before(async () => {
    await images.start();
    images.file('/outrank/webhooks.jpg', await makeImage('jpeg', 320, 200, 7), 'image/jpeg');
    database = await createTestDatabase();
    site = await startPlayground({
      database,
      env: { ARTICLE_PUBLISHER_ALLOW_HTTP: 'true', ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true' },
      pluginConfig: {
        hookSecretGraceSeconds: GRACE_SECONDS,
        authThrottle: { maxFailures: 1000, windowSeconds: 60 },
        webhookEndpoints: [
          { id: CONFIG_ID, preset: 'outrank', secret: CONFIG_SECRET, name: 'Outrank (config)' },
        ],
      },
    });
    ownerToken = await registerSuperAdmin(site.url);
  });
  after(async () => {
    await site?.stop();
    await database?.drop();
    await images.stop();
  });

  it('lists a config endpoint read-only, with the addresses to paste and the grace period', async () => {
    const page = await listed();
    assert.deepEqual(page.paths, {
      api: '/api/service/v1/hooks/',
      wordpress: ['/wp-json/service/v1/hooks/', '/?rest_route=/service/v1/hooks/'],
    });
    assert.equal(page.cmsUrl, null);
    assert.equal(page.graceSeconds, GRACE_SECONDS);
    assert.ok(page.presets.includes('custom') && page.presets.includes('outrank'));
    assert.ok(page.customFields.includes('title'));
    const [declared] = page.endpoints;
    assert.equal(declared.id, CONFIG_ID);
    assert.equal(declared.source, 'config');
    assert.equal(declared.name, 'Outrank (config)');
    assert.equal(declared.enabled, true);
    assert.equal(declared.lastDeliveryAt, null);
    assert.ok(!JSON.stringify(page).includes(CONFIG_SECRET), 'a config secret is never sent');

    for (const [path, method, body] of [
      [`/hook-endpoints/${CONFIG_ID}`, 'PUT', { enabled: false }],
      [`/hook-endpoints/${CONFIG_ID}/secret`, 'POST', {}],
      [`/hook-endpoints/${CONFIG_ID}`, 'DELETE', undefined],
    ] as const) {
      const refused = await admin(path, { method, body });
      assert.equal(refused.status, 400, `${method} ${path}: ${refused.text}`);
      assert.match(refused.json.error.message, /declared in the plugin config/);
    }
    assert.equal((await ping(CONFIG_ID, CONFIG_SECRET)).status, 200, 'still enabled');
    const after = (await listed()).endpoints[0];
    assert.ok(Date.now() - Date.parse(after.lastDeliveryAt) < 60_000, 'its last delivery is noted');
  });

  it('creates an endpoint with an unguessable id and a generated secret, shown once, stored encrypted', async () => {
    const created = await create({ name: 'Outrank blog', preset: 'outrank', options: { status: 'publish' } });
    outrankBlog = { id: created.endpoint.id, secret: created.secret };
    assert.match(created.secret, /^[0-9a-f]{64}$/);
    const { endpoint } = created;
    assert.match(endpoint.id, /^[A-Za-z0-9_-]{32}$/);
    assert.equal(endpoint.source, 'admin');
    assert.equal(endpoint.name, 'Outrank blog');
    assert.equal(endpoint.preset, 'outrank');
    assert.deepEqual(endpoint.options, { status: 'publish' });
    assert.equal(endpoint.enabled, true);
    assert.equal(endpoint.unauthenticated, false);
    assert.equal(endpoint.lastDeliveryAt, null);
    assert.ok(Date.now() - Date.parse(endpoint.createdAt as string) < 60_000);
    assert.deepEqual(endpoint.secret, {
      hint: `…${created.secret.slice(-4)}`,
      createdAt: (endpoint.secret as { createdAt: string }).createdAt,
      previousValidUntil: null,
    });

    const second = await create({ name: 'Second', preset: 'journalist' });
    assert.notEqual(second.endpoint.id, endpoint.id);
    assert.notEqual(second.secret, created.secret);

    const page = await listed();
    assert.deepEqual(
      page.endpoints.map((entry: { id: string; source: string }) => [entry.id, entry.source]),
      [
        [CONFIG_ID, 'config'],
        [second.endpoint.id, 'admin'],
        [endpoint.id, 'admin'],
      ]
    );
    const text = JSON.stringify(page);
    assert.ok(!text.includes(created.secret) && !text.includes(second.secret), 'never listed again');
    assert.deepEqual(await tablesContaining(database, created.secret), [], 'not stored in clear');
    const row = (await tableRows(database, TABLE)).find((entry) => entry.endpoint_id === endpoint.id);
    assert.ok(row);
    assert.equal(Boolean(row.secret_encrypted), true);
  });

  it('delivers an article end to end through a stored endpoint, under every path spelling', async () => {
    const { id, secret } = outrankBlog;
    const endpoint = { id };
    const sample = hookSample('outrank').replaceAll('https://images.example.test', images.url);
    const response = await postHook(
      site.url,
      `/api/service/v1/hooks/${endpoint.id}`,
      sample,
      serviceHeaders('outrank', sample, secret)
    );
    assert.equal(response.status, 200, response.text);
    const [post] = await readArticle(site.url, 'how-to-implement-webhooks', 'published');
    assert.ok(post, 'the article landed, published as the endpoint says');
    assert.equal(post.title, 'How to Implement Webhooks');
    assert.ok(post.content.includes('Webhooks are a way for one app'));
    assert.ok(post.cover, 'its image was imported');
    const ledger = (await tableRows(database, 'article_publisher_deliveries')).filter(
      (row) => row.hook_endpoint === endpoint.id
    );
    assert.equal(ledger.length, 1);
    assert.equal(ledger[0].hook_preset, 'outrank');

    for (const path of [
      `/wp-json/service/v1/hooks/${endpoint.id}`,
      `/?rest_route=/service/v1/hooks/${endpoint.id}`,
    ]) {
      const answer = await ping(endpoint.id, secret, path);
      assert.equal(answer.status, 200, `${path}: ${answer.text}`);
      assert.equal(answer.json.received, true);
    }
    const noted = (await listed()).endpoints.find((entry: { id: string }) => entry.id === endpoint.id);
    assert.ok(Date.now() - Date.parse(noted.lastDeliveryAt) < 60_000, 'the last delivery is shown');
    const wrong = await ping(endpoint.id, 'not-the-secret-of-this-endpoint');
    assert.equal(wrong.status, 401, wrong.text);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = (await tableRows(database, TABLE)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ preset: 'outrank' }, 'name'],
      [{ name: 'x', preset: 'nobody' }, 'preset'],
      [{ name: 'x', preset: 'outrank', secret: 'short' }, 'secret'],
      [{ name: 'x', preset: 'outrank', options: { header: 'X-Nope' } }, 'options.header'],
      [
        { name: 'x', preset: 'custom', options: { auth: { kind: 'bearer' }, fields: { title: 'a' } } },
        'options.fields',
      ],
      [{ name: 'x', preset: 'seocraftai', options: { auth: 'none' } }, 'allowUnauthenticated'],
      [{ name: 'x', preset: 'outrank', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await admin('/hook-endpoints', { method: 'POST', body });
      assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
      const paths = response.json.error.details.errors.map((error: { path: string }) => error.path);
      assert.ok(paths.includes(field), `${JSON.stringify(body)} names ${field}: ${paths}`);
    }
    assert.equal((await tableRows(database, TABLE)).length, before);
  });

  it('takes a secret the service gave, and auth "none" only when the owner says so', async () => {
    const given = 'a-secret-the-service-generated-1234';
    const blogseo = await create({ name: 'BlogSEO', preset: 'blogseo', secret: given });
    assert.equal(blogseo.secret, given);
    const body = JSON.stringify({ article: { id: 'b-1', title: 'Given Secret Works' } });
    const refused = await postHook(site.url, `/api/service/v1/hooks/${blogseo.endpoint.id}`, body, {
      'X-Webhook-Secret': 'another-secret-entirely-12345',
    });
    assert.equal(refused.status, 401, refused.text);

    const open = await create({
      name: 'SEOcraftAI without auth',
      preset: 'seocraftai',
      options: { auth: 'none' },
      allowUnauthenticated: true,
    });
    assert.equal(open.endpoint.unauthenticated, true);
    const test = JSON.stringify({ event: 'test' });
    const answer = await postHook(site.url, `/api/service/v1/hooks/${open.endpoint.id}`, test, {});
    assert.equal(answer.status, 200, answer.text);
    // Changing the options to auth "none" asks again.
    const update = await admin(`/hook-endpoints/${blogseo.endpoint.id}`, {
      method: 'PUT',
      body: { options: { header: 'not a header' } },
    });
    assert.equal(update.status, 400, update.text);
    assert.equal(update.json.error.details.errors[0].path, 'options.header');
  });

  it('regenerates a secret with a grace period: old and new work, then only the new one', async () => {
    const { endpoint, secret: first } = await create({ name: 'Rotating', preset: 'outrank' });
    const regenerated = await admin(`/hook-endpoints/${endpoint.id}/secret`, { method: 'POST', body: {} });
    assert.equal(regenerated.status, 200, regenerated.text);
    const second = regenerated.json.secret as string;
    secrets.push(second);
    assert.match(second, /^[0-9a-f]{64}$/);
    assert.notEqual(second, first);
    const until = Date.parse(regenerated.json.endpoint.secret.previousValidUntil);
    assert.ok(Math.abs(until - (Date.now() + GRACE_SECONDS * 1000)) < 5_000, 'the grace period ends then');
    assert.equal(regenerated.json.endpoint.secret.hint, `…${second.slice(-4)}`);

    assert.equal(
      (await ping(endpoint.id, first)).status,
      200,
      'the old secret works within the grace period'
    );
    assert.equal((await ping(endpoint.id, second)).status, 200, 'the new one too');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now()) + 500));
    const late = await ping(endpoint.id, first);
    assert.equal(late.status, 401, `the old secret is refused after the grace period: ${late.text}`);
    assert.equal((await ping(endpoint.id, second)).status, 200);
    const listedAfter = (await listed()).endpoints.find((entry: { id: string }) => entry.id === endpoint.id);
    assert.equal(listedAfter.secret.previousValidUntil, null);

    // A leaked secret: the old one stops at once.
    const now = await admin(`/hook-endpoints/${endpoint.id}/secret`, {
      method: 'POST',
      body: { endPreviousNow: true },
    });
    assert.equal(now.status, 200, now.text);
    secrets.push(now.json.secret);
    assert.equal(now.json.endpoint.secret.previousValidUntil, null);
    assert.equal((await ping(endpoint.id, second)).status, 401);
    assert.equal((await ping(endpoint.id, now.json.secret)).status, 200);
  });

  it('a disabled endpoint is refused exactly as an unknown one; deleted, it is gone', async () => {
    const { endpoint, secret } = await create({ name: 'Switchable', preset: 'outrank' });
    const disabled = await admin(`/hook-endpoints/${endpoint.id}`, {
      method: 'PUT',
      body: { enabled: false },
    });
    assert.equal(disabled.status, 200, disabled.text);
    assert.equal(disabled.json.enabled, false);
    for (const id of [endpoint.id, 'nobody-has-this-endpoint-id']) {
      const refused = await ping(id, secret);
      assert.equal(refused.status, 404, refused.text);
      assert.deepEqual(refused.json, UNKNOWN_ENDPOINT);
    }
    const enabled = await admin(`/hook-endpoints/${endpoint.id}`, {
      method: 'PUT',
      body: { enabled: true, name: 'Switched back on' },
    });
    assert.equal(enabled.json.name, 'Switched back on');
    assert.equal((await ping(endpoint.id, secret)).status, 200);

    assert.equal((await admin(`/hook-endpoints/${endpoint.id}`, { method: 'DELETE' })).status, 204);
    const gone = await ping(endpoint.id, secret);
    assert.equal(gone.status, 404, gone.text);
    assert.deepEqual(gone.json, UNKNOWN_ENDPOINT);
    assert.equal((await admin(`/hook-endpoints/${endpoint.id}`, { method: 'DELETE' })).status, 404);
    assert.ok(!(await tableRows(database, TABLE)).some((row) => row.endpoint_id === endpoint.id));
  });

  it('needs the plugin permissions: reading with Read settings, changing with Regenerate secrets', async () => {
    const writer = await createAdminInNewRole(site.url, ownerToken, {
      role: 'Writers',
      description: 'No Article Publisher permissions',
      firstname: 'Wendy',
      lastname: 'Writer',
      email: 'writer@example.com',
    });
    const reader = await createAdminInNewRole(site.url, ownerToken, {
      role: 'Readers',
      description: 'Reads the settings only',
      firstname: 'Rita',
      lastname: 'Reader',
      email: 'reader@example.com',
    });
    await grantPluginActions(site.url, ownerToken, 'Readers', ['settings.read']);
    const before = (await tableRows(database, TABLE)).length;
    const someId = (await listed()).endpoints.find(
      (entry: { source: string }) => entry.source === 'admin'
    ).id;

    assert.equal((await admin('/hook-endpoints', { token: null })).status, 401);
    assert.equal((await admin('/hook-endpoints', { token: writer })).status, 403);
    assert.equal((await admin('/hook-endpoints', { token: reader })).status, 200);
    for (const token of [writer, reader]) {
      for (const [path, method, body] of [
        ['/hook-endpoints', 'POST', { name: 'Sneaky', preset: 'outrank' }],
        [`/hook-endpoints/${someId}`, 'PUT', { enabled: false }],
        [`/hook-endpoints/${someId}/secret`, 'POST', {}],
        [`/hook-endpoints/${someId}`, 'DELETE', undefined],
      ] as const) {
        const refused = await admin(path, { method, body, token });
        assert.equal(refused.status, 403, `${method} ${path}: ${refused.text}`);
      }
    }
    assert.equal((await tableRows(database, TABLE)).length, before);
    assert.equal(
      (await listed()).endpoints.find((entry: { id: string }) => entry.id === someId).enabled,
      true
    );
  });

  it('never sends a secret again, nor writes one to the log', () => {
    assert.ok(secrets.length >= 6);
    for (const secret of secrets) {
      assert.equal(answers.filter((text) => text.includes(secret)).length, 1, 'in its one answer only');
      assert.ok(!site.output().includes(secret), 'a secret in the log');
    }
  });

  it('refuses to start when a config endpoint reuses the id of one created in the admin', async () => {
    const stored = (await listed()).endpoints.find((entry: { source: string }) => entry.source === 'admin');
    await site.stop();
    await assert.rejects(
      startPlayground({
        database,
        pluginConfig: { webhookEndpoints: [{ id: stored.id, preset: 'outrank', secret: CONFIG_SECRET }] },
      }),
      (error: Error) => {
        assert.match(
          error.message,
          /"webhookEndpoints\.0\.id" is the id of the endpoint ".+" created in the admin/
        );
        return true;
      }
    );
  });
});
