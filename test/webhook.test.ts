import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signWebhook } from '../core/src/webhook-signature';
import { registerSuperAdmin } from './helpers/admin';
import { fixtureWebhookPayload } from './helpers/fixtures';
import { request } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { countArticles, readArticle } from './helpers/service';
import { tableRows } from './helpers/databases';
import { deliver } from './helpers/webhook';

const SECRET = 'whsec-test-0123456789abcdef0123456789';
const FAIL_MARKER = '[simulate-db-failure]';

describe('webhook receiver (integration B)', () => {
  let site: Playground;
  const images = new ImageServer();
  let payload: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the fixture payload, edited per test
  const files = () => tableRows(site.database, 'files');

  before(async () => {
    await images.start();
    site = await startPlayground({
      env: {
        ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET,
        ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
        ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true',
        PLAYGROUND_FAIL_WRITES_MARKER: FAIL_MARKER,
      },
    });
    // The fixture's image host does not resolve: serve its images locally and point the payload there.
    payload = structuredClone(fixtureWebhookPayload);
    const names = ['hero-hose.jpg', 'materials.webp', 'reel.png', 'featured.jpg'];
    const formats = { jpg: 'jpeg', webp: 'webp', png: 'png' } as const;
    for (const [index, name] of names.entries()) {
      const ext = name.split('.').pop() as keyof typeof formats;
      images.file(
        `/articles/1042/${name}`,
        await makeImage(formats[ext], 400, 250, 20 + index),
        `image/${formats[ext]}`
      );
    }
    const json = JSON.stringify(payload).replaceAll('https://images.example.test/', `${images.url}/`);
    payload = JSON.parse(json);
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it('publishes a valid delivery and answers 200 {received: true}', async () => {
    const body = JSON.stringify(payload);
    const response = await deliver(site.url, body, SECRET);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.received, true);
    assert.equal(response.json.duplicate, false);
    assert.equal(response.json.post_status, payload.target_status === 'publish' ? 'publish' : 'draft');
    assert.equal(response.json.featured_image_result, 'success');
    assert.equal(response.json.inline_images_result.imported.length, 3);

    const [post] = await readArticle(site.url, payload.slug, 'draft');
    assert.equal(post.id, response.json.post_id);
    assert.equal(post.title, payload.title);
    assert.equal(post.seo.metaDescription, payload.meta_description);
    assert.equal(post.seo.keywords, [payload.focus_keyword, ...payload.secondary_keywords].join(', '));
    assert.equal(JSON.stringify(post.seo.structuredData).includes('FAQPage'), true);
    assert.equal(post.cover.alternativeText, payload.featured_image_alt);
    // Images stay where the article put them: the first figure right after the first heading.
    assert.match(
      post.content,
      new RegExp(`^<h2>Why the right garden hose matters</h2>\\n<figure><img src="${site.url}/uploads/`)
    );
    assert.ok(!post.content.includes(images.url), 'every inline image was rewritten to the media library');
    const categories = Object.fromEntries(
      post.categories.map((c: { name: string; parent: { name: string } | null }) => [
        c.name,
        c.parent?.name ?? null,
      ])
    );
    assert.deepEqual(categories, { [payload.category]: null, [payload.sub_category]: payload.category });

    const [ledger] = await tableRows(site.database, 'article_publisher_deliveries');
    assert.equal(ledger.source, 'webhook');
    assert.equal(Number(ledger.article_id), payload.article_id);
    assert.equal(Number(ledger.website_id), payload.website_id);
    assert.equal(ledger.event, 'article.published');
  });

  it('answers 401 to a missing, wrong, uppercase or stale signature, and stores nothing', async () => {
    const changed = { ...payload, slug: 'never-stored', article_id: 9001 };
    const body = JSON.stringify(changed);
    const digest = signWebhook(body, SECRET);
    const cases: [string, string | null][] = [
      ['missing', null],
      ['wrong', signWebhook(body, 'another-secret-0123456789')],
      ['uppercase hex of the right digest', digest.toUpperCase()],
      [
        'body changed by one byte after signing',
        signWebhook(body.replace('never-stored', 'never-storeD'), SECRET),
      ],
    ];
    const ledgerBefore = (await tableRows(site.database, 'article_publisher_deliveries')).length;
    for (const [name, signature] of cases) {
      const response = await deliver(site.url, body, SECRET, signature);
      assert.equal(response.status, 401, name);
      assert.deepEqual(response.json.data, { status: 401 });
      assert.equal(response.json.code, 'invalid_signature', name);
    }
    assert.equal((await readArticle(site.url, 'never-stored')).length, 0);
    assert.equal((await tableRows(site.database, 'article_publisher_deliveries')).length, ledgerBefore);
  });

  it('treats repeated deliveries, also concurrent ones, as one: one post, no new media', async () => {
    const body = JSON.stringify(payload);
    const filesBefore = (await files()).length;
    const hitsBefore = images.totalHits();
    const sequential = await deliver(site.url, body, SECRET);
    const concurrent = await Promise.all(Array.from({ length: 4 }, () => deliver(site.url, body, SECRET)));
    for (const response of [sequential, ...concurrent]) {
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.received, true);
      assert.equal(response.json.duplicate, true);
    }
    assert.equal(await countArticles(site.url, 'draft'), 1);
    assert.equal((await files()).length, filesBefore, 'no extra media files');
    assert.equal(images.totalHits(), hitsBefore, 'no image fetched again');
  });

  it('updates the post when a changed article arrives under the same article_id and slug', async () => {
    const changed = {
      ...payload,
      html_content: '<h2>Rewritten</h2><p>New text.</p>',
      target_status: 'publish',
    };
    const response = await deliver(site.url, JSON.stringify(changed), SECRET);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.duplicate, false);
    const [post] = await readArticle(site.url, payload.slug, 'published');
    assert.equal(post.content, '<h2>Rewritten</h2><p>New text.</p>');
    assert.equal(await countArticles(site.url, 'draft'), 1);
  });

  it('verifies a body with non-ASCII text, odd spacing and a trailing newline over its raw bytes', async () => {
    const body = `{ "event":"article.published",  "article_id": 77, "title" : "Crème brûlée — für Anfänger ✓",\n\t"slug":"creme-brulee", "html_content": "<p>Zucker &amp; Sahne: süß 🍮</p>" }\n`;
    const response = await deliver(site.url, body, SECRET);
    assert.equal(response.status, 200, response.text);
    const [post] = await readArticle(site.url, 'creme-brulee');
    assert.equal(post.title, 'Crème brûlée — für Anfänger ✓');
    assert.equal(post.content, '<p>Zucker &amp; Sahne: süß 🍮</p>');
  });

  it('acknowledges and ignores other events, and names invalid fields after a valid signature', async () => {
    const other = await deliver(
      site.url,
      JSON.stringify({ event: 'article.deleted', article_id: 1 }),
      SECRET,
      undefined,
      'article.deleted'
    );
    assert.equal(other.status, 200);
    assert.deepEqual(other.json, { received: true, ignored: 'the event "article.deleted" is not handled' });

    const invalid = await deliver(
      site.url,
      JSON.stringify({ event: 'article.published', article_id: 'x', target_status: 'live' }),
      SECRET
    );
    assert.equal(invalid.status, 400);
    assert.equal(invalid.json.code, 'bad_request');
    for (const field of ['article_id', 'title', 'html_content', 'target_status'])
      assert.match(invalid.json.message, new RegExp(field));
  });

  it('answers 503 temporarily_unavailable when the write fails, so the sender retries', async () => {
    const failing = { ...payload, article_id: 555, slug: 'fails-once', title: `Fails ${FAIL_MARKER}` };
    const response = await deliver(site.url, JSON.stringify(failing), SECRET);
    assert.equal(response.status, 503);
    assert.equal(response.json.code, 'temporarily_unavailable');
    assert.equal((await readArticle(site.url, 'fails-once')).length, 0);
  });

  it('leaves a JSON route of the app working as before with raw-body capture on', async () => {
    const owner = await registerSuperAdmin(site.url);
    const token = await request(`${site.url}/admin/api-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: { name: 'webhook-test', type: 'full-access', lifespan: null, description: '' },
    });
    assert.equal(token.status, 201, token.text);
    const created = await request(`${site.url}/api/articles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.json.data.accessKey}` },
      body: { data: { title: 'Made through Strapi', slug: 'made-through-strapi', content: 'Plain' } },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.data.title, 'Made through Strapi');
    assert.deepEqual(Object.keys(created.json).sort(), ['data', 'meta']);
    const [post] = await readArticle(site.url, 'made-through-strapi');
    assert.equal(post.content, 'Plain');
  });
});

describe('webhook receiver without a secret', () => {
  let site: Playground;
  before(async () => {
    site = await startPlayground();
  });
  after(async () => site?.stop());

  it('answers 503 not_configured until a secret is set in the admin, then verifies with it', async () => {
    const body = JSON.stringify({
      event: 'article.published',
      article_id: 1,
      title: 'T',
      html_content: '<p>x</p>',
    });
    const before = await deliver(site.url, body, 'anything-0123456789');
    assert.equal(before.status, 503);
    assert.equal(before.json.code, 'not_configured');

    const owner = await registerSuperAdmin(site.url);
    const auth = { authorization: `Bearer ${owner}` };
    const short = await request(`${site.url}/article-publisher/webhook-secret`, {
      method: 'POST',
      headers: auth,
      body: { secret: 'short' },
    });
    assert.equal(short.status, 400);
    const generated = await request(`${site.url}/article-publisher/webhook-secret`, {
      method: 'POST',
      headers: auth,
      body: {},
    });
    assert.equal(generated.status, 200, generated.text);
    const secret = generated.json.secret as string;
    assert.match(secret, /^[0-9a-f]{64}$/);

    const settings = await request(`${site.url}/article-publisher/settings`, { headers: auth });
    assert.equal(settings.json.webhookSecret.source, 'admin');
    assert.ok(!settings.text.includes(secret), 'the secret is never shown again');
    const stored = (await tableRows(site.database, 'strapi_core_store_settings')).map((row) =>
      String(row.value)
    );
    assert.ok(!stored.some((value) => value.includes(secret)), 'the secret is stored encrypted');

    assert.equal((await deliver(site.url, body, secret)).status, 200);
    assert.equal((await deliver(site.url, body, 'anything-0123456789')).status, 401);
  });
});
