import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createAdminInNewRole,
  grantPluginActions,
  registerSuperAdmin,
  setRolePermissions,
} from './helpers/admin';
import { request, type HttpResponse } from './helpers/http';
import { runPlaygroundUntilExit, startPlayground, type Playground } from './helpers/playground';
import { publishPost } from './helpers/service';

/**
 * Issue #32, item 2: the settings name content types (the target, the category type), and the plugin
 * writes into what they name. Only the app's own collection types (api::) may be named, and only by an
 * admin who could edit that type by hand.
 */

/** What an attacker maps onto users-permissions' Role: the role's `type` as the slug, its permissions as categories. */
const ROLE_REWRITE = {
  targetContentType: 'plugin::users-permissions.role',
  fields: {
    title: 'name',
    slug: 'type',
    content: '',
    cover: '',
    summary: '',
    categories: 'permissions',
    tags: '',
    seo: '',
    author: '',
    date: '',
    readingTime: '',
    jsonLd: '',
  },
  categoryContentType: 'plugin::users-permissions.permission',
  categoryFields: { name: 'action', slug: '', parent: '' },
};

/** The publish that then replaces the Public role's permissions with the one that lists every user. */
const ROLE_REWRITE_PUBLISH = {
  title: 'Public',
  slug: 'public',
  content: '<p>Anyone may list the users.</p>',
  category: 'plugin::users-permissions.user.find',
};

const SETTINGS_ACTIONS = ['settings.read', 'settings.update'];
const EDIT_ARTICLES = ['create', 'update', 'publish'].map((action) => ({
  action: `plugin::content-manager.explorer.${action}`,
  subject: 'api::article.article',
}));

function fieldErrors(response: HttpResponse): Record<string, string> {
  assert.equal(response.status, 400, response.text);
  assert.equal(response.json.error.name, 'ValidationError', response.text);
  return Object.fromEntries(
    (response.json.error.details.errors as { path: string; message: string }[]).map((error) => [
      error.path,
      error.message,
    ])
  );
}

describe("settings cannot point the plugin at Strapi's own types", () => {
  let site: Playground;
  let ownerToken: string;
  let keeperToken: string;
  let key: string;

  const admin = (path: string, options: { method?: string; body?: unknown; token?: string } = {}) =>
    request(`${site.url}/article-publisher${path}`, {
      method: options.method ?? 'GET',
      body: options.body,
      headers: { authorization: `Bearer ${options.token ?? ownerToken}` },
    });
  const currentSettings = async () => (await admin('/settings')).json.settings as Record<string, unknown>;
  const publicPermissionCount = async () => {
    const connection = site.database.connect();
    try {
      const role = await connection('up_roles').where({ type: 'public' }).first();
      assert.ok(role, 'the Public role exists');
      const links = await connection('up_permissions_role_lnk').where({ role_id: role.id });
      return links.length;
    } finally {
      await connection.destroy();
    }
  };

  before(async () => {
    site = await startPlayground({ fixtureTypes: ['guide', 'homepage'] });
    ownerToken = await registerSuperAdmin(site.url);
    key = (await admin('/api-key', { method: 'POST' })).json.key as string;
    keeperToken = await createAdminInNewRole(site.url, ownerToken, {
      role: 'Settings keepers',
      description: "Only Article Publisher's settings",
      firstname: 'Kim',
      lastname: 'Keeper',
      email: 'keeper@example.com',
    });
    await grantPluginActions(site.url, ownerToken, 'Settings keepers', SETTINGS_ACTIONS);
  });
  after(async () => site?.stop());

  it("refuses a settings-only admin's target of users-permissions roles; a publish leaves the roles alone and GET /api/users stays forbidden", async () => {
    assert.equal((await request(`${site.url}/api/users`)).status, 403, 'users are not public to begin with');
    const publicPermissions = await publicPermissionCount();
    assert.ok(publicPermissions > 0, 'the playground lets the public read its types');

    const settings = await currentSettings();
    const saved = await admin('/settings', {
      method: 'PUT',
      body: { ...settings, ...ROLE_REWRITE },
      token: keeperToken,
    });
    // What the rewrite would do: the Public role's permissions replaced by users.find.
    const published = await publishPost(site.url, key, ROLE_REWRITE_PUBLISH);

    const users = await request(`${site.url}/api/users`);
    assert.equal(users.status, 403, `the users stay private: ${users.status} ${users.text.slice(0, 200)}`);
    assert.equal(
      await publicPermissionCount(),
      publicPermissions,
      "the Public role's permissions are untouched"
    );
    assert.equal((await request(`${site.url}/api/articles`)).status, 200, 'the public still reads articles');

    const errors = fieldErrors(saved);
    assert.match(errors.targetContentType, /api::/, saved.text);
    assert.match(errors.targetContentType, /plugin::users-permissions\.role/);
    assert.match(errors.categoryContentType, /api::/, saved.text);
    const after = await currentSettings();
    assert.equal(after.targetContentType, 'api::article.article', 'nothing was saved');
    assert.equal(after.categoryContentType, '');
    assert.equal(published.status, 201, `the publish went into the Article as before: ${published.text}`);
  });

  it('refuses Strapi and plugin types to every admin, in the save and in the live check', async () => {
    const settings = await currentSettings();
    for (const targetContentType of [
      'plugin::users-permissions.role',
      'plugin::users-permissions.user',
      'admin::user',
      'plugin::upload.file',
    ]) {
      const errors = fieldErrors(
        await admin('/settings', { method: 'PUT', body: { ...settings, targetContentType } })
      );
      assert.match(
        errors.targetContentType,
        /must be one of the app's own collection types/,
        targetContentType
      );
      const checked = fieldErrors(
        await admin('/settings/check', { method: 'POST', body: { targetContentType } })
      );
      assert.ok(checked.targetContentType, `the live check names ${targetContentType}`);
    }
    const category = fieldErrors(
      await admin('/settings', {
        method: 'PUT',
        body: { ...settings, categoryContentType: 'plugin::users-permissions.permission' },
      })
    );
    assert.match(category.categoryContentType, /must be one of the app's own collection types/);
    assert.equal((await currentSettings()).targetContentType, 'api::article.article');
  });

  it('refuses a single type of the app (api::homepage.homepage) as the target and as the category type', async () => {
    const settings = await currentSettings();
    const errors = fieldErrors(
      await admin('/settings', {
        method: 'PUT',
        body: {
          ...settings,
          targetContentType: 'api::homepage.homepage',
          categoryContentType: 'api::homepage.homepage',
        },
      })
    );
    assert.match(errors.targetContentType, /single type/);
    assert.match(errors.categoryContentType, /single type/);
    const checked = await admin('/settings/check', {
      method: 'POST',
      body: { targetContentType: 'api::homepage.homepage' },
    });
    assert.equal(checked.status, 200, checked.text);
    assert.ok(
      checked.json.fatal.some((problem: string) => /single type/.test(problem)),
      `the live check says why: ${checked.text}`
    );
  });

  it('lets only an admin who may create, update and publish articles in the Content Manager point the plugin at them', async () => {
    // The owner moves the target away, so pointing it back at the Article is a change of target.
    const settings = await currentSettings();
    const moved = await admin('/settings', {
      method: 'PUT',
      body: { ...settings, targetContentType: 'api::guide.guide', fields: {} },
    });
    assert.equal(moved.status, 200, moved.text);

    const backToArticles = { ...(await currentSettings()), targetContentType: 'api::article.article' };
    const refused = fieldErrors(
      await admin('/settings', { method: 'PUT', body: backToArticles, token: keeperToken })
    );
    assert.match(refused.targetContentType, /create, update and publish/, JSON.stringify(refused));
    assert.match(refused.targetContentType, /api::article\.article/);
    assert.equal((await currentSettings()).targetContentType, 'api::guide.guide', 'nothing was saved');

    const renamed = await admin('/settings', {
      method: 'PUT',
      body: { ...(await currentSettings()), siteName: 'Renamed by the keeper' },
      token: keeperToken,
    });
    assert.equal(
      renamed.status,
      200,
      `settings other than the target need no content rights: ${renamed.text}`
    );

    await setRolePermissions(site.url, ownerToken, 'Settings keepers', [
      ...SETTINGS_ACTIONS.map((uid) => ({ action: `plugin::article-publisher.${uid}` })),
      ...EDIT_ARTICLES.slice(0, 2),
    ]);
    const withoutPublish = fieldErrors(
      await admin('/settings', { method: 'PUT', body: backToArticles, token: keeperToken })
    );
    assert.match(withoutPublish.targetContentType, /publish/);
    assert.doesNotMatch(withoutPublish.targetContentType, /create|update/);

    await setRolePermissions(site.url, ownerToken, 'Settings keepers', [
      ...SETTINGS_ACTIONS.map((uid) => ({ action: `plugin::article-publisher.${uid}` })),
      ...EDIT_ARTICLES,
    ]);
    const allowed = await admin('/settings', { method: 'PUT', body: backToArticles, token: keeperToken });
    assert.equal(allowed.status, 200, allowed.text);
    assert.equal(allowed.json.settings.targetContentType, 'api::article.article');
  });

  it('refuses to publish under a stored target saved before the check existed, and writes nothing there', async () => {
    const connection = site.database.connect();
    const storeKey = 'plugin_article-publisher_settings';
    try {
      const row = await connection('strapi_core_store_settings').where({ key: storeKey }).first();
      assert.ok(row, 'the settings saved above are stored');
      const stored = JSON.parse(String(row.value)) as Record<string, unknown>;
      await connection('strapi_core_store_settings')
        .where({ key: storeKey })
        .update({ value: JSON.stringify({ ...stored, ...ROLE_REWRITE }) });
    } finally {
      await connection.destroy();
    }
    const publicPermissions = await publicPermissionCount();

    const published = await publishPost(site.url, key, ROLE_REWRITE_PUBLISH);
    // Only the site owner can fix the settings: a 4xx a sender does not retry.
    assert.equal(published.status, 422, published.text);
    assert.equal(published.json.code, 'target_unfillable');
    assert.match(published.json.message, /plugin::users-permissions\.role/);
    assert.match(published.json.message, /app's own collection types/);
    assert.equal((await request(`${site.url}/api/users`)).status, 403);
    assert.equal(await publicPermissionCount(), publicPermissions);

    const page = (await admin('/settings')).json;
    assert.equal(
      page.settings.targetContentType,
      'plugin::users-permissions.role',
      'the admin shows what is stored'
    );
    assert.ok(
      page.target.fatal.some((problem: string) => problem.includes("app's own collection types")),
      JSON.stringify(page.target)
    );
  });
});

describe('plugin config naming a content type, checked at start', () => {
  for (const [label, pluginConfig, pattern] of [
    [
      "users-permissions' Role as the target",
      { targetContentType: 'plugin::users-permissions.role' },
      /"targetContentType" must be one of the app's own collection types/,
    ],
    ['the admin users as the target', { targetContentType: 'admin::user' }, /"targetContentType"/],
    [
      "a plugin's type as the category type",
      { categoryContentType: 'plugin::users-permissions.permission' },
      /"categoryContentType" must be one of the app's own collection types/,
    ],
    [
      'a single type as the target',
      { targetContentType: 'api::homepage.homepage' },
      /"targetContentType" .*single type/,
    ],
  ] as const) {
    it(`stops Strapi with a message naming the option: ${label}`, async () => {
      const { code, output } = await runPlaygroundUntilExit({
        pluginConfig,
        fixtureTypes: ['guide', 'homepage'],
      });
      assert.notEqual(code, 0, output.slice(-2000));
      assert.match(output, /Error regarding article-publisher config/);
      assert.match(output, pattern);
    });
  }
});
