import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Page } from 'playwright-core';
import { registerSuperAdmin } from './helpers/admin';
import { launchBrowser } from './helpers/browser';
import { checkingPage, openLoggedInAdmin } from './helpers/content-manager';
import { request } from './helpers/http';
import { AGENT_TOKEN_RIGHTS, rightKeys, TOOL_ANNOTATIONS } from './helpers/mcp';
import { repoRoot } from './helpers/paths';
import { startPlayground, type Playground } from './helpers/playground';

/**
 * Issue 60, in Chromium: the settings page's "Connect an AI agent" says which rights the token gets (the
 * tools' needs), makes it, shows it once with three configurations, and each works as a site owner
 * pastes it: the desktop agents' JSON and the command line through mcp-remote (0.15.1), the SDK snippet
 * run as written and its parameters through @modelcontextprotocol/sdk.
 */
const SETTINGS_PATH = '/admin/settings/article-publisher';
const OUR_TOOLS = Object.keys(TOOL_ANNOTATIONS).sort();
const run = promisify(execFile);

/** The browser APIs the page callbacks use (this file compiles without the DOM lib). */
interface BrowserGlobals {
  document: { body: { innerText: string } };
}

const ourTools = (tools: { name: string }[]) =>
  tools
    .map((tool) => tool.name)
    .filter((name) => name.startsWith('article_publisher_'))
    .sort();

describe('connect an AI agent in the admin (Chromium)', () => {
  let site: Playground;
  let browser: Browser;
  let page: Page;
  let ownerToken: string;
  let scratch = '';
  const shown = { key: '', desktop: '', command: '', sdk: '' };

  /** Lists the tools through mcp-remote started as a desktop agent starts it (stdio), its log kept for a failure. */
  async function toolsThroughBridge(transport: StdioClientTransport): Promise<string[]> {
    let log = '';
    transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const client = new Client({ name: 'desktop-agent', version: '1.0.0' });
    try {
      await client.connect(transport);
      return ourTools((await client.listTools()).tools);
    } catch (error) {
      throw new Error(`mcp-remote failed: ${String(error)}\n${log}`, { cause: error });
    } finally {
      await client.close();
    }
  }

  before(async () => {
    site = await startPlayground({
      withAdminPanel: true,
      startTimeoutMs: 180_000,
      env: { PLAYGROUND_MCP: 'true' },
    });
    ownerToken = await registerSuperAdmin(site.url);
    browser = await launchBrowser();
    ({ page } = await openLoggedInAdmin(browser, site.url));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    // The SDK snippet runs from a folder of the repository, where its import resolves.
    scratch = await mkdtemp(path.join(repoRoot, '.agent-snippet-'));
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('lists the rights the token will get before making it: the tools’ needs', async () => {
    await page.goto(`${site.url}${SETTINGS_PATH}`);
    await checkingPage(page, 'the agent section', async () => {
      const card = page.getByTestId('agent-connection-card');
      await card.getByText('Connect an AI agent').waitFor();
      await card.getByText(`${site.url}/mcp`, { exact: false }).waitFor();
      await card.getByText('Content Manager: Create (Article)').waitFor();
      const rights = card.getByTestId('agent-right');
      const listed = await Promise.all(
        (await rights.all()).map(
          async (right) =>
            `${(await right.getAttribute('data-action')) ?? ''} ${(await right.getAttribute('data-subject')) ?? ''}`
        )
      );
      assert.deepEqual(listed.sort(), AGENT_TOKEN_RIGHTS);
      assert.equal(await page.getByTestId('revealed-agent-token').count(), 0);
      // Beside the other ways to connect (WordPress's application passwords), before the settings.
      const cards = await page.locator('[data-testid$="-card"]').all();
      const cardOrder = await Promise.all(cards.map((card) => card.getAttribute('data-testid')));
      const agentAt = cardOrder.indexOf('agent-connection-card');
      assert.equal(cardOrder[agentAt - 1], 'application-passwords-card', cardOrder.join(', '));
      assert.ok(agentAt < cardOrder.indexOf('site-card'), cardOrder.join(', '));
    });
  });

  it('makes the token, shows it once with the three configurations, and stores exactly those rights', async () => {
    // Its buttons sit among the settings' fields: none of them may save the settings.
    const settingsWrites: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() !== 'GET' && new URL(sent.url()).pathname === '/article-publisher/settings')
        settingsWrites.push(`${sent.method()} ${sent.url()}`);
    });
    await checkingPage(page, 'the created token', async () => {
      await page.locator('#agent-token-name').fill('Desktop agent');
      await page.getByTestId('agent-create').click();
      const revealed = page.getByTestId('revealed-agent-token');
      await revealed.waitFor();
      await page.getByTestId('agent-token-reveal').getByRole('button', { name: 'Copy token' }).click();
      await page
        .getByTestId('agent-token-reveal')
        .getByRole('button', { name: 'Copy', exact: true })
        .first()
        .click();
      assert.deepEqual(settingsWrites, [], 'the settings were not submitted');
      assert.equal(await page.getByRole('button', { name: 'Save' }).isDisabled(), true, 'nothing to save');
      shown.key = await revealed.inputValue();
      shown.desktop = await page.getByTestId('agent-snippet-desktop').innerText();
      shown.command = await page.getByTestId('agent-snippet-command').innerText();
      shown.sdk = await page.getByTestId('agent-snippet-sdk').innerText();
    });
    assert.match(shown.key, /^[0-9a-f]{256}$/);
    for (const snippet of [shown.desktop, shown.command, shown.sdk]) {
      assert.ok(snippet.includes(shown.key), snippet);
      assert.ok(snippet.includes(`${site.url}/mcp`), snippet);
    }

    const tokens = await request(`${site.url}/admin/admin-tokens`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const made = (tokens.json.data as { id: number; name: string }[]).find(
      (token) => token.name === 'Desktop agent'
    );
    assert.ok(made, tokens.text);
    const stored = await request(`${site.url}/admin/admin-tokens/${made.id}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    assert.deepEqual(rightKeys(stored.json.data.adminPermissions), AGENT_TOKEN_RIGHTS);

    await page.reload();
    await page.getByTestId('agent-connection-card').getByText('Connect an AI agent').waitFor();
    assert.equal(await page.getByTestId('revealed-agent-token').count(), 0, 'shown once');
    const text = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.body.innerText);
    assert.ok(!text.includes(shown.key), 'the key is not on the page again');
  });

  it('the desktop agents’ JSON, pasted as shown, lists the tools through mcp-remote', async () => {
    const { command, args, env } = (
      JSON.parse(shown.desktop) as {
        mcpServers: { strapi: { command: string; args: string[]; env: Record<string, string> } };
      }
    ).mcpServers.strapi;
    const configDir = path.join(scratch, 'mcp-auth-desktop');
    const tools = await toolsThroughBridge(
      new StdioClientTransport({
        command,
        args,
        cwd: repoRoot,
        env: { ...getDefaultEnvironment(), ...env, MCP_REMOTE_CONFIG_DIR: configDir },
        stderr: 'pipe',
      })
    );
    assert.deepEqual(tools, OUR_TOOLS);
  });

  it('the mcp-remote command line, run by a shell as shown, lists the tools', async () => {
    const tools = await toolsThroughBridge(
      new StdioClientTransport({
        command: 'sh',
        args: ['-c', shown.command],
        cwd: repoRoot,
        env: { ...getDefaultEnvironment(), MCP_REMOTE_CONFIG_DIR: path.join(scratch, 'mcp-auth-command') },
        stderr: 'pipe',
      })
    );
    assert.deepEqual(tools, OUR_TOOLS);
  });

  it('the SDK snippet runs as written, and its parameters connect the SDK’s client', async () => {
    const file = path.join(scratch, 'agent.mts');
    await writeFile(file, shown.sdk);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', file], {
      cwd: repoRoot,
      timeout: 60_000,
    });
    assert.deepEqual([...new Set(stdout.match(/article_publisher_\w+/g))].sort(), OUR_TOOLS, stdout);

    const url = /new URL\(("[^"]+")\)/.exec(shown.sdk);
    const authorization = /Authorization: ("[^"]+")/.exec(shown.sdk);
    assert.ok(url && authorization, shown.sdk);
    const client = new Client({ name: 'my-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(JSON.parse(url[1]) as string), {
        requestInit: { headers: { Authorization: JSON.parse(authorization[1]) as string } },
      })
    );
    try {
      assert.deepEqual(ourTools((await client.listTools()).tools), OUR_TOOLS);
    } finally {
      await client.close();
    }
  });
});
