import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';

/**
 * Application passwords at WordPress's own door: `GET /wp-json/wp/v2/users/me` with HTTP Basic, as every
 * WordPress publisher tests its connection. The `/wp-json/wp/v2` routes are issue #28's other half.
 */
const ENVIRONMENT_LOGIN = 'robot@example.com';
const ENVIRONMENT_PASSWORD = 'Abcd Efgh Ijkl Mnop Qrst Uvwx';
const MAX_FAILURES = 3;

describe('application passwords on the WordPress REST API (users/me over Basic auth)', () => {
  let site: Playground;
  let ownerToken: string;
  let password: string;
  let passwordId: number;

  const basic = (login: string, secret: string) =>
    `Basic ${Buffer.from(`${login}:${secret}`, 'utf8').toString('base64')}`;
  const me = (login: string, secret: string, localAddress?: string) =>
    request(`${site.url}/wp-json/wp/v2/users/me`, {
      headers: { authorization: basic(login, secret) },
      localAddress,
    });
  const admin = (path: string, options: { method?: string; body?: unknown } = {}) =>
    request(`${site.url}/article-publisher${path}`, {
      ...options,
      headers: { authorization: `Bearer ${ownerToken}` },
    });

  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${ENVIRONMENT_LOGIN}:${ENVIRONMENT_PASSWORD}` },
      pluginConfig: { authThrottle: { maxFailures: MAX_FAILURES, windowSeconds: 600 } },
    });
    ownerToken = await registerSuperAdmin(site.url);
    const created = await admin('/application-passwords', { method: 'POST', body: { name: 'n8n' } });
    assert.equal(created.status, 201, created.text);
    password = created.json.password;
    passwordId = created.json.applicationPassword.id;
  });
  after(async () => site?.stop());

  it('accepts a password created in the admin, with or without its spaces, as the admin user', async () => {
    for (const presented of [password, password.replaceAll(' ', '')]) {
      const response = await me('owner@example.com', presented);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.id, 1, "the creating admin's id");
    }
    const login = await me('Owner@Example.com', password);
    assert.equal(login.status, 200, 'the login is compared without regard to case');
  });

  it('records the last use and the client address', async () => {
    const [entry] = (await admin('/application-passwords')).json.passwords;
    assert.ok(entry.lastUsedAt && Date.now() - Date.parse(entry.lastUsedAt) < 60_000, entry.lastUsedAt);
    assert.match(entry.lastClientAddress ?? '', /127\.0\.0\.1/);
  });

  it('accepts the ARTICLE_PUBLISHER_WP_APP_PASSWORD one (user id 1, its name its login)', async () => {
    const response = await me(ENVIRONMENT_LOGIN, ENVIRONMENT_PASSWORD.replaceAll(' ', ''));
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.id, 1);
    assert.equal(response.json.name, ENVIRONMENT_LOGIN);
    assert.equal((await me('someone@example.com', ENVIRONMENT_PASSWORD)).status, 401);
  });

  it('counts a wrong password towards the throttle, and never refuses the right one', async () => {
    const client = '127.0.0.9';
    for (let attempt = 1; attempt <= MAX_FAILURES; attempt += 1) {
      const wrong = await me('owner@example.com', 'abcd efgh ijkl mnop qrst uvwx', client);
      assert.equal(wrong.status, 401, wrong.text);
      assert.equal(wrong.json.data.status, 401, 'WordPress error shape');
    }
    const failures = (await admin('/activity/auth-failures')).json.clients as {
      client: string;
      count: number;
    }[];
    assert.equal(failures.find((entry) => entry.client.endsWith(client))?.count, MAX_FAILURES);
    assert.equal((await me('owner@example.com', 'abcd efgh ijkl mnop qrst uvwx', client)).status, 429);
    assert.equal((await me('owner@example.com', password, client)).status, 200, 'the right password passes');
  });

  it('refuses a revoked password with 401', async () => {
    const revoked = await admin(`/application-passwords/${passwordId}`, { method: 'DELETE' });
    assert.equal(revoked.status, 204, revoked.text);
    const response = await me('owner@example.com', password);
    assert.equal(response.status, 401, response.text);
    assert.equal(response.json.data.status, 401);
  });

  it('never writes a password to the log', () => {
    for (const secret of [password, password.replaceAll(' ', ''), ENVIRONMENT_PASSWORD.replaceAll(' ', '')]) {
      assert.ok(!site.output().includes(secret));
    }
  });
});
