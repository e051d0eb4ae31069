import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ADMIN_PASSWORD, registerSuperAdmin } from './helpers/admin';
import { runCommand, type CliRun } from './helpers/cli';
import { repoRoot } from './helpers/paths';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

/** The Markdown files whose recipes this test runs, each shell block marked `<!-- recipe-test: name -->`. */
const RECIPE_FILES = ['docs/api.md'];

interface Recipe {
  file: string;
  name: string;
  script: string;
}

/** The marked shell blocks of a Markdown file, read from it so that the docs and the test cannot drift apart. */
function recipesOf(file: string): Recipe[] {
  const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  const fence = /<!-- recipe-test: ([\w-]+) -->\n```bash\n([\s\S]*?)```/g;
  return [...text.matchAll(fence)].map((match) => ({ file, name: match[1], script: match[2] }));
}

const recipes = RECIPE_FILES.flatMap(recipesOf);
const recipe = (name: string) => {
  const found = recipes.find((candidate) => candidate.name === name);
  assert.ok(found, `a recipe named ${name}`);
  return found;
};

describe('the docs’ recipes, run as written against the default playground (issue #60)', () => {
  let site: Playground;
  const environment: Record<string, string> = {};
  const run = async (name: string, extra: Record<string, string> = {}): Promise<CliRun> => {
    const exports = Object.entries({ ...environment, ...extra })
      .map(([variable, value]) => `export ${variable}='${value}'`)
      .join('\n');
    const result = await runCommand('bash', ['-euo', 'pipefail', '-c', `${exports}\n${recipe(name).script}`]);
    assert.equal(result.code, 0, `${name}: ${result.stderr}${result.stdout}`);
    return result;
  };

  before(async () => {
    // As `npm start` runs it: its own MCP default (on), the Article's Markdown field.
    site = await startPlayground({ articleBodyFormat: 'auto', env: { PLAYGROUND_MCP: undefined } });
    await registerSuperAdmin(site.url);
    Object.assign(environment, { SITE: site.url, ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD });
  });
  after(async () => site?.stop());

  it('MCP: the playground has Strapi’s MCP server on; the documented token lists and runs the tools', async () => {
    const token = (await run('mcp-token')).stdout.trim();
    assert.match(token, /^[0-9a-f]{32,}$/, 'the recipe prints the admin token');
    const client = new Client({ name: 'docs-recipe', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      })
    );
    try {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      for (const name of ['article_publisher_publish', 'article_publisher_site', 'article_publisher_recent'])
        assert.ok(tools.includes(name), `${name} is listed: ${tools.join(', ')}`);
      const result = (await client.callTool({
        name: 'article_publisher_publish',
        arguments: {
          title: 'Published by an agent',
          content: '<p>An agent wrote this with the token the docs create.</p>',
          status: 'publish',
        },
      })) as { isError?: boolean; content: { text?: string }[] };
      assert.ok(!result.isError, JSON.stringify(result.content));
    } finally {
      await client.close();
    }
    const [post] = await readArticle(site.url, 'published-by-an-agent', 'published');
    assert.ok(post, 'the post landed');
    assert.equal(post.title, 'Published by an agent');
  });
});
