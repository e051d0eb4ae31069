/** The client configurations "Connect an AI agent" gives to paste (core/src/mcp/agent-config.ts, issue #60). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { desktopAgentConfig, mcpRemoteCommand, sdkSnippet } from '../src/mcp/agent-config';

const KEY = 'f00d'.repeat(64);

describe('the agent configurations to paste', () => {
  it('desktop agents: mcp-remote through npx, the token in env, as docs/api.md gives it', () => {
    const config = JSON.parse(desktopAgentConfig('https://cms.example.com/mcp', KEY));
    assert.deepEqual(config, {
      mcpServers: {
        strapi: {
          command: 'npx',
          args: ['mcp-remote', 'https://cms.example.com/mcp', '--header', 'Authorization: Bearer ${TOKEN}'],
          env: { TOKEN: KEY },
        },
      },
    });
  });

  it('a plain-http site gets --allow-http, which mcp-remote needs for it', () => {
    const config = JSON.parse(desktopAgentConfig('http://localhost:1337/mcp', KEY));
    assert.equal(config.mcpServers.strapi.args.at(-1), '--allow-http');
    assert.match(mcpRemoteCommand('http://localhost:1337/mcp', KEY), / --allow-http$/);
    assert.doesNotMatch(mcpRemoteCommand('https://cms.example.com/mcp', KEY), /allow-http/);
  });

  it('the command line quotes the header as one shell word', () => {
    assert.equal(
      mcpRemoteCommand('https://cms.example.com/mcp', KEY),
      `npx mcp-remote https://cms.example.com/mcp --header 'Authorization: Bearer ${KEY}'`
    );
  });

  it('the SDK snippet names the URL and the Bearer header as string literals', () => {
    const snippet = sdkSnippet('https://cms.example.com/mcp', KEY);
    assert.match(snippet, /new StreamableHTTPClientTransport\(new URL\("https:\/\/cms\.example\.com\/mcp"\)/);
    assert.ok(snippet.includes(`Authorization: "Bearer ${KEY}"`));
  });
});
