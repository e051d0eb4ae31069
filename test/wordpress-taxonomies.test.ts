import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { tableRows } from './helpers/databases';
import { request, type HttpResponse } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';

/**
 * Issue 45, point 1: every WordPress has categories and tags. On a target without a tag (or category)
 * relation the plugin keeps the terms itself; where the target has the relation, it stays the source.
 */

const LOGIN = 'editor';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const basic = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;
const ENV = { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}` };

function assertWordPressError(response: HttpResponse, status: number, code: string) {
  assert.equal(response.status, status, response.text);
  assert.equal(response.json.code, code, response.text);
  assert.equal(response.json.data.status, status, response.text);
}

/** The WordPress door of a site, with the application password. */
function doorOf(site: () => Playground) {
  return (path: string, options: Parameters<typeof request>[1] = {}) =>
    request(`${site().url}/wp-json/wp/v2${path}`, {
      ...options,
      headers: { authorization: basic, ...options.headers },
    });
}

/** The warnings the activity log shows for the last WordPress delivery of this title. */
async function warningsOf(site: Playground, token: string, title: string): Promise<string[]> {
  const activity = await request(`${site.url}/article-publisher/activity?source=wordpress`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(activity.status, 200, activity.text);
  const row = activity.json.results.find((entry: { title: string }) => entry.title === title);
  assert.ok(row, `a delivery titled ${title}: ${activity.text}`);
  return row.warnings as string[];
}

describe('taxonomies always exist: the default playground (Article: Markdown body, no tag relation)', () => {
  let site: Playground;
  let adminToken = '';
  const wp = doorOf(() => site);
  const ids = { compost: 0, mulch: 0, category: 0, post: 0 };

  /** The Article entry of this slug (draft), with its SEO component and categories. */
  async function articleOf(slug: string) {
    const query = new URLSearchParams({
      'filters[slug][$eq]': slug,
      status: 'draft',
      'populate[seo]': 'true',
      'populate[categories]': 'true',
    });
    const response = await request(`${site.url}/api/articles?${query}`);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.data.length, 1, response.text);
    return response.json.data[0];
  }

  before(async () => {
    site = await startPlayground({ articleBodyFormat: 'auto', env: ENV });
    adminToken = await registerSuperAdmin(site.url);
  });
  after(async () => site?.stop());

  it('creates a tag with an integer id; the same name again is term_exists with that id', async () => {
    const created = await wp('/tags', { method: 'POST', body: { name: 'Compost' } });
    assert.equal(created.status, 201, created.text);
    assert.ok(Number.isInteger(created.json.id) && created.json.id > 0, created.text);
    assert.equal(created.json.name, 'Compost');
    assert.equal(created.json.slug, 'compost');
    assert.equal(created.json.taxonomy, 'post_tag');
    assert.equal('parent' in created.json, false);
    ids.compost = created.json.id;

    const again = await wp('/tags', { method: 'POST', body: { name: 'compost' } });
    assertWordPressError(again, 400, 'term_exists');
    assert.equal(again.json.data.term_id, ids.compost);

    const mulch = await wp('/tags', { method: 'POST', body: { name: 'Mulch' } });
    assert.equal(mulch.status, 201, mulch.text);
    assert.notEqual(mulch.json.id, ids.compost);
    ids.mulch = mulch.json.id;

    const takenSlug = await wp('/tags', { method: 'POST', body: { name: 'Leaf mould', slug: 'mulch' } });
    assertWordPressError(takenSlug, 400, 'duplicate_term_slug');
  });

  it('searches, lists and gets the tags by id', async () => {
    const search = await wp('/tags?search=comp');
    assert.equal(search.status, 200, search.text);
    assert.deepEqual(
      search.json.map((term: { id: number }) => term.id),
      [ids.compost]
    );
    const all = await wp('/tags?per_page=100');
    assert.equal(all.headers['x-wp-total'], '2');
    assert.deepEqual(
      all.json.map((term: { name: string }) => term.name),
      ['Compost', 'Mulch']
    );
    const bySlug = await wp('/tags?slug=mulch');
    assert.deepEqual(
      bySlug.json.map((term: { id: number }) => term.id),
      [ids.mulch]
    );
    const one = await wp(`/tags/${ids.compost}`);
    assert.equal(one.status, 200, one.text);
    assert.equal(one.json.name, 'Compost');
    assertWordPressError(await wp('/tags/987654'), 404, 'rest_term_invalid');
  });

  it('a post with the tag and a category answers them, and the tag name lands in the SEO keywords', async () => {
    const category = await wp('/categories', { method: 'POST', body: { name: 'Gardening' } });
    assert.equal(category.status, 201, category.text);
    ids.category = category.json.id;

    const created = await wp('/posts', {
      method: 'POST',
      body: {
        title: 'Feeding the soil',
        content: '<h2>Why</h2><p>Compost feeds the soil life that feeds the plants.</p>',
        status: 'publish',
        categories: [ids.category],
        tags: [ids.compost],
      },
    });
    assert.equal(created.status, 201, created.text);
    ids.post = created.json.id;
    assert.deepEqual(created.json.tags, [ids.compost]);
    assert.deepEqual(created.json.categories, [ids.category]);

    const read = await wp(`/posts/${ids.post}`);
    assert.deepEqual(read.json.tags, [ids.compost]);
    assert.deepEqual(read.json.categories, [ids.category]);
    const listed = await wp('/posts');
    const inList = listed.json.find((post: { id: number }) => post.id === ids.post);
    assert.deepEqual(inList.tags, [ids.compost]);

    const entry = await articleOf(created.json.slug);
    assert.match(String(entry.seo?.keywords), /Compost/);
    assert.deepEqual(
      entry.categories.map((linked: { id: number }) => linked.id),
      [ids.category]
    );

    const warnings = await warningsOf(site, adminToken, 'Feeding the soil');
    assert.ok(
      warnings.some((warning) =>
        /"Compost".*kept by the plugin.*SEO keywords \(seo\.keywords\)/.test(warning)
      ),
      JSON.stringify(warnings)
    );
  });

  it('an update without tags keeps them; an update with other tags replaces them', async () => {
    const kept = await wp(`/posts/${ids.post}`, {
      method: 'POST',
      body: { title: 'Feeding the soil well', content: '<p>Compost, twice a year.</p>' },
    });
    assert.equal(kept.status, 200, kept.text);
    assert.deepEqual(kept.json.tags, [ids.compost]);
    assert.deepEqual(kept.json.categories, [ids.category]);
    assert.deepEqual((await wp(`/posts/${ids.post}`)).json.tags, [ids.compost]);

    const replaced = await wp(`/posts/${ids.post}`, {
      method: 'POST',
      body: { content: '<p>Mulch instead.</p>', tags: [ids.mulch] },
    });
    assert.equal(replaced.status, 200, replaced.text);
    assert.deepEqual(replaced.json.tags, [ids.mulch]);
    assert.deepEqual(replaced.json.categories, [ids.category]);
    const read = await wp(`/posts/${ids.post}`);
    assert.deepEqual(read.json.tags, [ids.mulch]);
    assert.match(String((await articleOf(read.json.slug)).seo?.keywords), /Mulch/);

    const cleared = await wp(`/posts/${ids.post}`, {
      method: 'POST',
      body: { content: '<p>No tags.</p>', tags: [] },
    });
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual(cleared.json.tags, []);
    assert.deepEqual((await wp(`/posts/${ids.post}`)).json.tags, []);
  });

  it("a child category gets its own slug; taken elsewhere, its parent's slug is appended (wp_unique_term_slug)", async () => {
    const create = async (body: Record<string, unknown>) => {
      const response = await wp('/categories', { method: 'POST', body });
      assert.equal(response.status, 201, response.text);
      return response.json as { id: number; slug: string; parent: number };
    };
    const vegetables = await create({ name: 'Vegetables' });
    const beans = await create({ name: 'Beans', parent: vegetables.id });
    assert.equal(beans.slug, 'beans');
    assert.equal(beans.parent, vegetables.id);
    const kitchen = await create({ name: 'Kitchen' });
    const kitchenBeans = await create({ name: 'Beans', parent: kitchen.id });
    assert.equal(kitchenBeans.slug, 'beans-kitchen');
    await create({ name: 'Peas' });
    await create({ name: 'Peas Kitchen' });
    assert.equal((await create({ name: 'Peas', parent: kitchen.id })).slug, 'peas-kitchen-2');
    assert.equal((await create({ name: 'Beans' })).slug, 'beans-2', 'a top-level one is numbered');
  });

  it('a tag id that no term has is still rest_invalid_param naming tags', async () => {
    const post = await wp('/posts', {
      method: 'POST',
      body: { title: 'Unknown tag', content: '<p>x</p>', tags: [987654] },
    });
    assertWordPressError(post, 400, 'rest_invalid_param');
    assert.ok(post.json.data.params.tags, post.text);
  });
});

describe('taxonomies with fixture targets: a tag relation stays the source; a target with neither relation', () => {
  let site: Playground;
  let adminToken = '';
  const wp = doorOf(() => site);

  before(async () => {
    site = await startPlayground({
      fixtureTypes: ['press-article', 'note'],
      env: ENV,
      pluginConfig: { targetContentType: 'api::press-article.press-article' },
    });
    adminToken = await registerSuperAdmin(site.url);
  });
  after(async () => site?.stop());

  it('on a target with a tag relation, a tag is an entry of the tag type and the post links it', async () => {
    const tag = await wp('/tags', { method: 'POST', body: { name: 'Seedlings' } });
    assert.equal(tag.status, 201, tag.text);
    const tagRows = await tableRows(site.database, 'tags');
    assert.ok(
      tagRows.some((row) => row.id === tag.json.id && row.name === 'Seedlings'),
      JSON.stringify(tagRows)
    );
    assert.deepEqual(await tableRows(site.database, 'article_publisher_terms'), []);

    const post = await wp('/posts', {
      method: 'POST',
      body: { title: 'Pricking out', content: '<p>Gently.</p>', tags: [tag.json.id] },
    });
    assert.equal(post.status, 201, post.text);
    assert.deepEqual(post.json.tags, [tag.json.id]);
    const stored = await request(
      `${site.url}/api/press-articles?filters[slug][$eq]=pricking-out&status=draft&populate[tags]=true`
    );
    assert.deepEqual(
      stored.json.data[0].tags.map((linked: { id: number }) => linked.id),
      [tag.json.id]
    );
    assert.deepEqual(await tableRows(site.database, 'article_publisher_term_links'), []);
    const warnings = await warningsOf(site, adminToken, 'Pricking out');
    assert.ok(!warnings.some((warning) => /kept by the plugin/.test(warning)), JSON.stringify(warnings));
  });

  it('on a target with no category and no tag relation, categories (with parents) and tags are kept and linked', async () => {
    const saved = await request(`${site.url}/article-publisher/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}` },
      body: { targetContentType: 'api::note.note' },
    });
    assert.equal(saved.status, 200, saved.text);

    const journal = await wp('/categories', { method: 'POST', body: { name: 'Journal' } });
    assert.equal(journal.status, 201, journal.text);
    assert.equal(journal.json.parent, 0);
    const daily = await wp('/categories', {
      method: 'POST',
      body: { name: 'Daily', parent: journal.json.id },
    });
    assert.equal(daily.status, 201, daily.text);
    assert.equal(daily.json.parent, journal.json.id);
    const sameName = await wp('/categories', {
      method: 'POST',
      body: { name: 'daily', parent: journal.json.id },
    });
    assertWordPressError(sameName, 400, 'term_exists');
    assert.equal(sameName.json.data.term_id, daily.json.id);
    assertWordPressError(
      await wp('/categories', { method: 'POST', body: { name: 'Orphan', parent: 987654 } }),
      400,
      'rest_term_invalid'
    );
    const children = await wp(`/categories?parent=${journal.json.id}`);
    assert.deepEqual(
      children.json.map((term: { id: number }) => term.id),
      [daily.json.id]
    );
    const idea = await wp('/tags', { method: 'POST', body: { name: 'Ideas' } });
    assert.equal(idea.status, 201, idea.text);

    const post = await wp('/posts', {
      method: 'POST',
      body: {
        title: 'Morning pages',
        content: '<p>Three pages.</p>',
        categories: [daily.json.id],
        tags: [idea.json.id],
      },
    });
    assert.equal(post.status, 201, post.text);
    assert.deepEqual(post.json.categories, [daily.json.id]);
    assert.deepEqual(post.json.tags, [idea.json.id]);
    const read = await wp(`/posts/${post.json.id}`);
    assert.deepEqual(read.json.categories, [daily.json.id]);
    assert.deepEqual(read.json.tags, [idea.json.id]);

    const warnings = await warningsOf(site, adminToken, 'Morning pages');
    assert.ok(
      warnings.some((warning) => /tags "Ideas" are kept by the plugin.*nowhere to go/.test(warning)),
      JSON.stringify(warnings)
    );
    assert.ok(
      warnings.some((warning) => /categories "Daily" are kept by the plugin/.test(warning)),
      JSON.stringify(warnings)
    );
  });
});
