import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import {
  createAdminInNewRole,
  registerSuperAdmin,
  setRolePermissions,
  type AdminPermission,
} from './helpers/admin';
import { request } from './helpers/http';
import { connectMcp, createAdminToken, TOOL_ANNOTATIONS as TOOLS } from './helpers/mcp';
import { startPlayground, type Playground } from './helpers/playground';
import { publishPost, readArticle } from './helpers/service';
import { deliver } from './helpers/webhook';

/**
 * Issue 58: tools an agent uses well and can revise with, on Strapi's MCP server (PLAYGROUND_MCP):
 * described schemas, annotations and output schemas; errors that say what is wrong (on publish-post
 * and the webhook too); get, list and unpublish, with the Content Manager's rights judged on the entry.
 */
const ARTICLE = 'api::article.article';
const CATEGORY = 'api::category.category';
const KEY = 'apk_mcp-agent-tools-0123456789abcdef';
const SECRET = 'mcp-agent-tools-webhook-secret-0123456789';

const contentManager = (actions: string[], conditions: string[] = []): AdminPermission[] =>
  [ARTICLE, CATEGORY].flatMap((subject) =>
    actions.map((action) => ({ action: `plugin::content-manager.explorer.${action}`, subject, conditions }))
  );
const AGENT_PERMISSIONS: AdminPermission[] = [
  ...contentManager(['create', 'read', 'update', 'publish']),
  { action: 'plugin::upload.read' },
  { action: 'plugin::upload.assets.create' },
  { action: 'plugin::article-publisher.activity.read' },
];
/** Like Strapi's Author: every article action, only on the entries it created. */
const AUTHOR_PERMISSIONS: AdminPermission[] = [
  ...contentManager(['create', 'read', 'update', 'publish'], ['admin::is-creator']),
  { action: 'admin::admin-tokens.access' },
  { action: 'admin::admin-tokens.create' },
  { action: 'admin::admin-tokens.read' },
];

const MARKDOWN = [
  '## Water early',
  'Water your lawn early in the morning, when less water evaporates.',
  '- About 25 mm a week\n- More on sandy soil',
].join('\n\n');
const REVISED =
  MARKDOWN.replace('early in the morning', 'at dawn') + '\n\n## Mow high\n\nTall grass shades its roots.';

interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}
type JsonSchema = Record<string, unknown>;

/** Every array in a JSON Schema (nested, in anyOf) with its path, to check that each has an item type. */
function arraysOf(schema: JsonSchema, at: string): [string, JsonSchema][] {
  const found: [string, JsonSchema][] = schema.type === 'array' ? [[at, schema]] : [];
  for (const variant of (schema.anyOf as JsonSchema[] | undefined) ?? [])
    found.push(...arraysOf(variant, at));
  for (const [name, property] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}))
    found.push(...arraysOf(property, `${at}.${name}`));
  if (schema.items && typeof schema.items === 'object')
    found.push(...arraysOf(schema.items as JsonSchema, `${at}[]`));
  return found;
}

const errorOf = (result: ToolResult) => {
  assert.equal(result.isError, true, JSON.stringify(result));
  return JSON.parse(result.content[0].text ?? '') as {
    code: string;
    message: string;
    data: { status: number };
  };
};

describe('MCP door, part 2: tools an agent uses well and can revise with', () => {
  let site: Playground;
  let ownerToken = '';
  let agent: Client;
  let author: Client;
  let outputSchemas: Map<string, JsonSchema>;

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as ToolResult;
    if (!result.isError) {
      // Every answer is what the tool's outputSchema says (validated here, not only by the SDK).
      const { $schema: _draft, ...schema } = outputSchemas.get(name) as JsonSchema;
      const validate = new AjvJsonSchemaValidator().getValidator(schema as never);
      const verdict = validate(result.structuredContent);
      assert.equal(verdict.valid, true, `${name}: ${JSON.stringify(verdict)}`);
    }
    return result;
  };

  before(async () => {
    site = await startPlayground({
      env: {
        PLAYGROUND_MCP: 'true',
        ARTICLE_PUBLISHER_API_KEY: KEY,
        ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET,
      },
    });
    ownerToken = await registerSuperAdmin(site.url);
    agent = await connectMcp(
      site.url,
      await createAdminToken(site.url, ownerToken, 'agent', AGENT_PERMISSIONS)
    );
    const authorSession = await createAdminInNewRole(site.url, ownerToken, {
      role: 'Authors',
      description: 'Only the entries it created',
      firstname: 'Ada',
      lastname: 'Author',
      email: 'author@example.com',
    });
    await setRolePermissions(site.url, ownerToken, 'Authors', AUTHOR_PERMISSIONS);
    author = await connectMcp(
      site.url,
      await createAdminToken(site.url, authorSession, 'author', AUTHOR_PERMISSIONS)
    );
    const { tools } = await agent.listTools();
    outputSchemas = new Map(tools.map((tool) => [tool.name, tool.outputSchema as JsonSchema]));
  });

  after(async () => {
    await agent?.close();
    await author?.close();
    await site?.stop();
  });

  it('lists every tool with its annotations, every input field described, every array typed, and an output schema', async () => {
    const { tools } = await agent.listTools();
    for (const [name, annotations] of Object.entries(TOOLS)) {
      const tool = tools.find((candidate) => candidate.name === name);
      assert.ok(tool, `${name} is listed`);
      assert.deepEqual(tool.annotations, annotations, name);
      assert.ok(tool.description && tool.description.length > 80, `${name} says when to use it`);
      const input = tool.inputSchema as JsonSchema;
      for (const [field, property] of Object.entries((input.properties as Record<string, JsonSchema>) ?? {}))
        assert.ok(
          typeof property.description === 'string' && property.description.length > 10,
          `${name}.${field} has a description`
        );
      for (const [at, array] of [
        ...arraysOf(input, `${name} input`),
        ...arraysOf(tool.outputSchema as JsonSchema, `${name} output`),
      ])
        assert.ok(
          array.items && typeof array.items === 'object' && Object.keys(array.items).length > 0,
          `${at} has an item type`
        );
      assert.equal(
        (tool.outputSchema as JsonSchema | undefined)?.type,
        'object',
        `${name} has an outputSchema`
      );
    }
    const publish = tools.find((tool) => tool.name === 'article_publisher_publish');
    const categories = (publish?.inputSchema.properties as Record<string, JsonSchema>).categories;
    assert.match(JSON.stringify(categories), /"type":"integer"/);
    assert.match(String(categories.description), /by id/);
  });

  it('says what is wrong: a wrong type names the type, a category name in categories says where names go (MCP, publish-post, webhook)', async () => {
    const article = { title: 'Errors', content: '<p>Body.</p>' };
    const wrongType = errorOf(await call(agent, 'article_publisher_publish', { ...article, title: 42 }));
    assert.equal(wrongType.code, 'bad_request');
    assert.match(wrongType.message, /title must be a string/);
    assert.doesNotMatch(wrongType.message, /title is required/);
    const names = errorOf(
      await call(agent, 'article_publisher_publish', { ...article, categories: ['Gardening'] })
    );
    assert.match(
      names.message,
      /categories takes category ids .*category names in category and sub_category/
    );
    const status = errorOf(await call(agent, 'article_publisher_publish', { ...article, status: 'live' }));
    assert.match(status.message, /status must be one of draft, publish, pending, future/);
    const missing = errorOf(await call(agent, 'article_publisher_publish', { content: '<p>x</p>' }));
    assert.match(missing.message, /title is required/);

    const api = await publishPost(site.url, KEY, { ...article, title: 42 });
    assert.equal(api.status, 400, api.text);
    assert.match(api.json.message, /title must be a string/);
    const apiNames = await publishPost(site.url, KEY, { ...article, categories: ['Gardening'] });
    assert.equal(apiNames.status, 400, apiNames.text);
    assert.match(apiNames.json.message, /categories takes category ids .*category and sub_category/);

    const hook = await deliver(
      site.url,
      JSON.stringify({ event: 'article.published', article_id: 1, title: 42, html_content: '<p>x</p>' }),
      SECRET
    );
    assert.equal(hook.status, 400, hook.text);
    assert.match(hook.json.message, /title must be a string/);
  });

  it('names the fields it ignores instead of dropping them silently', async () => {
    const result = await call(agent, 'article_publisher_publish', {
      title: 'Ignored fields',
      content: '<p>Body.</p>',
      meta_title: 'An SEO title',
      dry_run: true,
    });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    assert.deepEqual(result.structuredContent?.ignored, ['meta_title']);
    assert.match(result.content[0].text ?? '', /Ignored .*meta_title/);
  });

  it('an agent flow: site -> publish (Markdown) -> get (Markdown) -> publish the revision -> list -> unpublish, each read back', async () => {
    // A cover over 3 MB (4 MB as a data URL): more than Strapi's default JSON body limit (1 MB) on /mcp.
    const bigCover = await sharp(randomBytes(1024 * 1024 * 3), {
      raw: { width: 1024, height: 1024, channels: 3 },
    })
      .png()
      .toBuffer();
    assert.ok(bigCover.length > 3 * 1024 * 1024, `${bigCover.length} bytes`);
    const created = await request(`${site.url}/content-manager/collection-types/${CATEGORY}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}` },
      body: { name: 'Gardening', slug: 'gardening' },
    });
    assert.equal(created.status, 201, created.text);

    const siteAnswer = await call(agent, 'article_publisher_site');
    assert.notEqual(siteAnswer.isError, true, JSON.stringify(siteAnswer));
    const listed = siteAnswer.structuredContent?.categories as { id: number; name: string; parent: number }[];
    const gardening = listed.find((category) => category.name === 'Gardening');
    assert.ok(gardening, JSON.stringify(listed));
    assert.equal(gardening.parent, 0);
    assert.match(siteAnswer.content[0].text ?? '', new RegExp(`${gardening.id}: Gardening`));

    const first = await call(agent, 'article_publisher_publish', {
      title: 'Watering a Lawn',
      slug: 'watering-a-lawn',
      status: 'publish',
      content: MARKDOWN,
      content_format: 'markdown',
      categories: [gardening.id],
      featured_image: `data:image/png;base64,${bigCover.toString('base64')}`,
      featured_image_alt: 'A lawn',
    });
    assert.notEqual(first.isError, true, JSON.stringify(first));
    const postId = first.structuredContent?.post_id as number;
    const [stored] = await readArticle(site.url, 'watering-a-lawn', 'published');
    assert.match(String(stored.content), /<h2>Water early<\/h2>/);
    assert.deepEqual(
      (stored.categories as { name: string }[]).map((category) => category.name),
      ['Gardening']
    );

    const read = await call(agent, 'article_publisher_get', {
      slug: 'watering-a-lawn',
      content_format: 'markdown',
    });
    assert.notEqual(read.isError, true, JSON.stringify(read));
    const article = read.structuredContent as {
      post_id: number;
      content: string;
      status: string;
      categories: { id: number; name: string }[];
      cover: { url: string; alt: string } | null;
    };
    assert.equal(article.post_id, postId);
    assert.equal(article.status, 'publish');
    assert.match(article.content, /^## Water early/);
    assert.match(article.content, /^-\s+About 25 mm a week$/m);
    assert.doesNotMatch(article.content, /<h2>/);
    assert.deepEqual(article.categories, [{ id: gardening.id, name: 'Gardening', parent: 0 }]);
    assert.match(String(article.cover?.url), /\/uploads\//);
    const coverUrl = String(article.cover?.url);
    const coverFile = await fetch(coverUrl.startsWith('http') ? coverUrl : `${site.url}${coverUrl}`);
    assert.equal(coverFile.status, 200);
    const imported = await sharp(Buffer.from(await coverFile.arrayBuffer())).metadata();
    assert.deepEqual([imported.width, imported.height], [1024, 1024], 'the whole cover was imported');
    assert.equal(article.cover?.alt, 'A lawn');
    const byId = await call(agent, 'article_publisher_get', { post_id: postId });
    assert.match(String(byId.structuredContent?.content), /<h2>Water early<\/h2>/, 'HTML by default');

    const revised = await call(agent, 'article_publisher_publish', {
      title: 'Watering a Lawn',
      slug: 'watering-a-lawn',
      status: 'publish',
      content: REVISED,
      content_format: 'markdown',
      categories: [gardening.id],
    });
    assert.notEqual(revised.isError, true, JSON.stringify(revised));
    assert.equal(revised.structuredContent?.post_id, postId, 'the same post');
    const [again] = await readArticle(site.url, 'watering-a-lawn', 'published');
    assert.match(String(again.content), /at dawn/);
    assert.match(String(again.content), /<h2>Mow high<\/h2>/);
    const reread = await call(agent, 'article_publisher_get', {
      slug: 'watering-a-lawn',
      content_format: 'markdown',
    });
    assert.match(String(reread.structuredContent?.content), /## Mow high/);

    await call(agent, 'article_publisher_publish', {
      title: 'A draft about hedges',
      content: '<p>Hedges.</p>',
      status: 'draft',
    });
    const all = await call(agent, 'article_publisher_list', {});
    const rows = all.structuredContent?.articles as { post_id: number; slug: string; status: string }[];
    assert.deepEqual(
      rows.map((row) => [row.slug, row.status]),
      [
        ['a-draft-about-hedges', 'draft'],
        ['watering-a-lawn', 'publish'],
      ]
    );
    assert.equal(all.structuredContent?.total, 2);
    const publishedOnly = await call(agent, 'article_publisher_list', { status: 'publish' });
    assert.deepEqual(
      (publishedOnly.structuredContent?.articles as { slug: string }[]).map((row) => row.slug),
      ['watering-a-lawn']
    );
    const inCategory = await call(agent, 'article_publisher_list', { category: gardening.id });
    assert.deepEqual(
      (inCategory.structuredContent?.articles as { slug: string }[]).map((row) => row.slug),
      ['watering-a-lawn']
    );
    const searched = await call(agent, 'article_publisher_list', { search: 'hedges', page_size: 1 });
    assert.deepEqual(
      (searched.structuredContent?.articles as { slug: string }[]).map((row) => row.slug),
      ['a-draft-about-hedges']
    );
    const draftsPage2 = await call(agent, 'article_publisher_list', { page: 2, page_size: 1 });
    assert.deepEqual(
      (draftsPage2.structuredContent?.articles as { slug: string }[]).map((row) => row.slug),
      ['watering-a-lawn']
    );

    // The author may publish only what it created: the agent's post is not its own.
    const refused = errorOf(await call(author, 'article_publisher_unpublish', { slug: 'watering-a-lawn' }));
    assert.equal(refused.code, 'forbidden');
    assert.equal(refused.data.status, 403);
    assert.match(refused.message, /may not unpublish/);
    assert.equal((await readArticle(site.url, 'watering-a-lawn', 'published')).length, 1, 'still published');

    const down = await call(agent, 'article_publisher_unpublish', { post_id: postId });
    assert.notEqual(down.isError, true, JSON.stringify(down));
    assert.equal(down.structuredContent?.was_published, true);
    assert.equal((await readArticle(site.url, 'watering-a-lawn', 'published')).length, 0, 'off the site');
    assert.equal((await readArticle(site.url, 'watering-a-lawn', 'draft')).length, 1, 'its draft kept');
    const after = await call(agent, 'article_publisher_get', { post_id: postId });
    assert.equal(after.structuredContent?.status, 'draft');
    const twice = await call(agent, 'article_publisher_unpublish', { post_id: postId });
    assert.equal(twice.structuredContent?.was_published, false);

    const unknown = errorOf(await call(agent, 'article_publisher_get', { slug: 'no-such-article' }));
    assert.equal(unknown.code, 'not_found');
    const both = errorOf(await call(agent, 'article_publisher_get', { slug: 'a', post_id: 1 }));
    assert.match(both.message, /either post_id or slug/);
  });
});
