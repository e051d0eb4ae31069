import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { registerSuperAdmin, type AdminPermission } from './helpers/admin';
import { createAdminToken, TOOL_ANNOTATIONS, type ToolResult } from './helpers/mcp';
import { repoRoot } from './helpers/paths';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

/**
 * Issue 58, real clients: besides the SDK's own client (mcp.test.ts, mcp-agent-tools.test.ts), the two
 * clients people connect agents and check servers with, run as their users run them, against Strapi's MCP
 * server on the playground (PLAYGROUND_MCP):
 * - mcp-remote, the stdio bridge desktop agents (Claude Desktop, Cursor...) start for a remote server,
 *   with the arguments docs/api.md gives site owners to paste (the token from the environment);
 * - the MCP Inspector's CLI, `npx @modelcontextprotocol/inspector --cli` (1.0.3: it declares Node >= 22.7.5
 *   but runs on Node 20; 2.x declares Node >= 22.19; see docs/api.md).
 * Strapi's own tools (create_article...) are listed beside the plugin's six.
 */
const ARTICLE = 'api::article.article';
const CATEGORY = 'api::category.category';
const AGENT_PERMISSIONS: AdminPermission[] = [ARTICLE, CATEGORY].flatMap((subject) =>
  ['create', 'read', 'update', 'publish'].map((action) => ({
    action: `plugin::content-manager.explorer.${action}`,
    subject,
  }))
);
AGENT_PERMISSIONS.push(
  { action: 'plugin::upload.read' },
  { action: 'plugin::upload.assets.create' },
  { action: 'plugin::article-publisher.activity.read' }
);

const MARKDOWN = '## From a desktop agent\n\nWritten in **Markdown**, sent through `mcp-remote`.';
const run = promisify(execFile);

/** The desktop agents' config in docs/api.md (the JSON block that runs mcp-remote), as a site owner pastes it. */
function desktopConfig(): { command: string; args: string[]; env: Record<string, string> } {
  const docs = readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8');
  const block = [...docs.matchAll(/```json\n([\s\S]*?)```/g)].find((match) =>
    match[1].includes('mcp-remote')
  );
  assert.ok(block, 'docs/api.md has the mcp-remote config');
  return (JSON.parse(block[1]) as { mcpServers: Record<string, never> }).mcpServers.strapi;
}

/** The text of a tool's answer (every tool answers its result as JSON text too). */
const textOf = (result: ToolResult) => {
  assert.notEqual(result.isError, true, JSON.stringify(result));
  return result.content[0].text ?? '';
};

describe('MCP door, real clients: mcp-remote (desktop agents) and the MCP Inspector CLI', () => {
  let site: Playground;
  let token = '';
  let configDir = '';

  before(async () => {
    site = await startPlayground({ env: { PLAYGROUND_MCP: 'true' } });
    const ownerToken = await registerSuperAdmin(site.url);
    token = await createAdminToken(site.url, ownerToken, 'desktop agent', AGENT_PERMISSIONS);
    configDir = await mkdtemp(path.join(os.tmpdir(), 'mcp-remote-config-'));
  });

  after(async () => {
    await site?.stop();
    if (configDir) await rm(configDir, { recursive: true, force: true });
  });

  it('a desktop agent through mcp-remote lists the six tools with their annotations, reads the site and publishes Markdown', async () => {
    // As a desktop agent starts it from the config docs/api.md gives: `npx mcp-remote <site>/mcp --header
    // ...`, the token in its env (mcp-remote expands ${TOKEN} itself), --allow-http for the playground's URL.
    // No DISPLAY and no BROWSER: an OAuth fallback could not open a browser, and the log would say so.
    const { command, args, env } = desktopConfig();
    assert.equal(command, 'npx');
    assert.equal(args[1], 'https://cms.example.com/mcp');
    const transport = new StdioClientTransport({
      command,
      args: [args[0], `${site.url}/mcp`, ...args.slice(2), '--allow-http'],
      cwd: repoRoot,
      env: { ...getDefaultEnvironment(), ...env, TOKEN: token, MCP_REMOTE_CONFIG_DIR: configDir },
      stderr: 'pipe',
    });
    let log = '';
    transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const client = new Client({ name: 'desktop-agent', version: '1.0.0' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      const ours = tools.filter((tool) => tool.name.startsWith('article_publisher_'));
      assert.deepEqual(
        ours.map((tool) => tool.name).sort(),
        Object.keys(TOOL_ANNOTATIONS).sort(),
        'the six tools, through the bridge'
      );
      for (const tool of ours)
        assert.deepEqual(
          tool.annotations,
          TOOL_ANNOTATIONS[tool.name as keyof typeof TOOL_ANNOTATIONS],
          tool.name
        );

      const siteAnswer = (await client.callTool({ name: 'article_publisher_site' })) as ToolResult;
      assert.match(textOf(siteAnswer), /Article Publisher Playground/);
      assert.equal(siteAnswer.structuredContent?.site_name, 'Article Publisher Playground');

      const published = (await client.callTool({
        name: 'article_publisher_publish',
        arguments: {
          title: 'Sent from a desktop agent',
          slug: 'sent-from-a-desktop-agent',
          status: 'publish',
          content: MARKDOWN,
          content_format: 'markdown',
          category: 'Agents',
        },
      })) as ToolResult;
      textOf(published);
      assert.equal(typeof published.structuredContent?.post_id, 'number', JSON.stringify(published));
    } finally {
      await client.close();
    }

    const [stored] = await readArticle(site.url, 'sent-from-a-desktop-agent', 'published');
    assert.ok(stored, 'published in Strapi');
    assert.equal(stored.title, 'Sent from a desktop agent');
    assert.match(String(stored.content), /<h2>From a desktop agent<\/h2>/);
    assert.match(String(stored.content), /<strong>Markdown<\/strong>/);
    assert.deepEqual(
      (stored.categories as { name: string }[]).map((category) => category.name),
      ['Agents']
    );
    // The header was sent as given: no OAuth flow, so no browser and no stored client or tokens.
    assert.doesNotMatch(log, /browser|authorization url|oauth callback/i, log);
    assert.match(log, /Replacing \$\{TOKEN\}/, log);
    const configFiles = await readdir(configDir, { recursive: true });
    assert.equal(
      configFiles.filter((name) => /tokens|client_info/.test(String(name))).length,
      0,
      JSON.stringify(configFiles)
    );
  });

  it("the MCP Inspector's CLI lists the tools and calls site and publish over streamable HTTP", async () => {
    const inspector = async (...args: string[]) => {
      const { stdout } = await run(
        'npx',
        [
          '@modelcontextprotocol/inspector',
          '--cli',
          `${site.url}/mcp`,
          '--transport',
          'http',
          '--header',
          `Authorization: Bearer ${token}`,
          ...args,
        ],
        { cwd: repoRoot, timeout: 120_000 }
      );
      return JSON.parse(stdout) as Record<string, unknown>;
    };

    const listed = (await inspector('--method', 'tools/list')) as {
      tools: { name: string; annotations: unknown }[];
    };
    const ours = listed.tools.filter((tool) => tool.name.startsWith('article_publisher_'));
    assert.deepEqual(ours.map((tool) => tool.name).sort(), Object.keys(TOOL_ANNOTATIONS).sort());
    for (const tool of ours)
      assert.deepEqual(
        tool.annotations,
        TOOL_ANNOTATIONS[tool.name as keyof typeof TOOL_ANNOTATIONS],
        tool.name
      );

    const siteAnswer = (await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'article_publisher_site'
    )) as unknown as ToolResult;
    assert.equal(siteAnswer.structuredContent?.site_name, 'Article Publisher Playground');

    const published = (await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'article_publisher_publish',
      '--tool-arg',
      'title=Checked with the Inspector',
      'slug=checked-with-the-inspector',
      'status=publish',
      'content=## Inspected\n\nThe Inspector *publishes* too.',
      'content_format=markdown'
    )) as unknown as ToolResult;
    textOf(published);
    const [stored] = await readArticle(site.url, 'checked-with-the-inspector', 'published');
    assert.ok(stored, 'published in Strapi');
    assert.equal(stored.title, 'Checked with the Inspector');
    assert.match(String(stored.content), /<em>publishes<\/em>/);
  });
});
