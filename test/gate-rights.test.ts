import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  createAdminInNewRole,
  registerSuperAdmin,
  setRolePermissions,
  type AdminPermission,
} from './helpers/admin';
import { tableRows } from './helpers/databases';
import { request } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';

/**
 * Issue 55, item 1: the gate judges a person's rights on the entry the write lands on, as the Content
 * Manager does, conditions included. A role like Strapi's default Author (create, read, update, publish
 * of articles only on entries it created: `admin::is-creator`) is refused another admin's post through
 * every door that acts for a person (MCP's admin token, the WordPress door's application password),
 * and still writes its own. The default playground: Article (Draft & Publish), Strapi's MCP server on.
 */
const ARTICLE = 'api::article.article';
const IS_CREATOR = ['admin::is-creator'];

const AUTHOR_PERMISSIONS: AdminPermission[] = [
  ...['create', 'read', 'update', 'publish'].map((action) => ({
    action: `plugin::content-manager.explorer.${action}`,
    subject: ARTICLE,
    conditions: IS_CREATOR,
  })),
  { action: 'plugin::upload.read' },
  { action: 'plugin::upload.assets.create' },
  // Its own application password (the plugin's settings) and its own admin token.
  { action: 'plugin::article-publisher.settings.read' },
  { action: 'plugin::article-publisher.secrets.regenerate' },
  { action: 'admin::admin-tokens.access' },
  { action: 'admin::admin-tokens.create' },
  { action: 'admin::admin-tokens.read' },
];

interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

interface ArticleRow {
  id: number;
  document_id: string;
  title: string;
  slug: string;
  content: string | null;
  published_at: unknown;
  created_by_id: number | null;
  updated_by_id: number | null;
}

describe('the gate: rights judged on the entry, on every door that acts for a person', () => {
  let site: Playground;
  let images: ImageServer;
  let ownerToken = '';
  let authorToken = '';
  let authorId = 0;
  let ownerId = 0;
  let authorPassword = '';
  let agent: Client;
  /** The other admin's post (the site owner's), made in the Content Manager. */
  let othersPost: { documentId: string; id: number };

  const asOwner = (path: string, options: { method?: string; body?: unknown } = {}) =>
    request(`${site.url}${path}`, { ...options, headers: { authorization: `Bearer ${ownerToken}` } });
  const wp = (path: string, options: { method?: string; body?: unknown } = {}) =>
    request(`${site.url}/wp-json/wp/v2${path}`, {
      ...options,
      headers: {
        authorization: `Basic ${Buffer.from(`author@example.com:${authorPassword}`).toString('base64')}`,
      },
    });
  const publishTool = async (args: Record<string, unknown>) =>
    (await agent.callTool({ name: 'article_publisher_publish', arguments: args })) as ToolResult;
  const rowsOf = async (documentId: string) =>
    ((await tableRows(site.database, 'articles')) as unknown as ArticleRow[]).filter(
      (row) => row.document_id === documentId
    );
  const rowsWithSlug = async (slug: string) =>
    ((await tableRows(site.database, 'articles')) as unknown as ArticleRow[]).filter(
      (row) => row.slug === slug
    );
  const refused = async (door: string) => {
    const response = await asOwner(`/article-publisher/activity/refusals?door=${door}`);
    assert.equal(response.status, 200, response.text);
    return response.json.results as { route: string; status: number; code: string; message: string }[];
  };
  /** The other admin's post, exactly as it was made: title, body, creator, never published. */
  async function assertOthersPostUnchanged() {
    const rows = await rowsOf(othersPost.documentId);
    assert.equal(rows.length, 1, JSON.stringify(rows));
    assert.equal(rows[0].title, "The owner's post");
    assert.equal(rows[0].content, 'Written by the owner.');
    assert.equal(rows[0].created_by_id, ownerId);
    assert.equal(rows[0].updated_by_id, ownerId);
    assert.equal(rows[0].published_at, null);
  }

  before(async () => {
    images = await new ImageServer().start();
    site = await startPlayground({
      env: {
        PLAYGROUND_MCP: 'true',
        // The test image server is plain http on loopback.
        ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
        ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true',
      },
    });
    ownerToken = await registerSuperAdmin(site.url);
    ownerId = (await asOwner('/admin/users/me')).json.data.id;
    authorToken = await createAdminInNewRole(site.url, ownerToken, {
      role: 'Authors',
      description: 'Like Strapi’s Author: only the entries it created',
      firstname: 'Ada',
      lastname: 'Author',
      email: 'author@example.com',
    });
    await setRolePermissions(site.url, ownerToken, 'Authors', AUTHOR_PERMISSIONS);
    const asAuthor = { authorization: `Bearer ${authorToken}` };
    authorId = (await request(`${site.url}/admin/users/me`, { headers: asAuthor })).json.data.id;

    const password = await request(`${site.url}/article-publisher/application-passwords`, {
      method: 'POST',
      headers: asAuthor,
      body: { name: 'Ada’s WordPress client' },
    });
    assert.equal(password.status, 201, password.text);
    authorPassword = password.json.password;

    // The author's own admin token: it holds the role's permissions under their conditions.
    const token = await request(`${site.url}/admin/admin-tokens`, {
      method: 'POST',
      headers: asAuthor,
      body: {
        name: 'Ada’s agent',
        description: 'gate rights test',
        lifespan: null,
        adminPermissions: AUTHOR_PERMISSIONS.filter(({ action }) => !action.startsWith('admin::')).map(
          ({ action, subject }) => ({ action, subject: subject ?? null, properties: {}, conditions: [] })
        ),
      },
    });
    assert.equal(token.status, 201, token.text);
    agent = new Client({ name: 'gate-rights-test', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token.json.data.accessKey}` } },
      })
    );

    const created = await asOwner(`/content-manager/collection-types/${ARTICLE}`, {
      method: 'POST',
      body: { title: "The owner's post", slug: 'owners-post', content: 'Written by the owner.' },
    });
    assert.equal(created.status, 201, created.text);
    othersPost = { documentId: created.json.data.documentId, id: created.json.data.id };
  });

  after(async () => {
    await agent?.close();
    await site?.stop();
    await images?.stop();
  });

  it('the Content Manager itself refuses the author the owner’s post (the rule the doors now follow)', async () => {
    const edit = await request(
      `${site.url}/content-manager/collection-types/${ARTICLE}/${othersPost.documentId}`,
      { method: 'PUT', headers: { authorization: `Bearer ${authorToken}` }, body: { title: 'Taken over' } }
    );
    assert.equal(edit.status, 403, edit.text);
    await assertOthersPostUnchanged();
  });

  it('MCP: publishing onto another admin’s slug is a tool error (403), nothing fetched or written, listed in Activity', async () => {
    const cover = images.file('/cover.jpg', await makeImage('jpeg', 120, 80, 1), 'image/jpeg');
    const result = await publishTool({
      title: 'Taken over',
      slug: 'owners-post',
      content: '<p>Overwritten through the agent.</p>',
      status: 'publish',
      featured_image: cover,
    });
    assert.equal(result.isError, true, JSON.stringify(result));
    const body = JSON.parse(result.content[0].text ?? '') as { code: string; data: { status: number } };
    assert.equal(body.code, 'forbidden', JSON.stringify(body));
    assert.equal(body.data.status, 403);
    assert.equal(images.hits.get('/cover.jpg') ?? 0, 0, 'the cover was never fetched');
    await assertOthersPostUnchanged();

    const entries = await refused('mcp');
    assert.ok(
      entries.some(
        (entry) =>
          entry.status === 403 &&
          entry.code === 'forbidden' &&
          entry.route.includes('article_publisher_publish') &&
          /may not update/.test(entry.message)
      ),
      JSON.stringify(entries)
    );
  });

  it('MCP: the author creates a new post, which is theirs, and updates it', async () => {
    const first = await publishTool({
      title: 'Ada’s agent post',
      slug: 'adas-agent-post',
      content: '<p>First version.</p>',
      status: 'publish',
    });
    assert.notEqual(first.isError, true, JSON.stringify(first));
    const [draft] = (await rowsWithSlug('adas-agent-post')).filter((row) => row.published_at === null);
    assert.equal(draft.created_by_id, authorId, 'recorded as its creator, as the Content Manager does');

    const second = await publishTool({
      title: 'Ada’s agent post, revised',
      slug: 'adas-agent-post',
      content: '<p>Second version.</p>',
      status: 'publish',
    });
    assert.notEqual(second.isError, true, JSON.stringify(second));
    const rows = await rowsWithSlug('adas-agent-post');
    assert.equal(rows.length, 2, 'one draft and one published version');
    for (const row of rows) assert.equal(row.title, 'Ada’s agent post, revised');
  });

  it('WordPress: updating another admin’s post is rest_cannot_edit (403), nothing written, listed in Activity', async () => {
    const response = await wp(`/posts/${othersPost.id}`, {
      method: 'POST',
      body: { title: 'Taken over', content: '<p>Overwritten through WordPress.</p>' },
    });
    assert.equal(response.status, 403, response.text);
    assert.equal(response.json.code, 'rest_cannot_edit');
    assert.equal(response.json.message, 'Sorry, you are not allowed to edit this post.');
    assert.equal(response.json.data.status, 403);
    await assertOthersPostUnchanged();

    const entries = await refused('wordpress');
    assert.ok(
      entries.some(
        (entry) =>
          entry.status === 403 &&
          entry.code === 'rest_cannot_edit' &&
          entry.route.includes(`/wp/v2/posts/${othersPost.id}`)
      ),
      JSON.stringify(entries)
    );
  });

  it('WordPress: the author creates a post and updates it, and updates the post their agent made', async () => {
    const created = await wp('/posts', {
      method: 'POST',
      body: { title: 'Ada’s WordPress post', content: '<p>Drafted.</p>', status: 'publish' },
    });
    assert.equal(created.status, 201, created.text);
    const updated = await wp(`/posts/${created.json.id}`, {
      method: 'POST',
      body: { title: 'Ada’s WordPress post, revised' },
    });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.json.title.raw ?? updated.json.title.rendered, 'Ada’s WordPress post, revised');
    const rows = await rowsWithSlug(created.json.slug);
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.equal(row.title, 'Ada’s WordPress post, revised');
      assert.equal(row.created_by_id, authorId);
    }

    const [agentDraft] = (await rowsWithSlug('adas-agent-post')).filter((row) => row.published_at === null);
    const agentPost = await wp(`/posts/${agentDraft.id}`, {
      method: 'POST',
      body: { title: 'Ada’s agent post, edited in WordPress' },
    });
    assert.equal(agentPost.status, 200, agentPost.text);
    assert.ok(
      (await rowsWithSlug('adas-agent-post')).every(
        (row) => row.title === 'Ada’s agent post, edited in WordPress'
      )
    );
  });

  it('the dry run still needs no write right, even on another admin’s slug', async () => {
    const preview = await publishTool({
      title: 'Only a look',
      slug: 'owners-post',
      content: '<p>Nothing written.</p>',
      dry_run: true,
    });
    assert.notEqual(preview.isError, true, JSON.stringify(preview));
    await assertOthersPostUnchanged();
  });
});
