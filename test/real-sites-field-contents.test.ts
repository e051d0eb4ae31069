import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { request, type HttpResponse } from './helpers/http';
import { ImageServer } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import { readEntries, realisticArticle, REALISTIC, SiteAdmin, startRealSite } from './helpers/real-sites';
import { publishPost } from './helpers/service';

/**
 * Issue #61: fields found by what they hold, in any language, and nothing put where it does not
 * belong. Types shaped like public projects' own (written here): a German notice whose body is its
 * only long text, with a required category enumeration and a required yes/no; a Polish entry with a
 * required signature; a Turkish news type; a Vietnamese post whose strings are all optional.
 */
const KEY = 'apk_real-contents-0123456789abcdef';

describe('real sites, part 6: fields found by what they hold (#61)', () => {
  let site: Playground;
  let admin: SiteAdmin;
  const images = new ImageServer();
  const publish = (body: unknown) => publishPost(site.url, KEY, body);
  const ping = () => request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
  /** Every entry of a collection, drafts included (a refusal writes none). */
  const everyEntry = async (collection: string) => [
    ...(await readEntries(site.url, collection, {}, {}, 'draft')),
    ...(await readEntries(site.url, collection, {}, {}, 'published')),
  ];
  const assertRefused = (response: HttpResponse, fields: string[]) => {
    assert.equal(response.status, 422, response.text);
    assert.equal(response.json.code, 'target_unfillable', response.text);
    const problems: string[] = response.json.data.target_problems;
    assert.equal(problems.length, fields.length, response.text);
    fields.forEach((field, index) => assert.match(problems[index], new RegExp(`"${field}"`), response.text));
  };

  before(async () => {
    site = await startRealSite(images, KEY, {
      fixtureTypes: ['meldung', 'wpis', 'haber', 'bai-viet', 'dated-article', 'bericht'],
      pluginConfig: { targetContentType: 'api::meldung.meldung' },
      // Strapi's MCP server: the token's owner is an article's author.
      env: { PLAYGROUND_MCP: 'true' },
    });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it('a German Meldung: the body in its only long text, a required yes/no false, the refusal naming the category enumeration only', async () => {
    await admin.useTarget('api::meldung.meldung');
    const bodyChoice = 'Body -> Nachricht (the only long text field); set fields.content to choose another.';
    const pinged = await ping();
    assert.equal(pinged.status, 200, pinged.text);
    assert.equal(pinged.json.target.body_field, 'Nachricht');
    assert.deepEqual(pinged.json.target.choices, [bodyChoice]);
    const check = await admin.call('POST', '/article-publisher/settings/check', {
      targetContentType: 'api::meldung.meldung',
    });
    assert.deepEqual(check.json.fatal, [], check.text);
    assert.deepEqual(check.json.choices, [bodyChoice]);

    const refused = await publish(realisticArticle(images));
    assertRefused(refused, ['Kategorie']);
    assert.doesNotMatch(refused.json.message, /body/);
    assert.deepEqual(await everyEntry('meldungen'), []);

    const fits = await publish(realisticArticle(images, { category: 'Jugend', sub_category: undefined }));
    assert.equal(fits.status, 201, fits.text);
    const [entry] = await readEntries(site.url, 'meldungen', { slug: REALISTIC.slug });
    assert.equal(entry.Kategorie, 'Jugend');
    assert.equal(entry.Wichtig, false);
    assert.match(entry.Nachricht, /^<h2>Why the right garden hose matters<\/h2>/);
  });

  it('a Polish Wpis: a required signature gets no summary; ping and a publish refuse naming it and the defaults line', async () => {
    await admin.useTarget('api::wpis.wpis');
    const pinged = await ping();
    assertRefused(pinged, ['Podpis']);
    assert.equal(pinged.json.data.suggested_defaults, 'defaults: { Podpis: "..." }');
    const refused = await publish(realisticArticle(images, { slug: 'podpis-hose' }));
    assertRefused(refused, ['Podpis']);
    assert.match(refused.json.message, /defaults: \{ Podpis: "\.\.\." \}/);
    assert.deepEqual(await everyEntry('wpisy'), []);
  });

  it("a Turkish Haber: the summary in ozet, the body in icerik, the site's name in the required author yazar", async () => {
    await admin.useTarget('api::haber.haber');
    const pinged = await ping();
    assert.equal(pinged.status, 200, pinged.text);
    const published = await publish(realisticArticle(images, { slug: 'haber-hose' }));
    assert.equal(published.status, 201, published.text);
    assert.ok(
      !published.json.warnings.some((warning: string) => /^(Summary|Meta description) /.test(warning)),
      published.text
    );
    const [entry] = await readEntries(site.url, 'haberler', { slug: 'haber-hose' });
    assert.equal(entry.ozet, REALISTIC.metaDescription);
    assert.match(entry.icerik, /Why the right garden hose matters/);
    assert.ok(pinged.json.site_name, pinged.text);
    assert.equal(entry.yazar, pinged.json.site_name);
  });

  it("the WordPress door and MCP: the required author yazar receives the person each publishes for, not the site's name", async () => {
    await admin.useTarget('api::haber.haber');
    // The site owner (registered as "Site Owner") publishes through both doors.
    const password = await admin.call('POST', '/article-publisher/application-passwords', {
      name: 'Newsroom client',
    });
    assert.equal(password.status, 201, password.text);
    const basic = Buffer.from(`owner@example.com:${password.json.password}`).toString('base64');
    const wpPost = await request(`${site.url}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
      body: {
        title: 'Hortum rehberi',
        slug: 'hortum-wp',
        content: '<p>Bahçe hortumu seçmek.</p>',
        status: 'publish',
      },
    });
    assert.equal(wpPost.status, 201, wpPost.text);
    const [fromWordPress] = await readEntries(site.url, 'haberler', { slug: 'hortum-wp' });
    assert.equal(fromWordPress.yazar, 'Site Owner');

    const token = await admin.call('POST', '/admin/admin-tokens', {
      name: 'Newsroom agent',
      description: 'real sites #61: the token owner as the author',
      lifespan: null,
      // Strapi lists the tool by the target the config files name (meldung); the call is judged on haber.
      adminPermissions: [
        ...['create', 'read', 'update', 'publish'].map((action) => ['api::haber.haber', action]),
        ['api::meldung.meldung', 'read'],
      ].map(([subject, action]) => ({
        action: `plugin::content-manager.explorer.${action}`,
        subject,
        properties: {},
        conditions: [],
      })),
    });
    assert.equal(token.status, 201, token.text);
    const agent = new Client({ name: 'real-sites-authors', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token.json.data.accessKey}` } },
      })
    );
    try {
      const result = (await agent.callTool({
        name: 'article_publisher_publish',
        arguments: {
          title: 'Hortum rehberi (ajan)',
          slug: 'hortum-mcp',
          content: '<p>Bahçe hortumu seçmek.</p>',
          status: 'publish',
        },
      })) as { isError?: boolean };
      assert.notEqual(result.isError, true, JSON.stringify(result));
    } finally {
      await agent.close();
    }
    const [fromAgent] = await readEntries(site.url, 'haberler', { slug: 'hortum-mcp' });
    assert.equal(fromAgent.yazar, 'Site Owner');
    // The service API still gives the site's name (its site is the author).
    const pinged = await ping();
    assert.notEqual(pinged.json.site_name, 'Site Owner');
  });

  it('a required enumeration no value of which fits every article is refused, naming its values and the defaults line; a neutral one is written', async () => {
    await admin.useTarget('api::dated-article.dated-article');
    const pinged = await ping();
    assertRefused(pinged, ['kind']);
    assert.match(pinged.json.data.target_problems[0], /takes one of "news", "feature", "opinion"/);
    assert.equal(pinged.json.data.suggested_defaults, 'defaults: { kind: "news" }');
    const refused = await publish(realisticArticle(images, { slug: 'kind-hose' }));
    assertRefused(refused, ['kind']);
    assert.match(refused.json.message, /defaults: \{ kind: "news" \}/);
    assert.deepEqual(await everyEntry('dated-articles'), []);

    // Bericht's Zielgruppe (Alle, Einsteiger, Profis): "Alle" says nothing about one article.
    await admin.useTarget('api::bericht.bericht');
    const check = await admin.call('POST', '/article-publisher/settings/check', {
      targetContentType: 'api::bericht.bericht',
    });
    assert.ok(
      check.json.degraded.some((problem: string) =>
        problem.startsWith('required field "Zielgruppe" gets "Alle", the one value that fits every article')
      ),
      check.text
    );
    const fits = await publish(
      realisticArticle(images, { slug: 'bericht-hose', category: 'Ratgeber', sub_category: undefined })
    );
    assert.equal(fits.status, 201, fits.text);
    const [entry] = await readEntries(site.url, 'berichte', { slug: 'bericht-hose' });
    assert.equal(entry.Zielgruppe, 'Alle');
  });

  it('a Vietnamese post with optional strings: the title in its only plain string (said), the summary in short_content', async () => {
    await admin.useTarget('api::bai-viet.bai-viet');
    const pinged = await ping();
    assert.equal(pinged.status, 200, pinged.text);
    assert.equal(pinged.json.target.mapping.title, 'ten_bai');
    assert.equal(pinged.json.target.mapping.summary, 'short_content');
    assert.deepEqual(pinged.json.target.choices, [
      'Title -> ten_bai (the only plain string field); set fields.title to choose another.',
    ]);
    const published = await publish(realisticArticle(images, { slug: 'bai-viet-hose' }));
    assert.equal(published.status, 201, published.text);
    const [entry] = await readEntries(site.url, 'bai-viets', { duong_dan: 'bai-viet-hose' });
    assert.ok(entry, published.text);
    assert.equal(entry.ten_bai, REALISTIC.title);
    assert.equal(entry.short_content, REALISTIC.metaDescription);
    assert.equal(entry.link_anh, null);
  });
});
