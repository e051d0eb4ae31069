import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PRESET_NAMES, type PresetName } from '../core/src/hooks/endpoints';
import { PRESET_SAMPLES } from '../core/src/hooks/preset-samples';
import { ADMIN_PASSWORD, registerSuperAdmin } from './helpers/admin';
import { runCommand, type CliRun } from './helpers/cli';
import { repoRoot } from './helpers/paths';
import { startPlayground, type Playground } from './helpers/playground';
import { request } from './helpers/http';
import { readArticle } from './helpers/service';

/** The Markdown files whose recipes this test runs, each shell block marked `<!-- recipe-test: name -->`. */
const RECIPE_FILES = [
  'docs/api.md',
  'docs/wordpress.md',
  ...PRESET_NAMES.map((preset) => `docs/hooks/${preset}.md`),
];
/** Files whose every shell block is a recipe (api.md has others, the README's quickstart runs them). */
const FULLY_RUN = RECIPE_FILES.slice(1);
/** The image hosts of the docs' examples, sent to a loopback address the default image policy refuses before connecting. */
const EXAMPLE_IMAGES = 'https://cdn.example.com/';
const REFUSED_IMAGES = 'https://127.0.0.1:9/';

/**
 * What each preset's example delivery (docs/hooks/<preset>.md) lands as on the default playground: its
 * title, its slug (derived from the title where the service sends none) and its status (the payload's,
 * else the endpoint's `status` option, else the site's default, a draft).
 */
const LANDINGS: Record<
  PresetName,
  { title: string; slug: string; status: 'draft' | 'published'; statusOption?: 'publish' }
> = {
  contract: {
    title: 'How to Choose a Garden Hose',
    slug: 'how-to-choose-a-garden-hose',
    status: 'published',
  },
  outrank: {
    title: 'How to Implement Webhooks',
    slug: 'how-to-implement-webhooks',
    status: 'published',
    // As outrank.md advises: Outrank sends no status.
    statusOption: 'publish',
  },
  blogseo: { title: 'The Best Running Shoes', slug: 'best-running-shoes', status: 'draft' },
  seocraftai: {
    title: 'Composting in Small Apartments',
    slug: 'composting-small-apartments',
    status: 'draft',
  },
  seoladders: { title: 'How Solar Panels Work', slug: 'how-solar-panels-work', status: 'draft' },
  rankpill: {
    title: 'Ten Houseplants That Survive Anything',
    slug: 'houseplants-that-survive-anything',
    status: 'published',
  },
  ranksector: {
    title: "A Beginner's Guide to Sourdough",
    slug: 'beginners-guide-sourdough',
    status: 'published',
  },
  getmywebrank: { title: 'Choosing a Standing Desk', slug: 'choosing-a-standing-desk', status: 'draft' },
  citeflow: { title: 'Local Citations Explained', slug: 'local-citations-explained', status: 'draft' },
  babylovegrowth: {
    title: 'Baby Sleep Schedules by Age',
    slug: 'baby-sleep-schedules-by-age',
    status: 'draft',
  },
  arvow: {
    title: 'Ten Tips for Better Coffee at Home',
    slug: 'ten-tips-for-better-coffee-at-home',
    status: 'draft',
  },
  journalist: { title: 'How to Start a Podcast', slug: 'how-to-start-a-podcast', status: 'draft' },
  seogrove: { title: 'Kayaking for Beginners', slug: 'kayaking-for-beginners', status: 'draft' },
  ranket: { title: 'Budget Travel in Portugal', slug: 'budget-travel-portugal', status: 'draft' },
  earlyseo: { title: 'Email Subject Lines That Get Opened', slug: 'email-subject-lines', status: 'draft' },
  custom: { title: 'Growing Tomatoes on a Balcony', slug: 'growing-tomatoes-on-a-balcony', status: 'draft' },
};

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
  let ownerToken = '';
  const run = async (name: string, extra: Record<string, string> = {}, cwd = repoRoot): Promise<CliRun> => {
    const exports = Object.entries({ ...environment, ...extra })
      .map(([variable, value]) => `export ${variable}='${value}'`)
      .join('\n');
    const script = `${exports}\n${recipe(name).script}`;
    const result = await runCommand('bash', ['-euo', 'pipefail', '-c', script], '', cwd);
    assert.equal(result.code, 0, `${name}: ${result.stderr}${result.stdout}`);
    return result;
  };

  before(async () => {
    // As `npm start` runs it: its own MCP default (on), the Article's Markdown field.
    site = await startPlayground({ articleBodyFormat: 'auto', env: { PLAYGROUND_MCP: undefined } });
    ownerToken = await registerSuperAdmin(site.url);
    Object.assign(environment, { SITE: site.url, ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD });
  });
  after(async () => site?.stop());
  const admin = async (route: string, body: Record<string, unknown>) => {
    const response = await request(`${site.url}/article-publisher${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}` },
      body,
    });
    assert.equal(response.status, 201, response.text);
    return response.json;
  };

  it('every shell block of the door pages is a marked recipe', () => {
    for (const file of FULLY_RUN) {
      const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
      const blocks = (text.match(/```bash\n/g) ?? []).length;
      assert.ok(blocks > 0, `${file} has a recipe`);
      assert.equal(blocks, recipesOf(file).length, `${file}: every bash block carries a recipe-test marker`);
    }
  });

  it('WordPress: the application password with the admin’s e-mail as login uploads a cover and creates a post with it', async () => {
    // What the reader does in the admin: Settings > Article Publisher > WordPress connection, add a password.
    const { password } = await admin('/application-passwords', { name: 'curl' });
    const login = { WP_LOGIN: 'owner@example.com', WP_APP_PASSWORD: password };
    const created = await run('wordpress-create', login);
    const post = JSON.parse(created.stdout);
    assert.equal(post.status, 'publish', created.stdout);
    assert.ok(post.featured_media > 0, created.stdout);
    const [article] = await readArticle(site.url, 'mowing-in-spring', 'published');
    assert.ok(article, 'the post landed');
    assert.equal(article.title, 'Mowing in Spring');
    assert.ok(article.cover, 'with its cover');
    const refused = JSON.parse((await run('wordpress-wrong-password', login)).stdout);
    assert.equal(refused.code, 'rest_cannot_create');
    assert.equal(refused.data.status, 401);
    assert.equal((await readArticle(site.url, 'refused')).length, 0);
  });

  for (const preset of PRESET_NAMES) {
    const { title, slug, status, statusOption } = LANDINGS[preset];
    const cover = JSON.stringify(PRESET_SAMPLES[preset].payload).includes(EXAMPLE_IMAGES);
    it(`${preset}: the page's example delivery, sent with its curl line, lands as ${status} (${cover ? 'its unreachable cover named' : 'no cover sent'})`, async () => {
      const options = {
        ...PRESET_SAMPLES[preset].options,
        ...(statusOption ? { status: statusOption } : {}),
      };
      const { endpoint, secret } = await admin('/hook-endpoints', { name: preset, preset, options });
      const page = fs.readFileSync(path.join(repoRoot, `docs/hooks/${preset}.md`), 'utf8');
      const example = /## An example delivery[\s\S]*?```json\n([\s\S]*?)```/.exec(page);
      assert.ok(example, `docs/hooks/${preset}.md has an example payload`);
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-'));
      try {
        fs.writeFileSync(
          path.join(folder, 'delivery.json'),
          example[1].replaceAll(EXAMPLE_IMAGES, REFUSED_IMAGES)
        );
        const sent = await run(
          preset,
          { WEBHOOK_URL: `${site.url}/api/service/v1/hooks/${endpoint.id}`, WEBHOOK_SECRET: secret },
          folder
        );
        const answer = JSON.parse(sent.stdout);
        assert.equal(answer.received, true, sent.stdout);
        if (answer.queued) {
          for (let tries = 0; (await readArticle(site.url, slug, status)).length === 0; tries++) {
            assert.ok(tries < 120, 'the queued delivery is processed');
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        } else if (preset === 'contract') {
          // The contract's own receipt, as /webhook answers: the cover's outcome in featured_image_result.
          assert.equal(answer.post_status, 'publish', sent.stdout);
          assert.match(answer.featured_image_result, /^warning: /, sent.stdout);
        } else {
          assert.equal(answer.event, PRESET_SAMPLES[preset].event, sent.stdout);
          assert.equal(
            answer.warnings.some((warning: string) => warning.startsWith('featured image: ')),
            cover,
            sent.stdout
          );
        }
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
      const [article] = await readArticle(site.url, slug, status);
      assert.ok(article, `${slug} landed (${status})`);
      assert.equal(article.title, title);
      if (status === 'draft')
        assert.equal((await readArticle(site.url, slug, 'published')).length, 0, `${slug} is not published`);
    });
  }

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
