import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AdminPermission } from './admin';
import { request } from './http';

/** An admin token with these permissions (Strapi's admin API), for the MCP door. */
export async function createAdminToken(
  baseUrl: string,
  ownerToken: string,
  name: string,
  permissions: AdminPermission[]
): Promise<string> {
  const response = await request(`${baseUrl}/admin/admin-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}` },
    body: {
      name,
      description: `test: ${name}`,
      lifespan: null,
      // An admin token takes content and plugin permissions; the admin's own (`admin::`) are the role's.
      adminPermissions: permissions
        .filter(({ action }) => !action.startsWith('admin::'))
        .map(({ action, subject }) => ({ action, subject: subject ?? null, properties: {}, conditions: [] })),
    },
  });
  assert.equal(response.status, 201, response.text);
  return response.json.data.accessKey as string;
}

/** An MCP client of the site's `/mcp`, authenticated with an admin token. */
export async function connectMcp(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'article-publisher-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    })
  );
  return client;
}

/** A tool's answer: an error's text is the contract's error body. */
export interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Every tool the plugin adds to Strapi's MCP server, with the annotations that are true to what it does. */
export const TOOL_ANNOTATIONS = {
  article_publisher_site: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  article_publisher_publish: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  article_publisher_get: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  article_publisher_list: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  article_publisher_unpublish: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  article_publisher_recent: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

/**
 * What an AI agent's token made by the settings page has (issue #60), each as `action subject`, sorted:
 * the tools' needs as docs/api.md lists them per tool, on the playground's Article, and the publish's
 * upload for its images.
 */
export const AGENT_TOKEN_RIGHTS = [
  ...['create', 'read', 'update', 'publish'].map(
    (action) => `plugin::content-manager.explorer.${action} api::article.article`
  ),
  'plugin::article-publisher.settings.read ',
  'plugin::article-publisher.activity.read ',
  'plugin::upload.assets.create ',
].sort();

/** Rights (as the admin API and Strapi's admin tokens answer them) as `action subject`, sorted. */
export const rightKeys = (rights: { action: string; subject: string | null }[]) =>
  rights.map(({ action, subject }) => `${action} ${subject ?? ''}`).sort();
