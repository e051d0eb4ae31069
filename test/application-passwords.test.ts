import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createAdminInNewRole, grantPluginActions, registerSuperAdmin } from './helpers/admin';
import { tableRows, tablesContaining } from './helpers/databases';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';

const TABLE = 'article_publisher_application_passwords';
const WORDPRESS_FORMAT = /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('application passwords: the admin API (create once, list, revoke, RBAC)', () => {
  let site: Playground;
  let ownerToken: string;
  /** Every password and stored digest seen, to prove none appears in an answer or in the log. */
  const secrets: string[] = [];
  const answers: string[] = [];

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

  const create = async (name: string, token?: string) => {
    const response = await admin('/application-passwords', { method: 'POST', body: { name }, token });
    assert.equal(response.status, 201, response.text);
    const password = response.json.password as string;
    secrets.push(password, password.replaceAll(' ', ''), sha256(password.replaceAll(' ', '')));
    return response;
  };

  before(async () => {
    site = await startPlayground();
    ownerToken = await registerSuperAdmin(site.url);
  });
  after(async () => site?.stop());

  it('creates a named password, shown once in WordPress format, for the creating admin', async () => {
    const created = await create('KwikScale');
    assert.match(created.json.password, WORDPRESS_FORMAT);
    const summary = created.json.applicationPassword;
    assert.equal(summary.name, 'KwikScale');
    assert.equal(summary.login, 'owner@example.com', "the login is the creating admin's email");
    assert.equal(summary.lastUsedAt, null);
    assert.equal(summary.lastClientAddress, null);
    assert.ok(Date.now() - Date.parse(summary.createdAt) < 60_000);
    assert.deepEqual(Object.keys(summary).sort(), [
      'appId',
      'createdAt',
      'id',
      'lastClientAddress',
      'lastUsedAt',
      'login',
      'name',
    ]);
  });

  it('stores only the SHA-256 digest of the password without its spaces, with the admin user id', async () => {
    const created = await create('n8n');
    const password = created.json.password as string;
    const rows = await tableRows(site.database, TABLE);
    const row = rows.find((candidate) => candidate.name === 'n8n');
    assert.ok(row, 'the row exists');
    assert.equal(row.password_hash, sha256(password.replaceAll(' ', '')));
    assert.equal(row.user_id, 1, "the super admin's id");
    assert.deepEqual(await tablesContaining(site.database, password.replaceAll(' ', '')), []);
    assert.deepEqual(await tablesContaining(site.database, password.slice(0, 14)), []);
  });

  it('lists every password with its login, newest first, and never a password or digest', async () => {
    const response = await admin('/application-passwords');
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.login, 'owner@example.com');
    assert.equal(response.json.environmentLogin, null);
    assert.deepEqual(
      response.json.passwords.map((entry: { name: string; login: string }) => [entry.name, entry.login]),
      [
        ['n8n', 'owner@example.com'],
        ['KwikScale', 'owner@example.com'],
      ]
    );
    assert.ok(!/hash/i.test(response.text), 'no hash field');
  });

  it('revokes a password: gone from the list and from the database; an unknown id is a 404', async () => {
    const list = (await admin('/application-passwords')).json.passwords as { id: number; name: string }[];
    const n8n = list.find((entry) => entry.name === 'n8n');
    assert.ok(n8n);
    const revoked = await admin(`/application-passwords/${n8n.id}`, { method: 'DELETE' });
    assert.equal(revoked.status, 204, revoked.text);
    const after = (await admin('/application-passwords')).json.passwords as { name: string }[];
    assert.deepEqual(
      after.map((entry) => entry.name),
      ['KwikScale']
    );
    const rows = await tableRows(site.database, TABLE);
    assert.ok(!rows.some((row) => row.name === 'n8n'));
    const again = await admin(`/application-passwords/${n8n.id}`, { method: 'DELETE' });
    assert.equal(again.status, 404, again.text);
    assert.equal((await admin('/application-passwords/abc', { method: 'DELETE' })).status, 400);
  });

  it('refuses a bad name with a 400 that says why, and stores nothing', async () => {
    const before = (await tableRows(site.database, TABLE)).length;
    for (const body of [
      {},
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 42 },
      { name: 'a', extra: 1 },
    ]) {
      const response = await admin('/application-passwords', { method: 'POST', body });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.json.error.name, 'ValidationError', response.text);
    }
    const badAppId = await admin('/application-passwords', {
      method: 'POST',
      body: { name: 'Ghost Writr', appId: 'not-a-uuid' },
    });
    assert.equal(badAppId.status, 400);
    assert.match(badAppId.json.error.message, /appId must be a UUID/);
    assert.equal((await tableRows(site.database, TABLE)).length, before);
  });

  it('keeps the application id of the authorize-application flow', async () => {
    const appId = '0e2b7a8c-1f0e-4b1e-9d4e-2f7a6c1d3b5a';
    const response = await admin('/application-passwords', {
      method: 'POST',
      body: { name: 'Ghost Writr', appId },
    });
    assert.equal(response.status, 201, response.text);
    secrets.push(response.json.password, (response.json.password as string).replaceAll(' ', ''));
    assert.equal(response.json.applicationPassword.appId, appId);
  });

  it('needs "regenerate secrets" to create or revoke, "read settings" to list, and a session for all', async () => {
    const editorToken = await createAdminInNewRole(site.url, ownerToken, {
      role: 'Editors',
      description: 'Article Publisher readers',
      firstname: 'Eddie',
      lastname: 'Editor',
      email: 'Editor@Example.com',
    });
    const id = ((await admin('/application-passwords')).json.passwords as { id: number }[])[0].id;
    const routes = [
      { path: '/application-passwords' },
      { path: '/application-passwords', method: 'POST', body: { name: 'x' } },
      { path: `/application-passwords/${id}`, method: 'DELETE' },
    ];
    for (const route of routes) {
      const label = `${route.method ?? 'GET'} ${route.path}`;
      assert.equal((await admin(route.path, { ...route, token: editorToken })).status, 403, label);
      assert.equal((await admin(route.path, { ...route, token: null })).status, 401, label);
    }

    await grantPluginActions(site.url, ownerToken, 'Editors', ['settings.read']);
    const listed = await admin('/application-passwords', { token: editorToken });
    assert.equal(listed.status, 200);
    assert.equal(listed.json.login, 'editor@example.com');
    assert.equal((await admin(routes[1].path, { ...routes[1], token: editorToken })).status, 403);
    assert.equal((await admin(routes[2].path, { ...routes[2], token: editorToken })).status, 403);

    await grantPluginActions(site.url, ownerToken, 'Editors', ['settings.read', 'secrets.regenerate']);
    const created = await create('Koala', editorToken);
    assert.equal(created.json.applicationPassword.login, 'editor@example.com');
    const editorRow = (await tableRows(site.database, TABLE)).find((row) => row.name === 'Koala');
    assert.ok(editorRow && editorRow.user_id !== 1, "the editor's own admin user id");
    const revoked = await admin(`/application-passwords/${created.json.applicationPassword.id}`, {
      method: 'DELETE',
      token: editorToken,
    });
    assert.equal(revoked.status, 204);
  });

  it('never sends a password after creation, nor any digest, and never logs either', () => {
    const creationAnswers = new Set(answers.filter((text) => text.includes('"password":"')));
    for (const secret of secrets) {
      const digest = secret.length === 64 && /^[0-9a-f]+$/.test(secret);
      for (const text of answers) {
        if (!digest && creationAnswers.has(text) && text.includes(secret)) continue;
        assert.ok(!text.includes(secret), `an admin answer holds ${digest ? 'a digest' : 'a password'}`);
      }
      assert.ok(!site.output().includes(secret), 'the log holds a password or digest');
    }
    for (const secret of secrets.filter((value) => value.includes(' '))) {
      assert.equal(
        answers.filter((text) => text.includes(secret)).length,
        1,
        'each password is in exactly one answer: its creation'
      );
    }
  });
});

describe('application passwords: ARTICLE_PUBLISHER_WP_APP_PASSWORD', () => {
  let site: Playground;

  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: 'Robot@Example.com:abcd efgh ijkl mnop qrst uvwx' },
    });
  });
  after(async () => site?.stop());

  it('shows the login of the environment password in the list, never its password', async () => {
    const token = await registerSuperAdmin(site.url);
    const response = await request(`${site.url}/article-publisher/application-passwords`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.environmentLogin, 'robot@example.com');
    assert.ok(!response.text.includes('abcd'));
    assert.ok(!site.output().includes('abcd efgh'));
  });
});
