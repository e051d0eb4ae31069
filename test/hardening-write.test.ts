import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { tableRows } from './helpers/databases';
import { request } from './helpers/http';
import { whileLockHeldElsewhere } from './helpers/held-lock';
import { startPlayground, type Playground } from './helpers/playground';
import { listCategories, publishPost, readArticle } from './helpers/service';
import { deliver } from './helpers/webhook';

const KEY = 'apk_hardening-write-0123456789abcdef';
const SECRET = 'whsec-hardening-write-0123456789abcdef';
const BODY =
  '<p>A body long enough to stand in for the meta description of this article, so SEO is saved.</p>';

/** Words of varying length, `count` of them: a title with word boundaries everywhere. */
const words = (count: number, seed = 'garden') =>
  Array.from({ length: count }, (_, i) => `${seed}${'x'.repeat(i % 7)}`).join(' ');
/** A name of exactly 200 characters (the longest a request may send), ending in a letter. */
const name200 = (seed: string) => `${words(30, seed).slice(0, 199)}z`;

/** Issue #17, items 5, 6 and 7 (lock names): permanent input problems are never a 5xx. */
describe('hardening of the write step', () => {
  let site: Playground;
  /** The super admin's session, registered once. */
  let adminToken: string;
  let nextArticleId = 9000;
  const publish = (body: Record<string, unknown>) => publishPost(site.url, KEY, { content: BODY, ...body });
  const webhook = (fields: Record<string, unknown>) =>
    deliver(
      site.url,
      JSON.stringify({
        event: 'article.published',
        article_id: nextArticleId++,
        html_content: BODY,
        ...fields,
      }),
      SECRET
    );
  const deliveries = () => tableRows(site.database, 'article_publisher_deliveries');
  const categorySlugs = async () =>
    (await tableRows(site.database, 'categories')).map((row) => String(row.slug)).sort();

  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_API_KEY: KEY, ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET },
    });
    adminToken = await registerSuperAdmin(site.url);
  });
  after(async () => site?.stop());

  describe('item 5: a title longer than its field', () => {
    const longTitle = words(45); // about 400 characters; the Article's title is a string (255)

    it('is fitted to 255 at a word boundary with a warning on integration A', async () => {
      assert.ok(longTitle.length > 300);
      const response = await publish({ title: longTitle, slug: 'long-title-api' });
      assert.equal(response.status, 201, response.text);
      assert.ok(
        response.json.warnings.includes(
          `title was ${longTitle.length} characters; shortened to the field's limit of 255.`
        ),
        JSON.stringify(response.json.warnings)
      );
      const [post] = await readArticle(site.url, 'long-title-api');
      assert.ok(post.title.length <= 255 && post.title.length > 200, `${post.title.length} characters`);
      assert.ok(longTitle.startsWith(post.title), 'the stored title is the start of the sent one');
      assert.equal(longTitle[post.title.length], ' ', 'cut where a word ends');
      const [ledger] = (await deliveries()).filter((row) => row.slug === 'long-title-api');
      assert.equal(ledger.title, post.title);
    });

    it('is fitted the same way on the webhook, which answers 200 rather than a 503 the sender would retry forever', async () => {
      const response = await webhook({ title: longTitle, slug: 'long-title-webhook' });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.received, true);
      assert.ok(
        response.json.warnings.some((warning: string) => warning.startsWith('title was ')),
        response.text
      );
      const [post] = await readArticle(site.url, 'long-title-webhook');
      assert.ok(post.title.length <= 255);
    });
  });

  describe('item 5: a value Strapi refuses on write', () => {
    /**
     * An editor renamed the draft of a published post without publishing, so the published slug
     * "taken-slug" belongs to a document no draft finds. Publishing a new post with that slug makes
     * Strapi's unique check refuse it: a problem no retry fixes.
     */
    before(async () => {
      const published = await publish({ title: 'Taken slug', slug: 'taken-slug', status: 'publish' });
      assert.equal(published.status, 201, published.text);
      const owner = adminToken;
      const token = await request(`${site.url}/admin/api-tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner}` },
        body: { name: 'editor', type: 'full-access', lifespan: null, description: '' },
      });
      assert.equal(token.status, 201, token.text);
      const renamed = await request(`${site.url}/api/articles/${published.json.document_id}?status=draft`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token.json.data.accessKey}` },
        body: { data: { slug: 'renamed-draft' } },
      });
      assert.equal(renamed.status, 200, renamed.text);
      assert.equal((await readArticle(site.url, 'taken-slug', 'draft')).length, 0);
      assert.equal((await readArticle(site.url, 'taken-slug', 'published')).length, 1);
    });

    it('answers 400 bad_request naming the field on integration A, and writes nothing', async () => {
      const before = (await deliveries()).length;
      const response = await publish({ title: 'Another post', slug: 'taken-slug', status: 'publish' });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.json.code, 'bad_request');
      assert.deepEqual(response.json.data, { status: 400 });
      assert.match(response.json.message, /slug: This attribute must be unique/);
      assert.equal(
        (await readArticle(site.url, 'taken-slug', 'draft')).length,
        0,
        'no draft was left behind'
      );
      assert.equal((await deliveries()).length, before);
    });

    it('answers a 4xx on the webhook, never a 503', async () => {
      const response = await webhook({ title: 'Another post', slug: 'taken-slug', target_status: 'publish' });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.json.code, 'bad_request');
      assert.match(response.json.message, /slug: This attribute must be unique/);
    });
  });

  describe('item 6: categories whose slugs collide', () => {
    const categoriesOf = async (slug: string) =>
      (
        (await readArticle(site.url, slug))[0].categories as {
          name: string;
          parent: { name: string } | null;
        }[]
      )
        .map((category) => `${category.parent ? `${category.parent.name} > ` : ''}${category.name}`)
        .sort();
    const assertSlugsUnique = async () => {
      const slugs = await categorySlugs();
      assert.deepEqual(slugs, [...new Set(slugs)], `duplicate category slugs: ${slugs.join(', ')}`);
    };

    it('reuses the category whose slug a new name shares at the same level ("Hello!" then "Hello?")', async () => {
      const first = await publish({ title: 'Hello one', category: 'Hello!' });
      assert.equal(first.status, 201, first.text);
      const second = await publish({ title: 'Hello two', category: 'Hello?' });
      assert.equal(second.status, 201, second.text);
      assert.deepEqual(second.json.categories, ['Hello!']);
      assert.equal(
        (await listCategories(site.url)).filter((category) => category.name.startsWith('Hello')).length,
        1
      );
      await assertSlugsUnique();
    });

    it('reuses a sub-category whose slug a new name shares under the same parent', async () => {
      const first = await publish({
        title: 'Greeting one',
        category: 'Greetings',
        sub_category: 'Hi there!',
      });
      assert.equal(first.status, 201, first.text);
      const second = await publish({
        title: 'Greeting two',
        category: 'Greetings',
        sub_category: 'Hi, there',
      });
      assert.equal(second.status, 201, second.text);
      assert.deepEqual(second.json.categories, ['Greetings', 'Hi there!']);
      assert.deepEqual(await categoriesOf('greeting-two'), ['Greetings', 'Greetings > Hi there!']);
      await assertSlugsUnique();
    });

    it('reuses "École" for "école", whatever the database makes of case in accented letters', async () => {
      const first = await publish({ title: 'Ecole one', category: 'École' });
      assert.equal(first.status, 201, first.text);
      const second = await publish({ title: 'Ecole two', category: 'école' });
      assert.equal(second.status, 201, second.text);
      assert.deepEqual(second.json.categories, ['École']);
      await assertSlugsUnique();
    });

    it("gives a sub-category its own slug as WordPress does; taken elsewhere, its parent's slug is appended, then a number", async () => {
      /** The slug of the category `name` under `parent` (none: top level). */
      const slugOf = async (name: string, parent?: string) => {
        const all = await listCategories(site.url);
        const found = all.filter((row) => row.name === name && (row.parent?.name ?? undefined) === parent);
        assert.equal(found.length, 1, `one "${name}" under ${parent ?? 'the top level'}`);
        return found[0].slug;
      };
      const first = await publish({ title: 'Tomatoes one', category: 'Gardening', sub_category: 'Tomatoes' });
      assert.equal(first.status, 201, first.text);
      assert.deepEqual(first.json.categories, ['Gardening', 'Tomatoes']);
      assert.equal(await slugOf('Tomatoes', 'Gardening'), 'tomatoes', "the child's own slug");
      assert.equal(await slugOf('Gardening'), 'gardening');

      // `tomatoes` is taken under another parent: wp_unique_term_slug appends the parent's slug.
      const second = await publish({ title: 'Tomatoes two', category: 'Cooking', sub_category: 'Tomatoes' });
      assert.equal(second.status, 201, second.text);
      assert.deepEqual(await categoriesOf('tomatoes-two'), ['Cooking', 'Cooking > Tomatoes']);
      assert.equal(await slugOf('Tomatoes', 'Cooking'), 'tomatoes-cooking');
      assert.equal(await slugOf('Tomatoes', 'Gardening'), 'tomatoes', 'the first one keeps its slug');

      // Both `peppers` and `peppers-cooking` are taken: then the number.
      for (const category of ['Peppers', 'Peppers Cooking']) {
        const response = await publish({ title: `Top ${category}`, category });
        assert.equal(response.status, 201, response.text);
      }
      const third = await publish({ title: 'Peppers three', category: 'Cooking', sub_category: 'Peppers' });
      assert.equal(third.status, 201, third.text);
      assert.deepEqual(await categoriesOf('peppers-three'), ['Cooking', 'Cooking > Peppers']);
      assert.equal(await slugOf('Peppers', 'Cooking'), 'peppers-cooking-2');

      // Found again by name under its parent on the next delivery: nothing new is made.
      const count = (await listCategories(site.url)).length;
      const again = await publish({ title: 'Tomatoes four', category: 'Cooking', sub_category: 'Tomatoes' });
      assert.equal(again.status, 201, again.text);
      assert.equal((await listCategories(site.url)).length, count);
      await assertSlugsUnique();
    });

    it('makes one category of concurrent deliveries whose names share a slug', async () => {
      const names = ['Soil + Compost!', 'soil compost?', 'SOIL, COMPOST', 'Soil / compost'];
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          publish({ title: `Concurrent soil ${i}`, category: names[i % names.length] })
        )
      );
      for (const response of responses) assert.equal(response.status, 201, response.text);
      const stored = (await listCategories(site.url)).filter((category) => /soil/i.test(category.name));
      assert.equal(stored.length, 1, JSON.stringify(stored));
      for (const response of responses) assert.deepEqual(response.json.categories, [stored[0].name]);
      await assertSlugsUnique();
    });

    it('saves a 200-character category with a sub-category, and finds both again on the next delivery', async () => {
      const long = name200('category');
      const first = await publish({ title: 'Long category one', category: long, sub_category: 'Sub' });
      assert.equal(first.status, 201, first.text);
      assert.deepEqual(first.json.categories, [long, 'Sub']);
      const count = (await listCategories(site.url)).length;
      const second = await publish({ title: 'Long category two', category: long, sub_category: 'Sub' });
      assert.equal(second.status, 201, second.text);
      assert.deepEqual(await categoriesOf('long-category-two'), [long, `${long} > Sub`].sort());
      assert.equal((await listCategories(site.url)).length, count, 'no duplicate categories');
      await assertSlugsUnique();
    });
  });

  describe("a post's lock held by another delivery (issue #62: a write of one transaction reads it)", () => {
    const slug = 'held-post-lock';
    const lockKey = `post:api::article.article:${slug}`;
    const lockRows = () => tableRows(site.database, 'article_publisher_locks');

    it('waits until the lock is given back, then writes the post once; it leaves no lock row', async () => {
      const published = await whileLockHeldElsewhere(
        site.database,
        lockKey,
        () => publish({ title: 'Held post lock', slug }),
        'the publish'
      );
      assert.equal(published.status, 201, published.text);
      assert.equal((await readArticle(site.url, slug)).length, 1);
      const again = await publish({ title: 'Held post lock, again', slug });
      assert.equal(again.status, 200, again.text);
      assert.deepEqual(await lockRows(), [], 'no lock row is left behind');
    });
  });

  describe('a slug no delivery wrote, whose entry an editor made (issue #62: the ledger says which slugs to read first)', () => {
    it('updates that entry instead of making a second; a new slug makes one post', async () => {
      const made = await request(`${site.url}/content-manager/collection-types/api::article.article`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}` },
        body: { title: 'Made by an editor', slug: 'made-by-an-editor', content: '<p>Draft.</p>' },
      });
      assert.equal(made.status, 201, made.text);
      const documentId = made.json.data.documentId as string;

      const response = await publish({
        title: 'Delivered over it',
        slug: 'made-by-an-editor',
        status: 'publish',
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.document_id, documentId, "the editor's entry, not a new one");
      const rows = (await tableRows(site.database, 'articles')).filter(
        (row) => row.slug === 'made-by-an-editor'
      );
      assert.equal(rows.length, 2, 'its draft and its published version, nothing more');
      assert.ok(rows.every((row) => row.document_id === documentId && row.title === 'Delivered over it'));

      const fresh = await publish({ title: 'A slug nobody used', slug: 'a-slug-nobody-used' });
      assert.equal(fresh.status, 201, fresh.text);
      assert.equal((await readArticle(site.url, 'a-slug-nobody-used')).length, 1);
    });
  });

  describe('item 7: category names longer than the lock table key', () => {
    // Two 200-character names: the old lock name "category:<name>/<sub-name>" was 410 characters,
    // more than the varchar(255) key column takes on PostgreSQL and MariaDB.
    const category = name200('lockname');
    const subCategory = name200('sublockname');

    it('publishes on integration A', async () => {
      const response = await publish({ title: 'Long lock names api', category, sub_category: subCategory });
      assert.equal(response.status, 201, response.text);
      assert.deepEqual(response.json.categories, [category, subCategory]);
    });

    it('publishes on the webhook, reusing both categories', async () => {
      const count = (await listCategories(site.url)).length;
      const response = await webhook({
        title: 'Long lock names webhook',
        category,
        sub_category: subCategory,
      });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(
        await readArticle(site.url, 'long-lock-names-webhook').then(([post]) => post.categories.length),
        2
      );
      assert.equal((await listCategories(site.url)).length, count);
    });
  });
});
