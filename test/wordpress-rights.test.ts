import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createAdminInNewRole,
  registerSuperAdmin,
  setRolePermissions,
  type AdminPermission,
} from './helpers/admin';
import { tableRows } from './helpers/databases';
import { request, type HttpResponse } from './helpers/http';
import { makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';

/**
 * Issue 45, point 7: an application password acts as its admin, with the admin's rights as they are at
 * each request (Strapi's roles: the Content Manager's actions on the target, the Media Library's upload),
 * answered with WordPress's codes. The default playground: Article (Draft & Publish, Markdown), Category.
 */
const ROBOT_LOGIN = 'robot@example.com';
const ROBOT_PASSWORD = 'Abcd Efgh Ijkl Mnop Qrst Uvwx';
const ARTICLE = 'api::article.article';
const CATEGORY = 'api::category.category';

/** What an admin needs to create its own application password in the plugin's settings. */
const PASSWORD_KEEPER: AdminPermission[] = ['settings.read', 'secrets.regenerate'].map((uid) => ({
  action: `plugin::article-publisher.${uid}`,
}));
const contentManager = (subject: string, actions: string[]): AdminPermission[] =>
  actions.map((action) => ({ action: `plugin::content-manager.explorer.${action}`, subject }));

const EDITOR_PERMISSIONS = [
  ...PASSWORD_KEEPER,
  ...contentManager(ARTICLE, ['create', 'read', 'update', 'publish']),
  ...contentManager(CATEGORY, ['create', 'read', 'update', 'publish']),
  { action: 'plugin::upload.read' },
  { action: 'plugin::upload.assets.create' },
];
/** Create and edit articles, never publish; no upload, no categories. */
const DRAFTER_PERMISSIONS = [...PASSWORD_KEEPER, ...contentManager(ARTICLE, ['create', 'read', 'update'])];

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}`;

function assertWordPressError(response: HttpResponse, status: number, code: string, message?: string) {
  assert.equal(response.status, status, response.text);
  assert.equal(response.json.code, code, response.text);
  assert.equal(response.json.data.status, status, response.text);
  if (message) assert.equal(response.json.message, message);
}

interface Writer {
  email: string;
  password: string;
  adminId: number;
}

describe("WordPress door: a password acts as its admin, with the admin's current rights", () => {
  let site: Playground;
  let ownerToken: string;
  let editor: Writer;
  let drafter: Writer;
  const roleIds: Record<string, number> = {};

  const asOwner = (path: string, options: { method?: string; body?: unknown } = {}) =>
    request(`${site.url}${path}`, { ...options, headers: { authorization: `Bearer ${ownerToken}` } });
  const wp = (
    writer: { email: string; password: string },
    path: string,
    options: Parameters<typeof request>[1] = {}
  ) =>
    request(`${site.url}/wp-json/wp/v2${path}`, {
      ...options,
      headers: { authorization: basic(writer.email, writer.password), ...options.headers },
    });
  const capabilitiesOf = async (writer: { email: string; password: string }) => {
    const me = await wp(writer, '/users/me?context=edit');
    assert.equal(me.status, 200, me.text);
    return me.json as { roles: string[]; capabilities: Record<string, boolean> };
  };
  const articles = async () =>
    (await tableRows(site.database, 'articles')) as {
      title: string;
      published_at: unknown;
      document_id: string;
    }[];
  const rowsTitled = async (title: string) => (await articles()).filter((row) => row.title === title);
  const files = async () => (await tableRows(site.database, 'files')).length;
  const uploadImage = async (writer: Writer) =>
    wp(writer, '/media', {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="basil.jpg"' },
      body: await makeImage('jpeg', 120, 80, 3),
    });

  /** An admin in a new role with these permissions, and the application password it created itself. */
  async function writerIn(role: string, email: string, permissions: AdminPermission[]): Promise<Writer> {
    const token = await createAdminInNewRole(site.url, ownerToken, {
      role,
      description: `${role} of the rights test`,
      firstname: role,
      lastname: 'Tester',
      email,
    });
    await setRolePermissions(site.url, ownerToken, role, permissions);
    const roles = await asOwner('/admin/roles');
    roleIds[role] = (roles.json.data as { id: number; name: string }[]).find(
      (entry) => entry.name === role
    )!.id;
    const created = await request(`${site.url}/article-publisher/application-passwords`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: { name: `${role}'s client` },
    });
    assert.equal(created.status, 201, created.text);
    const me = await request(`${site.url}/admin/users/me`, { headers: { authorization: `Bearer ${token}` } });
    return { email, password: created.json.password, adminId: me.json.data.id };
  }

  before(async () => {
    site = await startPlayground({
      articleBodyFormat: 'auto',
      env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${ROBOT_LOGIN}:${ROBOT_PASSWORD}` },
    });
    ownerToken = await registerSuperAdmin(site.url);
    editor = await writerIn('Editors', 'eddie@example.com', EDITOR_PERMISSIONS);
    drafter = await writerIn('Drafters', 'dora@example.com', DRAFTER_PERMISSIONS);
  });
  after(async () => site?.stop());

  it("users/me?context=edit shows each admin's capabilities and role, from its Strapi permissions", async () => {
    const editorView = await capabilitiesOf(editor);
    assert.deepEqual(editorView.roles, ['editor']);
    for (const capability of ['edit_posts', 'publish_posts', 'upload_files', 'manage_categories']) {
      assert.equal(editorView.capabilities[capability], true, capability);
    }
    const drafterView = await capabilitiesOf(drafter);
    assert.deepEqual(drafterView.roles, ['contributor']);
    assert.equal(drafterView.capabilities.edit_posts, true);
    assert.equal(drafterView.capabilities.publish_posts, false);
    assert.equal(drafterView.capabilities.edit_published_posts, false);
    assert.equal(drafterView.capabilities.upload_files, false);
    assert.equal(drafterView.capabilities.manage_categories, false);
    // ARTICLE_PUBLISHER_WP_APP_PASSWORD stands for no admin: every right.
    const robot = await capabilitiesOf({ email: ROBOT_LOGIN, password: ROBOT_PASSWORD });
    assert.deepEqual(robot.roles, ['editor']);
    assert.ok(Object.values(robot.capabilities).every(Boolean), JSON.stringify(robot.capabilities));
  });

  it('a draft-only role creates and edits drafts, and publishes, schedules, uploads and creates categories never', async () => {
    const draft = await wp(drafter, '/posts', {
      method: 'POST',
      body: { title: 'Dora draft', content: '<p>Seeds first.</p>', status: 'draft' },
    });
    assert.equal(draft.status, 201, draft.text);
    assert.equal(draft.json.status, 'draft');
    const [stored] = await rowsTitled('Dora draft');
    assert.ok(stored, 'the draft is stored');

    const before = await articles();
    for (const body of [
      { title: 'Dora live', content: '<p>Now.</p>', status: 'publish' },
      { title: 'Dora later', content: '<p>Later.</p>', status: 'publish', date: '2030-01-01T09:00:00Z' },
      { title: 'Dora later', content: '<p>Later.</p>', status: 'future', date: '2030-01-01T09:00:00Z' },
    ]) {
      const refused = await wp(drafter, '/posts', { method: 'POST', body });
      assertWordPressError(
        refused,
        403,
        'rest_cannot_publish',
        'Sorry, you are not allowed to publish posts in this post type.'
      );
    }
    const publishDraft = await wp(drafter, `/posts/${draft.json.id}`, {
      method: 'POST',
      body: { title: 'Dora published', content: '<p>Seeds first.</p>', status: 'publish' },
    });
    assertWordPressError(publishDraft, 403, 'rest_cannot_publish');
    assert.deepEqual(await articles(), before, 'nothing was written');
    assert.ok(
      (await rowsTitled('Dora draft')).every((row) => row.published_at === null),
      'never published'
    );

    const edited = await wp(drafter, `/posts/${draft.json.id}`, {
      method: 'POST',
      body: { title: 'Dora draft, edited', content: '<p>Seeds first.</p>' },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.status, 'draft');
    assert.ok((await rowsTitled('Dora draft, edited')).every((row) => row.published_at === null));

    const filesBefore = await files();
    assertWordPressError(
      await uploadImage(drafter),
      403,
      'rest_cannot_create',
      'Sorry, you are not allowed to upload media on this site.'
    );
    assert.equal(await files(), filesBefore, 'no file was stored');
    const categoriesBefore = (await tableRows(site.database, 'categories')).length;
    assertWordPressError(
      await wp(drafter, '/categories', { method: 'POST', body: { name: 'Dora picks' } }),
      403,
      'rest_cannot_create',
      'Sorry, you are not allowed to create terms in this taxonomy.'
    );
    assert.equal((await tableRows(site.database, 'categories')).length, categoriesBefore);
  });

  it("a demoted admin's old password loses what the new role lacks, at once: no publish, no edit of a live post, no upload", async () => {
    const published = await wp(editor, '/posts', {
      method: 'POST',
      body: { title: 'Eddie live', content: '<p>Harvest.</p>', status: 'publish' },
    });
    assert.equal(published.status, 201, published.text);
    assert.equal(published.json.status, 'publish');
    assert.equal((await uploadImage(editor)).status, 201, 'the editor uploads');

    const moved = await asOwner(`/admin/users/${editor.adminId}`, {
      method: 'PUT',
      body: { roles: [roleIds.Drafters] },
    });
    assert.equal(moved.status, 200, moved.text);

    const before = await articles();
    assertWordPressError(
      await wp(editor, '/posts', {
        method: 'POST',
        body: { title: 'Eddie again', content: '<p>More.</p>', status: 'publish' },
      }),
      403,
      'rest_cannot_publish'
    );
    assertWordPressError(
      await wp(editor, `/posts/${published.json.id}`, {
        method: 'POST',
        body: { title: 'Eddie rewritten', content: '<p>Rewritten.</p>' },
      }),
      403,
      'rest_cannot_edit',
      'Sorry, you are not allowed to edit this post.'
    );
    assert.deepEqual(await articles(), before, 'nothing was written');
    assertWordPressError(await uploadImage(editor), 403, 'rest_cannot_create');

    const view = await capabilitiesOf(editor);
    assert.deepEqual(view.roles, ['contributor']);
    assert.equal(view.capabilities.publish_posts, false);
    assert.equal(view.capabilities.upload_files, false);

    // Given the right again, the same password publishes again.
    await setRolePermissions(site.url, ownerToken, 'Drafters', [
      ...DRAFTER_PERMISSIONS,
      ...contentManager(ARTICLE, ['publish']),
    ]);
    const again = await wp(editor, '/posts', {
      method: 'POST',
      body: { title: 'Eddie again', content: '<p>More.</p>', status: 'publish' },
    });
    assert.equal(again.status, 201, again.text);
    await setRolePermissions(site.url, ownerToken, 'Drafters', DRAFTER_PERMISSIONS);
  });

  it("a deactivated or deleted admin's password is refused as an invalid credential (401)", async () => {
    const deactivated = await asOwner(`/admin/users/${drafter.adminId}`, {
      method: 'PUT',
      body: { isActive: false },
    });
    assert.equal(deactivated.status, 200, deactivated.text);
    assertWordPressError(await wp(drafter, '/users/me'), 401, 'rest_not_logged_in');
    assertWordPressError(
      await wp(drafter, '/posts', { method: 'POST', body: { title: 'Dora away', content: '<p>x</p>' } }),
      401,
      'rest_cannot_create'
    );
    assert.deepEqual(await rowsTitled('Dora away'), []);
    await asOwner(`/admin/users/${drafter.adminId}`, { method: 'PUT', body: { isActive: true } });
    assert.equal((await wp(drafter, '/users/me')).status, 200, 'active again, the password works again');

    const deleted = await asOwner(`/admin/users/${editor.adminId}`, { method: 'DELETE' });
    assert.equal(deleted.status, 200, deleted.text);
    assertWordPressError(await wp(editor, '/users/me'), 401, 'rest_not_logged_in');
  });
});
