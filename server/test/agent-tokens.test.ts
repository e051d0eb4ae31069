/** The token of "Connect an AI agent" (server/src/doors/mcp/services/agent-tokens.ts, issue #60), on a stand-in Strapi. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Core } from '@strapi/strapi';
import { agentRights } from '../src/doors/mcp/tools';
import agentTokens from '../src/doors/mcp/services/agent-tokens';

const ARTICLE = 'api::article.article';
/** The rights the tools declare: listed by their policies, and the publish's upload. */
const TOOL_NEEDS = [
  ...['read', 'create', 'update', 'publish'].map(
    (action) => `plugin::content-manager.explorer.${action} ${ARTICLE}`
  ),
  'plugin::article-publisher.settings.read ',
  'plugin::article-publisher.activity.read ',
  'plugin::upload.assets.create ',
].sort();

const ACTION_NAMES: Record<string, { displayName: string; section: string; pluginName?: string }> = {
  'plugin::content-manager.explorer.create': { displayName: 'Create', section: 'contentTypes' },
  'plugin::article-publisher.activity.read': {
    displayName: 'Read activity',
    section: 'plugins',
    pluginName: 'article-publisher',
  },
};

/** A Strapi whose MCP server is on, off or absent, recording the admin tokens created. */
function site(mcp: 'on' | 'off' | 'absent') {
  const createdTokens: { attributes: Record<string, unknown>; owner: unknown }[] = [];
  const services: Record<string, unknown> = {
    'admin::api-token-admin': {
      exists: async ({ name }: { name: string }) => name === 'Taken',
      create: async (attributes: Record<string, unknown>, owner: unknown) => {
        createdTokens.push({ attributes, owner });
        return { id: 7, name: attributes.name, accessKey: 'a'.repeat(256) };
      },
    },
    'admin::permission': { actionProvider: { get: (id: string) => ACTION_NAMES[id] } },
  };
  const strapi = {
    ...(mcp === 'absent'
      ? {}
      : { ai: { mcp: { isEnabled: () => mcp === 'on', registerTool: () => undefined } } }),
    contentTypes: { [ARTICLE]: { info: { displayName: 'Article' } } },
    service: (name: string) => services[name],
    plugin: () => ({ service: () => ({ static: () => ({ targetContentType: ARTICLE }) }) }),
  } as unknown as Core.Strapi;
  const service = agentTokens({ strapi });
  // As the admin API hands them in: what the tools declare, read from them.
  const needs = agentRights(strapi);
  return {
    service: {
      plan: () => service.plan(needs),
      create: (owner: { id: number; roles?: { code?: string }[] }, input: { name?: string }) =>
        service.create(owner, needs, input),
    },
    createdTokens,
  };
}

const keys = (rights: { action: string; subject: string | null }[]) =>
  rights.map(({ action, subject }) => `${action} ${subject ?? ''}`).sort();

describe('the admin token of "Connect an AI agent"', () => {
  it('gets exactly the rights the tools declare, each named', () => {
    const plan = site('on').service.plan();
    assert.equal(plan.mcp, 'on');
    assert.equal(plan.message, null);
    assert.deepEqual(keys(plan.rights), TOOL_NEEDS);
    const labels = plan.rights.map((right) => right.label);
    assert.ok(labels.includes('Content Manager: Create (Article)'), labels.join('; '));
    assert.ok(labels.includes('Article Publisher: Read activity'), labels.join('; '));
  });

  it('is created with those rights, for the admin asking, never expiring; the key is answered', async () => {
    const { service, createdTokens } = site('on');
    const owner = { id: 3, roles: [{ code: 'strapi-super-admin' }] };
    const created = await service.create(owner, { name: 'My agent' });
    assert.equal(created.accessKey, 'a'.repeat(256));
    assert.deepEqual(created.token.name, 'My agent');
    assert.equal(createdTokens.length, 1);
    const [{ attributes, owner: callingUser }] = createdTokens;
    assert.equal(callingUser, owner);
    assert.equal(attributes.kind, 'admin');
    assert.equal(attributes.adminUserOwner, 3);
    assert.equal(attributes.lifespan, null);
    assert.deepEqual(
      keys(attributes.adminPermissions as { action: string; subject: string | null }[]),
      TOOL_NEEDS
    );
  });

  it('refuses a name another token has', async () => {
    await assert.rejects(site('on').service.create({ id: 1 }, { name: 'Taken' }), /name "Taken" is taken/);
  });

  it('says how to turn the MCP server on, and makes no token while it is off', async () => {
    const { service, createdTokens } = site('off');
    const plan = service.plan();
    assert.equal(plan.mcp, 'off');
    assert.match(plan.message ?? '', /mcp: \{ enabled: true \}.*restart/);
    await assert.rejects(service.create({ id: 1 }, {}), /MCP server is off/);
    assert.equal(createdTokens.length, 0);
  });

  it('says a release without the MCP server has none (before Strapi 5.47)', async () => {
    const { service } = site('absent');
    assert.equal(service.plan().mcp, 'absent');
    assert.match(service.plan().message ?? '', /5\.47/);
    await assert.rejects(service.create({ id: 1 }, {}), /no MCP server/);
  });
});
