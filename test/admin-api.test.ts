import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_CONFIG } from '../core/src/config';
import { createAdminWithoutPluginPermissions, registerSuperAdmin, grantPluginActions } from './helpers/admin';
import { request } from './helpers/http';
import { makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { publishPost } from './helpers/service';
import { deliverArticle } from './helpers/webhook';

describe('admin API: settings form, live target check, activity, permissions', () => {
  let site: Playground;
  let ownerToken: string;
  let key: string;

  const admin = (path: string, options: { method?: string; body?: unknown; token?: string | null } = {}) =>
    request(`${site.url}/article-publisher${path}`, {
      method: options.method ?? 'GET',
      body: options.body,
      headers: options.token === null ? {} : { authorization: `Bearer ${options.token ?? ownerToken}` },
    });

  before(async () => {
    // A type with fields whose names say nothing: the parts it leaves out are ones the owner could map.
    site = await startPlayground({ fixtureTypes: ['loose-note'] });
    ownerToken = await registerSuperAdmin(site.url);
    key = (await admin('/api-key', { method: 'POST' })).json.key as string;
  });
  after(async () => site?.stop());

  it('shows the effective settings, the defaults, the target check and the app content types', async () => {
    const response = await admin('/settings');
    assert.equal(response.status, 200, response.text);
    const page = response.json;
    assert.equal(page.settings.postUrlTemplate, '{siteUrl}/blog/{slug}');
    assert.equal(page.settings.siteName, 'Article Publisher Playground');
    const {
      allowHttp: _allowHttp,
      allowPrivateNetworks: _allowPrivateNetworks,
      maxPixelsInFlight: _maxPixelsInFlight,
      ...imageLimits
    } = DEFAULT_CONFIG.images;
    assert.deepEqual(
      page.defaults.images,
      imageLimits,
      "the local-testing switches and the process's pixel budget are not admin settings"
    );
    assert.equal(page.defaults.images.maxBytes, 15 * 1024 * 1024);
    assert.deepEqual(page.defaults.videoEmbedHosts, [
      'https://www.youtube.com/embed/',
      'https://www.youtube-nocookie.com/embed/',
    ]);
    assert.deepEqual([page.target.fatal, page.target.degraded], [[], []]);
    // Each role row says what the plugin will use and why (#46): categories work by detection, so the
    // category type's row names the relation's type instead of "(none: feature off)".
    assert.deepEqual(page.target.roles.categoryContentType, {
      value: 'api::category.category',
      source: 'derived',
      why: 'Uses api::category.category: the type the categories relation points to.',
    });
    assert.deepEqual(page.target.roles.cover, {
      value: 'cover',
      source: 'name',
      why: 'Uses cover: detected by its name.',
    });
    assert.equal(
      page.target.roles.categorySlug.why,
      'Uses slug of api::category.category: detected by its name and type.'
    );
    assert.equal(page.target.roles.tags.source, 'none');
    assert.match(
      page.target.roles.tags.why,
      /^None found on api::article\.article: tags are named in a warning/
    );
    const article = page.contentTypes.find((type: { uid: string }) => type.uid === 'api::article.article');
    assert.ok(
      article.attributes.some(
        (attribute: { name: string; type: string }) =>
          attribute.name === 'seo' && attribute.type === 'component'
      )
    );
    assert.equal(page.serverUrl, `http://127.0.0.1:${site.port}`);
    assert.ok(!response.text.includes(key), 'the key is never sent back');
  });

  it('leaves the CMS address to the admin when Strapi has no public server.url, and keeps the public site URL apart', async () => {
    const page = (await admin('/settings')).json;
    assert.equal(page.cmsUrl, null, 'server.url is not set: the admin uses the address it reaches Strapi at');
    assert.deepEqual(page.endpointPaths, {
      ping: '/api/service/v1/ping',
      publishPost: '/api/service/v1/publish-post',
      webhook: '/api/service/v1/webhook',
    });
    assert.equal(
      page.siteUrl,
      `http://localhost:${site.port}`,
      'the public site URL, for post URLs and ping'
    );
  });

  it('refuses invalid settings with one field error per offending setting, and saves nothing', async () => {
    const { settings } = (await admin('/settings')).json;
    const response = await admin('/settings', {
      method: 'PUT',
      body: {
        ...settings,
        postUrlTemplate: 'https://example.com/blog/',
        images: { ...settings.images, maxBytes: 10 },
        videoEmbedHosts: ['https://www.youtube.com/embed/', 'http://insecure.example/embed/'],
        apiKey: 'not-a-setting-at-all',
      },
    });
    assert.equal(response.status, 400, response.text);
    assert.equal(response.json.error.name, 'ValidationError');
    const byPath = Object.fromEntries(
      (response.json.error.details.errors as { path: string; message: string }[]).map((e) => [
        e.path,
        e.message,
      ])
    );
    assert.match(byPath.postUrlTemplate, /must contain \{slug\}/);
    assert.ok(byPath['images.maxBytes'], 'images.maxBytes is named');
    assert.match(byPath['videoEmbedHosts.1'], /https/);
    assert.equal(byPath.apiKey, 'is not a setting');
    assert.equal((await admin('/settings')).json.settings.postUrlTemplate, '{siteUrl}/blog/{slug}');
  });

  it('saves valid settings, which ping and the next publish use at once', async () => {
    const { settings } = (await admin('/settings')).json;
    const saved = await admin('/settings', {
      method: 'PUT',
      body: { ...settings, siteName: 'Renamed Garden', postUrlTemplate: '{siteUrl}/posts/{slug}' },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.json.settings.siteName, 'Renamed Garden');

    const ping = await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': key } });
    assert.equal(ping.json.site_name, 'Renamed Garden');
    const published = await publishPost(site.url, key, {
      title: 'Saved settings apply',
      content: '<p>Hello.</p>',
    });
    assert.equal(published.status, 201, published.text);
    assert.equal(published.json.post_url, `http://localhost:${site.port}/posts/saved-settings-apply`);

    const restored = await admin('/settings', { method: 'PUT', body: settings });
    assert.equal(restored.status, 200, restored.text);
  });

  it('checks unsaved target settings live, without storing them', async () => {
    const { settings } = (await admin('/settings')).json;
    const noSeo = await admin('/settings/check', {
      method: 'POST',
      body: { targetContentType: settings.targetContentType, fields: { ...settings.fields, seo: '' } },
    });
    assert.equal(noSeo.status, 200, noSeo.text);
    assert.deepEqual(noSeo.json.fatal, []);
    assert.ok(
      noSeo.json.degraded.some((problem: string) => problem.startsWith('No SEO component')),
      noSeo.text
    );
    assert.equal(
      noSeo.json.roles.seo.why,
      'Off (fields.seo is empty): the meta title, description and keywords are named in a warning, not saved.'
    );
    const named = await admin('/settings/check', {
      method: 'POST',
      body: { targetContentType: settings.targetContentType, fields: { ...settings.fields, cover: 'cover' } },
    });
    assert.equal(named.status, 200, named.text);
    assert.equal(named.json.roles.cover.why, 'Uses cover: set in fields.cover.');

    const missingType = await admin('/settings/check', {
      method: 'POST',
      body: { targetContentType: 'api::nope.nope' },
    });
    assert.equal(missingType.status, 200);
    assert.deepEqual(missingType.json.fatal, ['The target content type "api::nope.nope" does not exist.']);

    const malformed = await admin('/settings/check', {
      method: 'POST',
      body: { targetContentType: 'article' },
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.error.details.errors[0].path, 'targetContentType');

    const saved = (await admin('/settings')).json.target;
    assert.deepEqual([saved.fatal, saved.degraded], [[], []], 'nothing was saved');
    assert.equal(saved.roles.seo.source, 'name', 'nothing was saved');
  });

  it('lists the ledger newest first, paginated, filtered by status and source', async () => {
    const secret = (await admin('/webhook-secret', { method: 'POST', body: {} })).json.secret as string;
    const viaApi = await publishPost(site.url, key, {
      title: 'Pending hose guide',
      slug: 'pending-hose-guide',
      status: 'pending',
      content: '<p>Text.</p><img src="https://127.0.0.1:9/x.png" alt="refused">',
      featured_image: 'https://127.0.0.1:9/cover.png',
    });
    assert.equal(viaApi.status, 201, viaApi.text);
    assert.match(viaApi.json.featured_image_result, /^warning: /);
    const viaWebhook = await deliverArticle(site.url, secret, {
      articleId: 77,
      title: 'Webhook watering guide',
      slug: 'webhook-watering-guide',
      html: '<p>Water in the morning.</p>',
    });
    assert.equal(viaWebhook.status, 200, viaWebhook.text);

    const all = await admin('/activity');
    assert.equal(all.status, 200, all.text);
    const slugs = all.json.results.map((entry: { slug: string }) => entry.slug);
    assert.deepEqual(slugs.slice(0, 3), [
      'webhook-watering-guide',
      'pending-hose-guide',
      'saved-settings-apply',
    ]);
    assert.deepEqual(all.json.pagination, { page: 1, pageSize: 20, pageCount: 1, total: 3 });

    const pending = all.json.results[1];
    assert.equal(pending.source, 'api');
    assert.equal(pending.requestedStatus, 'pending');
    assert.equal(pending.title, 'Pending hose guide');
    assert.equal(pending.targetUid, 'api::article.article');
    assert.equal(pending.targetDocumentId, viaApi.json.document_id);
    assert.equal(pending.postId, viaApi.json.post_id);
    assert.equal(pending.imagesImported, 0);
    assert.ok(
      pending.warnings.some((warning: string) => warning.startsWith('https://127.0.0.1:9/x.png')),
      pending.warnings
    );
    assert.ok(
      pending.warnings.some((warning: string) => warning.startsWith('featured image: ')),
      `a featured image that could not be attached is among the delivery's warnings: ${pending.warnings}`
    );
    assert.ok(!Number.isNaN(Date.parse(pending.createdAt)));
    // The same warnings grouped by the part of the article each is about (#47).
    const group = (part: string) =>
      pending.warningGroups.find((entry: { part: string }) => entry.part === part)?.warnings ?? [];
    assert.deepEqual(
      pending.warningGroups.flatMap((entry: { warnings: string[] }) => entry.warnings).sort(),
      [...pending.warnings].sort(),
      'every warning in one group'
    );
    assert.ok(
      group('inlineImages').some((warning: string) => warning.startsWith('https://127.0.0.1:9/x.png'))
    );
    assert.ok(group('featuredImage').some((warning: string) => warning.startsWith('featured image: ')));

    const onlyPending = await admin('/activity?status=pending');
    assert.deepEqual(
      onlyPending.json.results.map((e: { slug: string }) => e.slug),
      ['pending-hose-guide']
    );
    const onlyWebhook = await admin('/activity?source=webhook');
    assert.deepEqual(
      onlyWebhook.json.results.map((e: { slug: string }) => e.slug),
      ['webhook-watering-guide']
    );
    const secondPage = await admin('/activity?page=2&pageSize=1');
    assert.deepEqual(
      secondPage.json.results.map((e: { slug: string }) => e.slug),
      ['pending-hose-guide']
    );
    assert.deepEqual(secondPage.json.pagination, { page: 2, pageSize: 1, pageCount: 3, total: 3 });

    assert.equal((await admin('/activity?status=published')).status, 400);
    assert.equal((await admin('/activity?pageSize=1000')).status, 400);
  });

  it('counts the images a delivery imported apart from those it reused (a republish reuses them)', async () => {
    const dataUrl = async (seed: number) =>
      `data:image/png;base64,${(await makeImage('png', 64, 48, seed)).toString('base64')}`;
    const article = {
      title: 'Images counted apart',
      slug: 'images-counted-apart',
      content: `<p>One.</p><img src="${await dataUrl(9101)}" alt="A body image">`,
      featured_image: await dataUrl(9102),
    };
    const first = await publishPost(site.url, key, article);
    assert.equal(first.status, 201, first.text);
    const again = await publishPost(site.url, key, { ...article, content: `${article.content}<p>Two.</p>` });
    assert.equal(again.status, 200, again.text);

    const entries = (await admin('/activity?pageSize=100')).json.results.filter(
      (entry: { slug: string }) => entry.slug === article.slug
    );
    assert.deepEqual(
      entries.map((entry: { imagesImported: number; imagesReused: number }) => [
        entry.imagesImported,
        entry.imagesReused,
      ]),
      [
        [0, 2],
        [2, 0],
      ],
      'newest first: the republish reused both files the first publish imported'
    );
  });

  it("groups a delivery's warnings by part, and marks one that left out a part a field of its type could take (#47)", async () => {
    const useTarget = (targetContentType: string) =>
      admin('/settings', { method: 'PUT', body: { targetContentType } });
    assert.equal((await useTarget('api::loose-note.loose-note')).status, 200);
    try {
      const published = await publishPost(site.url, key, {
        title: 'A loose note on hoses',
        slug: 'loose-note-on-hoses',
        status: 'publish',
        content: '<p>Roll the hose up after use.</p>',
        meta_description: 'Roll the hose up after use, and it lasts for years: a note on hose care.',
        focus_keyword: 'hose care',
        json_ld_schema: '{"@context":"https://schema.org","@type":"Article","headline":"A loose note"}',
        category: 'Gardening',
      });
      assert.equal(published.status, 201, published.text);
      const bare = await publishPost(site.url, key, {
        title: 'Nothing to map',
        slug: 'nothing-to-map',
        content: '<p>Only words.</p>',
        // Left out, but no field of the type could take a category.
        category: 'Gardening',
      });
      assert.equal(bare.status, 201, bare.text);

      const { results } = (await admin('/activity')).json;
      const row = results.find((entry: { slug: string }) => entry.slug === 'loose-note-on-hoses');
      // The keywords and the JSON-LD could go to the json field "extra", the meta description to "aside" or "blurb";
      // the categories have no field that could take them.
      assert.deepEqual(row.mappableParts, ['tags', 'seo', 'jsonLd']);
      assert.deepEqual(
        row.warningGroups.map((entry: { part: string }) => entry.part),
        ['categories', 'tags', 'seo', 'jsonLd']
      );
      const seo = row.warningGroups.find((entry: { part: string }) => entry.part === 'seo').warnings;
      assert.deepEqual(seo, [
        'Meta description was not saved: the target has no description or summary field; to keep it next time, set fields.summary, or give the type an SEO component or a metaDescription field ("aside", "blurb" could take it).',
      ]);
      const categories = row.warningGroups.find((entry: { part: string }) => entry.part === 'categories');
      assert.doesNotMatch(categories.warnings[0], /could take/);
      const unmarked = results.find((entry: { slug: string }) => entry.slug === 'nothing-to-map');
      assert.deepEqual(
        unmarked.warningGroups.map((entry: { part: string }) => entry.part),
        ['categories']
      );
      assert.deepEqual(unmarked.mappableParts, []);
    } finally {
      assert.equal((await useTarget('api::article.article')).status, 200);
    }
  });

  it('summarises failed auth checks per client, without the presented secrets', async () => {
    const guess = 'apk_guessed_value_that_must_not_leak';
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await request(`${site.url}/api/service/v1/ping`, {
        localAddress: '127.0.0.9',
        headers: { 'X-Service-Key': guess },
      });
      assert.equal(refused.status, 403);
    }
    const response = await admin('/activity/auth-failures');
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.windowSeconds, 900);
    const client = response.json.clients.find((entry: { client: string }) =>
      entry.client.endsWith('127.0.0.9')
    );
    assert.ok(client, response.text);
    assert.equal(client.count, 3);
    assert.ok(!Number.isNaN(Date.parse(client.lastFailedAt)));
    assert.ok(!response.text.includes(guess));
  });

  it('puts every route behind its permission: none (403), read only (403 on changes), no session (401)', async () => {
    const writerToken = await createAdminWithoutPluginPermissions(site.url, ownerToken);
    const routes = [
      { path: '/settings' },
      { path: '/settings', method: 'PUT', body: {} },
      { path: '/settings/check', method: 'POST', body: {} },
      { path: '/api-key', method: 'POST' },
      { path: '/webhook-secret', method: 'POST', body: {} },
      { path: '/activity' },
      { path: '/activity/auth-failures' },
    ];
    for (const route of routes) {
      const label = `${route.method ?? 'GET'} ${route.path}`;
      assert.equal((await admin(route.path, { ...route, token: writerToken })).status, 403, label);
      assert.equal((await admin(route.path, { ...route, token: null })).status, 401, label);
    }

    await grantPluginActions(site.url, ownerToken, 'Writers', ['settings.read', 'activity.read']);
    assert.equal((await admin('/settings', { token: writerToken })).status, 200);
    assert.equal(
      (await admin('/settings/check', { method: 'POST', body: {}, token: writerToken })).status,
      200
    );
    assert.equal((await admin('/activity', { token: writerToken })).status, 200);
    assert.equal((await admin('/activity/auth-failures', { token: writerToken })).status, 200);
    assert.equal((await admin('/settings', { method: 'PUT', body: {}, token: writerToken })).status, 403);
    assert.equal((await admin('/api-key', { method: 'POST', token: writerToken })).status, 403);
    assert.equal(
      (await admin('/webhook-secret', { method: 'POST', body: {}, token: writerToken })).status,
      403
    );
  });
});

describe('admin API: the CMS address when Strapi has a public server.url', () => {
  let site: Playground;
  let ownerToken: string;

  before(async () => {
    site = await startPlayground({
      env: { PUBLIC_URL: 'https://cms.example.test/' },
      pluginConfig: { siteUrl: 'http://www.example.test' },
    });
    ownerToken = await registerSuperAdmin(site.url);
  });
  after(async () => site?.stop());

  it("gives Strapi's server.url as the address to paste, whatever the public site URL is", async () => {
    const response = await request(`${site.url}/article-publisher/settings`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.cmsUrl, 'https://cms.example.test');
    assert.equal(response.json.endpointPaths.publishPost, '/api/service/v1/publish-post');
    assert.equal(response.json.siteUrl, 'http://www.example.test');
  });
});

describe('admin translations', () => {
  /** Every `t('id', 'default')` and `getTranslation('id'), defaultMessage: '...'` in admin/src. */
  function messagesInSource(): Map<string, string> {
    const found = new Map<string, string>();
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (/\.tsx?$/.test(entry.name)) {
          const source = fs.readFileSync(file, 'utf8');
          const calls = /\bt\(\s*'([^']+)',\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g;
          const links = /getTranslation\('([^']+)'\),\s*defaultMessage:\s*'((?:[^'\\]|\\.)*)'/g;
          for (const match of source.matchAll(calls))
            found.set(match[1], (match[2] ?? match[3]).replaceAll("\\'", "'"));
          for (const match of source.matchAll(links)) found.set(match[1], match[2]);
        }
      }
    };
    visit(path.join(__dirname, '..', 'admin', 'src'));
    return found;
  }

  it('has every admin message in en.json, with the same text as its default message', () => {
    const en = JSON.parse(
      fs.readFileSync(path.join(__dirname, '..', 'admin', 'src', 'translations', 'en.json'), 'utf8')
    );
    const messages = messagesInSource();
    assert.ok(messages.size > 100, `found ${messages.size} messages`);
    for (const [id, defaultMessage] of messages) assert.equal(en[id], defaultMessage, id);
  });
});
