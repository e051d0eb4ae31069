import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli } from './helpers/cli';
import { tableRowCounts, tableRows } from './helpers/databases';
import { request } from './helpers/http';
import { ImageServer } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import { readEntries, realisticArticle, SiteAdmin, startRealSite } from './helpers/real-sites';
import { publishPost } from './helpers/service';

/** Issue #14's edges: limits, a category type the plugin cannot fill, no slug field, an unfillable target, the dry run. */
const KEY = 'apk_real-edges-0123456789abcdef';

describe('real sites: fitted values, unfillable fields, no slug, dry run', () => {
  let site: Playground;
  let admin: SiteAdmin;
  const images = new ImageServer();
  const publish = (body: unknown) => publishPost(site.url, KEY, body);
  const ping = () => request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });

  before(async () => {
    site = await startRealSite(images, KEY, {
      fixtureTypes: 'all',
      // The author default is a file option (a name found in the author type).
      pluginConfig: { targetContentType: 'api::md-post.md-post', defaults: { author: 'jane doe' } },
    });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it('fits a 300-character title into a string title (255) at a word, with a warning', async () => {
    await admin.useTarget('api::md-post.md-post');
    const title = `${'Garden hose buying guide '.repeat(12)}end`.slice(0, 300);
    const response = await publish(realisticArticle(images, { title, slug: 'long-title' }));
    assert.equal(response.status, 201, response.text);
    assert.ok(
      response.json.warnings.some((warning: string) => /title/.test(warning) && /255/.test(warning)),
      response.text
    );
    const [entry] = await readEntries(site.url, 'md-posts', { slug: 'long-title' });
    assert.ok(entry.title.length <= 255 && entry.title.length > 200, String(entry.title.length));
    assert.ok(title.startsWith(entry.title.replace(/…$/, '').trimEnd()));
  });

  it('publishes without the category, with a warning, when the category type requires a field the plugin cannot fill', async () => {
    await admin.useTarget('api::picky-article.picky-article');
    const response = await publish(realisticArticle(images, { slug: 'picky' }));
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(response.json.categories, []);
    assert.ok(
      response.json.warnings.some((warning: string) => /sortOrder/.test(warning) && /Watering/.test(warning)),
      response.text
    );
    const [entry] = await readEntries(
      site.url,
      'picky-articles',
      { slug: 'picky' },
      { 'populate[category]': 'true' }
    );
    assert.equal(entry.category, null);
    assert.equal(entry.title, 'How to Choose a Garden Hose: Length, Material and Fittings');
    assert.match(entry.content, /^## Why the right garden hose matters/);
    assert.deepEqual(await readEntries(site.url, 'picky-categories', {}), []);
  });

  it('keys a target without a slug field by its own record: a republish updates the same entry', async () => {
    await admin.useTarget('api::note.note');
    const target = (await ping()).json.target;
    assert.equal(target.upsert_key, 'plugin_record');
    assert.ok((await ping()).json.target_problems.some((problem: string) => /no slug field/.test(problem)));
    const first = await publish(realisticArticle(images, { slug: 'hose-note', title: 'First note' }));
    assert.equal(first.status, 201, first.text);
    // The note has no SEO, summary or tags field: what the article sent for them is dropped, and said so.
    assert.ok(
      first.json.warnings.some((warning: string) => /focus keyword .* were not saved/.test(warning)),
      first.text
    );
    const second = await publish(realisticArticle(images, { slug: 'hose-note', title: 'Second note' }));
    assert.equal(second.status, 200, second.text);
    assert.equal(second.json.document_id, first.json.document_id);
    const other = await publish(realisticArticle(images, { slug: 'other-note', title: 'Other note' }));
    assert.equal(other.status, 201, other.text);
    const notes = await readEntries(site.url, 'notes', {});
    assert.deepEqual(notes.map((note) => note.title).sort(), ['Other note', 'Second note']);
  });

  it('a required field nothing can fill: ping refuses naming it, publish answers 422 target_unfillable naming it, and nothing is created', async () => {
    await admin.useTarget('api::legal-notice.legal-notice');
    const refused = await ping();
    assert.equal(refused.status, 422, refused.text);
    const problems: string[] = refused.json.data.target_problems;
    assert.ok(
      problems.some((problem) => /approvalCode/.test(problem)),
      problems.join('\n')
    );
    const before = {
      files: (await tableRows(site.database, 'files')).length,
      categories: (await readEntries(site.url, 'categories', {})).length,
      hits: images.totalHits(),
    };
    const response = await publish(realisticArticle(images, { slug: 'legal' }));
    assert.equal(response.status, 422, response.text);
    assert.equal(response.json.code, 'target_unfillable');
    assert.match(response.json.message, /approvalCode/);
    assert.deepEqual(await readEntries(site.url, 'legal-notices', {}, {}, 'draft'), []);
    assert.equal((await tableRows(site.database, 'files')).length, before.files);
    assert.equal((await readEntries(site.url, 'categories', {})).length, before.categories);
    assert.equal(images.totalHits(), before.hits, 'no image was fetched');
  });

  it('dry run: answers the mapping and fitted values, writes no row in any table and fetches no image; the real publish matches it', async () => {
    await admin.useTarget('api::blog-article.blog-article');
    const countsBefore = await tableRowCounts(site.database);
    const hitsBefore = images.totalHits();
    const article = realisticArticle(images, { slug: 'dry-run-hose' });
    const dry = await request(`${site.url}/api/service/v1/publish-post?dry_run=true`, {
      method: 'POST',
      headers: { 'X-Service-Key': KEY },
      body: article,
    });
    assert.equal(dry.status, 200, dry.text);
    assert.equal(dry.json.dry_run, true);
    assert.equal(dry.json.action, 'create');
    assert.deepEqual(
      [dry.json.target.body_field, dry.json.target.body_format, dry.json.target.mapping.cover],
      ['blocks', 'zone', 'cover']
    );
    assert.deepEqual(dry.json.categories, ['Watering']);
    assert.equal(dry.json.images.inline.length, 3);
    assert.ok(dry.json.values.description.length <= 80);
    assert.ok(
      Array.isArray(dry.json.values.blocks) && dry.json.values.blocks[0].__component === 'shared.rich-text'
    );
    assert.deepEqual(await tableRowCounts(site.database), countsBefore, 'no row in any table');
    assert.equal(images.totalHits(), hitsBefore, 'no request to the image server');

    const real = await publish(article);
    assert.equal(real.status, 201, real.text);
    assert.deepEqual(real.json.categories, dry.json.categories);
    const [entry] = await readEntries(
      site.url,
      'blog-articles',
      { slug: 'dry-run-hose' },
      { 'populate[category]': 'true' }
    );
    assert.equal(entry.title, dry.json.values.title);
    assert.equal(entry.description, dry.json.values.description);
    assert.equal(entry.category.name, dry.json.categories[0]);
    for (const warning of dry.json.warnings)
      assert.ok(real.json.warnings.includes(warning), `the real publish also warns: ${warning}`);
  });

  it('dry run from the CLI: `publish --dry-run` prints the mapping and writes nothing', async () => {
    await admin.useTarget('api::post.post');
    const countsBefore = await tableRowCounts(site.database);
    const hitsBefore = images.totalHits();
    const article = JSON.stringify(realisticArticle(images, { slug: 'cli-dry-run' }));
    const run = await runCli(['publish', '-', '--site', site.url, '--key', KEY, '--dry-run'], article);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^DRY RUN {2}would create an entry of api::post\.post/);
    assert.match(run.stdout, /body: content as blocks; upsert key: slug/);
    assert.match(run.stdout, /tags -> tags/);
    assert.match(run.stdout, /categories: Gardening, Watering/);
    const json = await runCli(
      ['publish', '-', '--site', site.url, '--key', KEY, '--dry-run', '--json'],
      article
    );
    assert.equal(JSON.parse(json.stdout).values.excerpt, JSON.parse(article).meta_description);
    assert.deepEqual(await tableRowCounts(site.database), countsBefore);
    assert.equal(images.totalHits(), hitsBefore);
  });

  it('the author relation gets the configured default, found by name in the author type', async () => {
    const author = await admin.call(
      'POST',
      '/content-manager/collection-types/api::blog-author.blog-author',
      { name: 'Jane Doe' }
    );
    assert.equal(author.status, 201, author.text);
    await admin.useTarget('api::post.post');
    assert.equal((await ping()).json.target.mapping.author, 'author');
    const response = await publish(realisticArticle(images, { slug: 'with-author' }));
    assert.equal(response.status, 201, response.text);
    const [entry] = await readEntries(
      site.url,
      'posts',
      { slug: 'with-author' },
      { 'populate[author]': 'true' }
    );
    assert.equal(entry.author.name, 'Jane Doe');
  });

  it("the admin's target check shows the detected mapping of unsaved settings and of the saved target", async () => {
    const check = await admin.call('POST', '/article-publisher/settings/check', {
      targetContentType: 'api::blog-article.blog-article',
    });
    assert.equal(check.status, 200, check.text);
    assert.deepEqual(
      [
        check.json.mapping.content,
        check.json.mapping.summary,
        check.json.mapping.cover,
        check.json.mapping.categories,
        check.json.mapping.seo,
      ],
      ['blocks', 'description', 'cover', 'category', null]
    );
    await admin.useTarget('api::post.post');
    const page = await admin.call('GET', '/article-publisher/settings');
    assert.deepEqual(
      [page.json.targetMapping.tags, page.json.targetMapping.date, page.json.targetMapping.readingTime],
      ['tags', 'publishedDate', 'readingTime']
    );
  });

  it('the admin\'s "Preview with a sample article" dry-runs into unsaved target settings and writes nothing', async () => {
    const countsBefore = await tableRowCounts(site.database);
    const preview = await admin.call('POST', '/article-publisher/settings/preview', {
      targetContentType: 'api::corporate-article.corporate-article',
    });
    assert.equal(preview.status, 200, preview.text);
    assert.equal(preview.json.dry_run, true);
    assert.equal(preview.json.target.content_type, 'api::corporate-article.corporate-article');
    const kinds = preview.json.values.body.map((component: { __component: string }) => component.__component);
    assert.equal(kinds[0], 'corporate.rich-text');
    for (const kind of ['shared.media', 'corporate.quote', 'shared.video-embed'])
      assert.ok(kinds.includes(kind), `${kind} in ${kinds}`);
    assert.ok(preview.json.values.description.length > 50);
    assert.deepEqual(await tableRowCounts(site.database), countsBefore);
  });
});
