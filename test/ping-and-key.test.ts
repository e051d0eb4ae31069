import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAdminWithoutPluginPermissions, registerSuperAdmin } from './helpers/admin';
import { tablesContaining } from './helpers/databases';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';

describe('ping, API key and admin key management', () => {
  let site: Playground;
  let ownerToken: string;
  let pingUrl: string;

  before(async () => {
    // A pool size of its own: the ping shows the configured size (the machine's cores would give another).
    site = await startPlayground({ pluginConfig: { workerThreads: 2 } });
    pingUrl = `${site.url}/api/service/v1/ping`;
    ownerToken = await registerSuperAdmin(site.url);
  });
  after(async () => site?.stop());

  const generateKey = async (token = ownerToken) =>
    request(`${site.url}/article-publisher/api-key`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });

  it('answers 503 not_configured before any key exists', async () => {
    const response = await request(pingUrl, { headers: { 'X-Service-Key': 'anything' } });
    assert.equal(response.status, 503);
    assert.deepEqual(response.json, {
      code: 'not_configured',
      message: 'No API key is set on this site yet. Generate one in Settings > Article Publisher.',
      data: { status: 503 },
    });
  });

  it('generates a key through the admin API that ping accepts', async () => {
    const generated = await generateKey();
    assert.equal(generated.status, 200, generated.text);
    const key = generated.json.key as string;
    assert.match(key, /^apk_[A-Za-z0-9_-]{43}$/);
    assert.equal(generated.json.apiKey.source, 'admin');

    const response = await request(pingUrl, { headers: { 'X-Service-Key': key } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.status, 'success');
    assert.equal(response.json.site_name, 'Article Publisher Playground');
    assert.equal(response.json.site_url, `http://localhost:${site.port}`);
    // The spec's cms_version is the CMS's version, bare like WordPress's "6.4.2"; the CMS is named beside it.
    assert.match(response.json.cms_version, /^5\.\d+\.\d+$/);
    assert.equal(response.json.cms, 'strapi');
    assert.equal(response.json.target_content_type, 'api::article.article');
    // The built plugin has its worker file: large articles leave the event loop, on the configured threads.
    assert.deepEqual(response.json.worker_threads, { available: true, size: 2 });

    const settings = await request(`${site.url}/article-publisher/settings`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    assert.equal(settings.status, 200);
    assert.equal(settings.json.apiKey.source, 'admin');
    assert.equal(settings.json.apiKey.hint, `…${key.slice(-4)}`);
    // The admin joins these paths to the CMS address (Strapi's server.url, else its own origin).
    assert.equal(settings.json.endpointPaths.ping, '/api/service/v1/ping');
    assert.ok(!settings.text.includes(key), 'the settings never show the key again');
  });

  it('answers 401 missing_api_key and 403 invalid_api_key in the contract shape', async () => {
    const missing = await request(pingUrl);
    assert.equal(missing.status, 401);
    assert.deepEqual(missing.json, {
      code: 'missing_api_key',
      message: 'The X-Service-Key header is required.',
      data: { status: 401 },
    });
    const wrong = await request(pingUrl, { headers: { 'X-Service-Key': 'apk_wrong' } });
    assert.equal(wrong.status, 403);
    assert.deepEqual(wrong.json, {
      code: 'invalid_api_key',
      message: 'The X-Service-Key header does not match the key set on this site.',
      data: { status: 403 },
    });
  });

  it('regenerating invalidates the old key at once', async () => {
    const first = (await generateKey()).json.key as string;
    const second = (await generateKey()).json.key as string;
    assert.notEqual(first, second);
    assert.equal((await request(pingUrl, { headers: { 'X-Service-Key': first } })).status, 403);
    assert.equal((await request(pingUrl, { headers: { 'X-Service-Key': second } })).status, 200);

    for (const key of [first, second]) {
      assert.deepEqual(
        await tablesContaining(site.database, key),
        [],
        'no table holds the key in plain text'
      );
      assert.deepEqual(await tablesContaining(site.database, key.slice(4, 24)), []);
    }
  });

  it('refuses admins without the permission (403) and requests without a session (401)', async () => {
    const writerToken = await createAdminWithoutPluginPermissions(site.url, ownerToken);
    assert.equal((await generateKey(writerToken)).status, 403);
    const settings = await request(`${site.url}/article-publisher/settings`, {
      headers: { authorization: `Bearer ${writerToken}` },
    });
    assert.equal(settings.status, 403);
    assert.equal((await request(`${site.url}/article-publisher/api-key`, { method: 'POST' })).status, 401);
    assert.equal((await request(`${site.url}/article-publisher/settings`)).status, 401);
  });

  it('throttles a client after 20 failed attempts, while other clients still pass', async () => {
    const key = (await generateKey()).json.key as string;
    const attacker = { localAddress: '127.0.0.7' };
    for (let attempt = 1; attempt <= 20; attempt++) {
      const headers: Record<string, string> = attempt % 2 ? { 'X-Service-Key': `apk_guess_${attempt}` } : {};
      const response = await request(pingUrl, { ...attacker, headers });
      assert.equal(response.status, attempt % 2 ? 403 : 401, `attempt ${attempt}`);
    }
    const blocked = await request(pingUrl, { ...attacker, headers: { 'X-Service-Key': 'apk_guess_21' } });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.json.code, 'rate_limited');
    assert.deepEqual(blocked.json.data, { status: 429 });
    const retryAfter = Number(blocked.headers['retry-after']);
    assert.ok(retryAfter > 800 && retryAfter <= 900, `Retry-After ${retryAfter}`);

    // Only failures are throttled (issue #17 item 8): the right key still passes from that address.
    const rightKey = await request(pingUrl, { ...attacker, headers: { 'X-Service-Key': key } });
    assert.equal(rightKey.status, 200, 'a throttled address is not refused when it presents the right key');

    const otherClient = await request(pingUrl, {
      localAddress: '127.0.0.8',
      headers: { 'X-Service-Key': key },
    });
    assert.equal(otherClient.status, 200);
  });
});
