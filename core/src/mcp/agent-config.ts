/**
 * The client configurations the settings page gives to paste, with the site's MCP address and an admin
 * token filled in: the JSON of desktop agents (Claude Desktop, Cursor...) that start mcp-remote, the same
 * as a command line, and a TypeScript snippet with the MCP SDK. Written as docs/api.md gives them.
 */

/** mcp-remote refuses a plain-http server unless told (the playground, a private network). */
const httpFlag = (mcpUrl: string): string[] =>
  mcpUrl.toLowerCase().startsWith('http://') ? ['--allow-http'] : [];

/** The `mcpServers` entry of a desktop agent: mcp-remote run by npx, the token in its env (mcp-remote expands ${TOKEN}). */
export function desktopAgentConfig(mcpUrl: string, accessKey: string): string {
  const config = {
    mcpServers: {
      strapi: {
        command: 'npx',
        args: ['mcp-remote', mcpUrl, '--header', 'Authorization: Bearer ${TOKEN}', ...httpFlag(mcpUrl)],
        env: { TOKEN: accessKey },
      },
    },
  };
  return JSON.stringify(config, null, 2);
}

/** A POSIX shell word: single-quoted unless it is plain. */
const shellWord = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/** The same bridge as one command line, for a terminal or a client that takes a command. */
export function mcpRemoteCommand(mcpUrl: string, accessKey: string): string {
  return ['npx', 'mcp-remote', mcpUrl, '--header', `Authorization: Bearer ${accessKey}`, ...httpFlag(mcpUrl)]
    .map(shellWord)
    .join(' ');
}

/** An agent of one's own with the MCP SDK (TypeScript): Streamable HTTP, the token as a Bearer header. */
export function sdkSnippet(mcpUrl: string, accessKey: string): string {
  return [
    "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
    "import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';",
    '',
    `const transport = new StreamableHTTPClientTransport(new URL(${JSON.stringify(mcpUrl)}), {`,
    `  requestInit: { headers: { Authorization: ${JSON.stringify(`Bearer ${accessKey}`)} } },`,
    '});',
    "const client = new Client({ name: 'my-agent', version: '1.0.0' });",
    'await client.connect(transport);',
    'const { tools } = await client.listTools();',
    "console.log(tools.map((tool) => tool.name).join('\\n'));",
    'await client.close();',
    '',
  ].join('\n');
}
