import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { registerSuperAdmin, type AdminPermission } from './helpers/admin';
import { tableRows } from './helpers/databases';
import { request } from './helpers/http';
import { connectMcp, createAdminToken } from './helpers/mcp';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

/**
 * Issue 43: AI agents publish through Strapi's own MCP server (`/mcp`, admin tokens), with the
 * plugin's tools, driven by the MCP SDK's client over streamable HTTP. The playground's Article
 * (Draft & Publish) and Category; Strapi's MCP server enabled by PLAYGROUND_MCP=true.
 */
const ARTICLE = 'api::article.article';
const CATEGORY = 'api::category.category';
const example = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'examples', 'first-article.json'), 'utf8')
) as Record<string, unknown>;

/** The example's body written in Markdown, its inline image (a data URL) as a Markdown image. */
const inlineImage = /<img src="([^"]+)" alt="([^"]+)"/.exec(String(example.content)) as RegExpExecArray;
const MARKDOWN_BODY = [
  '## Water early',
  'Water your lawn early in the morning, when less water evaporates and the grass has the whole day to dry.',
  `![${inlineImage[2]}](${inlineImage[1]})`,
  '*Morning watering loses the least to the sun.*',
  '## Water deeply, not often',
  'Two deep waterings a week grow deeper roots than a little every day.',
  '- About 25 mm of water a week\n- More on sandy soil',
].join('\n\n');

const BODY_LIMIT = 256 * 1024;
const MAX_FAILURES = 3;

const contentManager = (subject: string, actions: string[]): AdminPermission[] =>
  actions.map((action) => ({ action: `plugin::content-manager.explorer.${action}`, subject }));
const ACTIVITY: AdminPermission = { action: 'plugin::article-publisher.activity.read' };

const PUBLISHER_TOKEN = [
  ...contentManager(ARTICLE, ['create', 'read', 'update', 'publish']),
  ...contentManager(CATEGORY, ['create', 'read', 'update', 'publish']),
  { action: 'plugin::upload.read' },
  { action: 'plugin::upload.assets.create' },
  ACTIVITY,
];
/** Reads articles and the activity: the site and recent tools, and dry runs. */
const READER_TOKEN = [...contentManager(ARTICLE, ['read']), ACTIVITY];

interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

/** A tool error's text is the contract's error body. */
function assertToolError(result: ToolResult, code: string, status: number) {
  assert.equal(result.isError, true, JSON.stringify(result));
  const body = JSON.parse(result.content[0].text ?? '') as {
    code: string;
    message: string;
    data: { status: number };
  };
  assert.equal(body.code, code, JSON.stringify(body));
  assert.equal(body.data.status, status);
  assert.doesNotMatch(body.message, /\n\s+at /, 'no stack');
  return body;
}

const articles = async (site: Playground) =>
  (await tableRows(site.database, 'articles')) as {
    id: number;
    document_id: string;
    slug: string;
    published_at: unknown;
  }[];
const deliveries = async (site: Playground) =>
  (await tableRows(site.database, 'article_publisher_deliveries')) as { source: string; post_id: number }[];

describe("MCP door: AI agents publish through Strapi's MCP server", () => {
  let site: Playground;
  let publisher: Client;
  let reader: Client;
  let ownerToken = '';
  /** Activity's refused requests of the MCP door, newest first. */
  const refusedThroughMcp = async () => {
    const response = await request(`${site.url}/article-publisher/activity/refusals?door=mcp`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    assert.equal(response.status, 200, response.text);
    return response.json.results as {
      route: string;
      status: number;
      code: string;
      message: string;
      client: string;
    }[];
  };

  before(async () => {
    site = await startPlayground({
      env: { PLAYGROUND_MCP: 'true' },
      // The door's bounds, small enough to reach: the other doors' body limit and failure throttle.
      pluginConfig: {
        bodyLimitBytes: BODY_LIMIT,
        authThrottle: { maxFailures: MAX_FAILURES, windowSeconds: 600 },
      },
    });
    ownerToken = await registerSuperAdmin(site.url);
    publisher = await connectMcp(
      site.url,
      await createAdminToken(site.url, ownerToken, 'agent', PUBLISHER_TOKEN)
    );
    reader = await connectMcp(site.url, await createAdminToken(site.url, ownerToken, 'reader', READER_TOKEN));
  });

  after(async () => {
    await publisher?.close();
    await reader?.close();
    await site?.stop();
  });

  it("lists the plugin's tools; the publish tool's input schema takes the contract's example article", async () => {
    const { tools } = await publisher.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of ['article_publisher_publish', 'article_publisher_site', 'article_publisher_recent']) {
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    }
    const publish = tools.find((tool) => tool.name === 'article_publisher_publish');
    const { $schema: _draft, ...schema } = publish?.inputSchema as Record<string, unknown>;
    const validate = new AjvJsonSchemaValidator().getValidator(schema as never);
    assert.equal(validate(example).valid, true, JSON.stringify(validate(example)));
    assert.equal(validate({ ...example, dry_run: true }).valid, true);
    assert.equal(validate({ ...example, content: MARKDOWN_BODY, content_format: 'markdown' }).valid, true);
    assert.equal(validate({ ...example, content_format: 'rtf' }).valid, false, 'html or markdown');
    assert.equal(validate({ content: '<p>No title</p>' }).valid, false, 'title is required');
  });

  it('answers what the site takes (the ping)', async () => {
    const result = await call(reader, 'article_publisher_site');
    assert.notEqual(result.isError, true, JSON.stringify(result));
    assert.equal(result.structuredContent?.status, 'success');
    assert.equal(result.structuredContent?.target_content_type, ARTICLE);
    assert.match(result.content[0].text ?? '', /api::article\.article/);
  });

  it('publishes the example article with its data-URL cover and a Markdown body, then republishes it into the same post', async () => {
    const first = await call(publisher, 'article_publisher_publish', {
      ...example,
      content: MARKDOWN_BODY,
      content_format: 'markdown',
    });
    assert.notEqual(first.isError, true, JSON.stringify(first));
    const landed = first.structuredContent as { post_id: number; post_status: string; categories: string[] };
    assert.equal(landed.post_status, 'publish');
    assert.deepEqual(landed.categories.sort(), ['Gardening', 'Lawns']);
    assert.match(first.content[0].text ?? '', new RegExp(`Post ${landed.post_id} is published`));

    const rows = (await articles(site)).filter((row) => row.slug === example.slug);
    assert.ok(
      rows.some((row) => row.published_at),
      'a published entry'
    );
    const [post] = await readArticle(site.url, String(example.slug), 'published');
    const body = String(post.content).replace(/>\s+</g, '><');
    assert.match(body, /<h2>Water early<\/h2><p>Water your lawn early/);
    assert.match(body, /<ul><li>About 25 mm of water a week<\/li><li>More on sandy soil<\/li><\/ul>/);
    assert.match(body, /<em>Morning watering loses the least to the sun\.<\/em>/);
    const image = /<img src="([^"]+)" alt="A sprinkler on a lawn at dawn"/.exec(body);
    assert.ok(image, body);
    assert.match(image[1], new RegExp(`^(${site.url})?/uploads/`), 'the inline image was imported');
    const covers = (await tableRows(site.database, 'files_related_mph')) as {
      related_type: string;
      field: string;
    }[];
    assert.ok(
      covers.some((link) => link.related_type === ARTICLE && link.field === 'cover'),
      'the cover is linked'
    );

    const again = await call(publisher, 'article_publisher_publish', {
      ...example,
      title: 'Watering a Lawn in Summer, again',
    });
    assert.notEqual(again.isError, true, JSON.stringify(again));
    assert.equal((again.structuredContent as { post_id: number }).post_id, landed.post_id);
    const documents = new Set((await articles(site)).map((row) => row.document_id));
    assert.equal(documents.size, 1, 'one post');
    const ledger = await deliveries(site);
    assert.deepEqual(
      ledger.map((row) => row.source),
      ['mcp', 'mcp']
    );
  });

  it('dry-runs an article: the answer, nothing written', async () => {
    const before = (await articles(site)).length;
    const result = await call(reader, 'article_publisher_publish', {
      ...example,
      slug: 'a-dry-run',
      dry_run: true,
    });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    assert.equal(result.structuredContent?.dry_run, true);
    assert.equal(result.structuredContent?.action, 'create');
    assert.equal((await articles(site)).length, before);
  });

  it('reads the recent deliveries with their source and outcome', async () => {
    const result = await call(reader, 'article_publisher_recent', { limit: 5 });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    const listed = result.structuredContent?.deliveries as {
      source: string;
      created: boolean;
      warnings: string[];
    }[];
    assert.equal(listed.length, 2);
    assert.deepEqual(
      listed.map((entry) => [entry.source, entry.created]),
      [
        ['mcp', false],
        ['mcp', true],
      ]
    );
    assert.match(result.content[0].text ?? '', /updated post/);
  });

  it('refuses a publish to a token without publish rights with the contract error, and writes nothing', async () => {
    const articlesBefore = (await articles(site)).length;
    const ledgerBefore = (await deliveries(site)).length;
    const filesBefore = (await tableRows(site.database, 'files')).length;
    const result = await call(reader, 'article_publisher_publish', { ...example, slug: 'not-allowed' });
    const body = assertToolError(result, 'forbidden', 403);
    assert.match(body.message, /create, update, publish on api::article\.article/);
    assert.equal((await articles(site)).length, articlesBefore);
    assert.equal((await deliveries(site)).length, ledgerBefore);
    assert.equal((await tableRows(site.database, 'files')).length, filesBefore);
  });

  it('answers a bad request with the contract bad_request naming the field', async () => {
    const result = await call(publisher, 'article_publisher_publish', { ...example, title: '' });
    const body = assertToolError(result, 'bad_request', 400);
    assert.match(body.message, /title/);
  });

  it("lists the door's refusals in Activity's refused requests (door mcp), with the tool and the client, never the article", async () => {
    const rows = await refusedThroughMcp();
    assert.deepEqual(
      rows.map((row) => [row.route, row.status, row.code]),
      [
        ['POST /mcp tools/call article_publisher_publish', 400, 'bad_request'],
        ['POST /mcp tools/call article_publisher_publish', 403, 'forbidden'],
      ]
    );
    assert.match(rows[1].message, /may not publish articles/);
    for (const row of rows)
      assert.match(row.client, /127\.0\.0\.1|::1/, 'the calling client, as on the other doors');
    const stored = JSON.stringify(await tableRows(site.database, 'article_publisher_refusals'));
    assert.ok(!stored.includes('Water your lawn early'), 'no article text');
  });

  it('refuses arguments over the body limit with payload_too_large, and writes nothing', async () => {
    const before = (await articles(site)).length;
    const large = `<p>${'a'.repeat(BODY_LIMIT)}</p>`;
    const result = await call(publisher, 'article_publisher_publish', {
      ...example,
      slug: 'too-large',
      content: large,
    });
    const body = assertToolError(result, 'payload_too_large', 413);
    assert.match(body.message, new RegExp(`larger than ${BODY_LIMIT} bytes`));
    assert.equal((await articles(site)).length, before);
    assert.equal((await refusedThroughMcp())[0].code, 'payload_too_large');
  });

  it('throttles a token refused its rights as a failed credential, and never a token that has them', async () => {
    // The earlier refused publish counted once; the limit is reached after MAX_FAILURES refusals.
    for (let failure = 2; failure <= MAX_FAILURES; failure++)
      assertToolError(
        await call(reader, 'article_publisher_publish', { ...example, slug: 'not-allowed' }),
        'forbidden',
        403
      );
    const throttled = await call(reader, 'article_publisher_publish', { ...example, slug: 'not-allowed' });
    assert.match(
      assertToolError(throttled, 'rate_limited', 429).message,
      /Too many failed MCP publish right checks/
    );
    const allowed = await call(publisher, 'article_publisher_publish', {
      ...example,
      slug: 'same-address-allowed',
    });
    assert.notEqual(allowed.isError, true, JSON.stringify(allowed));
    const rows = await refusedThroughMcp();
    assert.equal(rows.filter((row) => row.code === 'forbidden').length, MAX_FAILURES);
    assert.equal(rows.filter((row) => row.status === 429).length, 0, 'throttled retries are not listed');
  });
});
