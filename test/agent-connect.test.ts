import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  createAdminInNewRole,
  grantPluginActions,
  registerSuperAdmin,
  setRolePermissions,
  type AdminPermission,
} from './helpers/admin';
import { request } from './helpers/http';
import { AGENT_TOKEN_RIGHTS, connectMcp, rightKeys, TOOL_ANNOTATIONS, type ToolResult } from './helpers/mcp';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

/**
 * Issue 60, "an agent connects in one step": the settings page's admin API makes a Strapi admin token
 * with exactly the rights the plugin's MCP tools need, owned by the admin asking, its key answered once,
 * and refuses an admin without the rights. On the playground's Article, Strapi's MCP server on.
 */
const example = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'examples', 'first-article.json'), 'utf8')
) as Record<string, unknown>;

describe('connect an AI agent: the admin token of the settings page', () => {
  let site: Playground;
  let ownerToken: string;
  const asOwner = () => ({ authorization: `Bearer ${ownerToken}` });
  const created: { accessKey: string; token: { id: number; name: string } }[] = [];

  before(async () => {
    site = await startPlayground({ env: { PLAYGROUND_MCP: 'true' } });
    ownerToken = await registerSuperAdmin(site.url);
  });
  after(async () => {
    await site?.stop();
  });

  it('says which rights the token gets: the tools’ needs, each named as Strapi’s roles page names it', async () => {
    const plan = await request(`${site.url}/article-publisher/agent-token`, { headers: asOwner() });
    assert.equal(plan.status, 200, plan.text);
    assert.equal(plan.json.mcp, 'on');
    assert.equal(plan.json.message, null);
    assert.equal(plan.json.mcpPath, '/mcp');
    assert.deepEqual(rightKeys(plan.json.rights), AGENT_TOKEN_RIGHTS);
    const labels = (plan.json.rights as { label: string }[]).map((right) => right.label);
    assert.ok(labels.includes('Content Manager: Create (Article)'), labels.join('; '));
    assert.ok(labels.includes('Article Publisher: Read activity'), labels.join('; '));
    assert.ok(labels.includes('Media Library: Create (upload)'), labels.join('; '));
  });

  it('creates an admin token owned by the caller with exactly those rights; its key lists and runs every tool on /mcp', async () => {
    const response = await request(`${site.url}/article-publisher/agent-token`, {
      method: 'POST',
      headers: asOwner(),
      body: { name: 'Claude Desktop' },
    });
    assert.equal(response.status, 201, response.text);
    const { accessKey, token, mcpPath } = response.json;
    created.push({ accessKey, token });
    assert.match(accessKey, /^[0-9a-f]{256}$/);
    assert.equal(token.name, 'Claude Desktop');
    assert.equal(mcpPath, '/mcp');
    assert.deepEqual(rightKeys(token.rights), AGENT_TOKEN_RIGHTS);

    // As Strapi's own admin tokens page reads it: the owner, and the permissions stored.
    const stored = await request(`${site.url}/admin/admin-tokens/${token.id}`, { headers: asOwner() });
    assert.equal(stored.status, 200, stored.text);
    assert.equal(stored.json.data.kind, 'admin');
    assert.equal(stored.json.data.lifespan, null);
    assert.equal(stored.json.data.adminUserOwner.email, 'owner@example.com');
    assert.deepEqual(rightKeys(stored.json.data.adminPermissions), AGENT_TOKEN_RIGHTS);

    const client = await connectMcp(site.url, accessKey);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools
          .map((tool) => tool.name)
          .filter((name) => name.startsWith('article_publisher_'))
          .sort(),
        Object.keys(TOOL_ANNOTATIONS).sort()
      );
      // A publish with an inline image (a data URL) uses every right of the publish: the upload too.
      const published = (await client.callTool({
        name: 'article_publisher_publish',
        arguments: { ...example, slug: 'from-a-one-step-agent', status: 'publish' },
      })) as ToolResult;
      assert.notEqual(published.isError, true, JSON.stringify(published));
      assert.equal(
        (published.structuredContent?.inline_images_result as { imported: unknown[] }).imported.length,
        1
      );
      const article = await readArticle(site.url, 'from-a-one-step-agent');
      assert.ok(article, 'the article is on the site');
      const recent = (await client.callTool({ name: 'article_publisher_recent' })) as ToolResult;
      assert.notEqual(recent.isError, true, JSON.stringify(recent));
    } finally {
      await client.close();
    }
  });

  it('never answers the key again: not in the plan, the settings, the activity or the tokens list', async () => {
    const [{ accessKey }] = created;
    for (const path of [
      '/article-publisher/agent-token',
      '/article-publisher/settings',
      '/article-publisher/activity',
      '/admin/admin-tokens',
    ]) {
      const answer = await request(`${site.url}${path}`, { headers: asOwner() });
      assert.equal(answer.status, 200, `${path}: ${answer.text}`);
      assert.ok(!answer.text.includes(accessKey), `${path} answers the key`);
    }
  });

  it('makes a new token each time, named by default; a name already taken is refused', async () => {
    const unnamed = await request(`${site.url}/article-publisher/agent-token`, {
      method: 'POST',
      headers: asOwner(),
      body: {},
    });
    assert.equal(unnamed.status, 201, unnamed.text);
    assert.match(unnamed.json.token.name, /^AI agent \(Article Publisher\), \d{4}-\d\d-\d\dT/);
    assert.notEqual(unnamed.json.accessKey, created[0].accessKey);
    const taken = await request(`${site.url}/article-publisher/agent-token`, {
      method: 'POST',
      headers: asOwner(),
      body: { name: 'Claude Desktop' },
    });
    assert.equal(taken.status, 400, taken.text);
    assert.match(taken.json.error.message, /name "Claude Desktop" is taken/);
    const unknown = await request(`${site.url}/article-publisher/agent-token`, {
      method: 'POST',
      headers: asOwner(),
      body: { name: 'x', lifespan: 7 },
    });
    assert.equal(unknown.status, 400, unknown.text);
  });

  it('refuses an admin without the right to make secrets, and one without Strapi’s right to create admin tokens', async () => {
    const readerToken = await createAdminInNewRole(site.url, ownerToken, {
      role: 'Settings readers',
      description: 'Reads the settings',
      firstname: 'Rita',
      lastname: 'Reader',
      email: 'reader@example.com',
    });
    await grantPluginActions(site.url, ownerToken, 'Settings readers', ['settings.read']);
    for (const method of ['GET', 'POST'] as const) {
      const refused = await request(`${site.url}/article-publisher/agent-token`, {
        method,
        headers: { authorization: `Bearer ${readerToken}` },
        ...(method === 'POST' ? { body: {} } : {}),
      });
      assert.equal(refused.status, 403, `${method}: ${refused.text}`);
    }

    // May make the plugin's secrets, and has every right the tools need, but not Strapi's admin tokens.
    const keeperToken = await createAdminInNewRole(site.url, ownerToken, {
      role: 'Secret keepers',
      description: 'Makes the plugin secrets',
      firstname: 'Kim',
      lastname: 'Keeper',
      email: 'keeper@example.com',
    });
    const toolRights = AGENT_TOKEN_RIGHTS.map((key) => {
      const [action, subject] = key.split(' ');
      return subject ? { action, subject } : { action };
    });
    const SECRETS = { action: 'plugin::article-publisher.secrets.regenerate' };
    const ADMIN_TOKENS = { action: 'admin::admin-tokens.create' };
    const keeperMay = (permissions: AdminPermission[]) =>
      setRolePermissions(site.url, ownerToken, 'Secret keepers', permissions);
    const asKeeper = { authorization: `Bearer ${keeperToken}` };
    const keeperCreates = (body: Record<string, unknown>) =>
      request(`${site.url}/article-publisher/agent-token`, { method: 'POST', headers: asKeeper, body });

    await keeperMay([...toolRights, SECRETS]);
    const plan = await request(`${site.url}/article-publisher/agent-token`, { headers: asKeeper });
    assert.equal(plan.status, 200, plan.text);
    const refused = await keeperCreates({});
    assert.equal(refused.status, 403, refused.text);

    // With Strapi's right as well, the token is made, owned by this admin.
    await keeperMay([...toolRights, SECRETS, ADMIN_TOKENS]);
    const made = await keeperCreates({ name: 'Kim’s agent' });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(rightKeys(made.json.token.rights), AGENT_TOKEN_RIGHTS);

    // Never more than the owner's own: without the upload, Strapi refuses and says which right.
    await keeperMay([
      ...toolRights.filter((right) => right.action !== 'plugin::upload.assets.create'),
      SECRETS,
      ADMIN_TOKENS,
    ]);
    const beyond = await keeperCreates({ name: 'Kim’s second agent' });
    assert.equal(beyond.status, 400, beyond.text);
    assert.match(beyond.json.error.message, /exceed your own.*plugin::upload\.assets\.create/);
  });
});
