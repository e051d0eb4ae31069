import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { tablesContaining } from './helpers/databases';
import { GUIDE_TARGET } from './helpers/fixtures';
import { request, type HttpResponse } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { listCategories, publishPost, readArticle } from './helpers/service';
import { deliver } from './helpers/webhook';

/** Issue #17, input shapes: deep nesting (item 3), control characters (item 7), IPv4-compatible IPv6 (item 12). */

const KEY = 'apk_hardening-input-0123456789abcdef';
const SECRET = 'whsec-hardening-input-0123456789abcdef';

const nestedHtml = (depth: number) => `${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`;
const nestedJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/**
 * Runs `work` while probing `/_health` every 200 ms (each probe waits for the previous one), and
 * returns the work's result with every probe's duration in milliseconds.
 */
async function whileProbingHealth<T>(
  baseUrl: string,
  work: () => Promise<T>
): Promise<{ result: T; probes: number[] }> {
  const probes: number[] = [];
  let done = false;
  const prober = (async () => {
    while (!done) {
      const started = performance.now();
      const health = await request(`${baseUrl}/_health`);
      probes.push(performance.now() - started);
      assert.equal(health.status, 204);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  prober.catch(() => undefined); // a failed probe is reported by the `await prober` below
  try {
    return { result: await work(), probes };
  } finally {
    done = true;
    await prober;
  }
}

function assertBadRequest(response: HttpResponse, pattern: RegExp) {
  assert.equal(response.status, 400, response.text);
  assert.equal(response.json.code, 'bad_request');
  assert.deepEqual(response.json.data, { status: 400 });
  assert.match(response.json.message, pattern);
}

describe('hardening: input shapes', () => {
  let site: Playground;
  const publish = (body: unknown) => publishPost(site.url, KEY, body);
  const webhook = (body: unknown) =>
    deliver(site.url, typeof body === 'string' ? body : JSON.stringify(body), SECRET);
  const webhookPayload = (fields: Record<string, unknown>) => ({
    event: 'article.published',
    article_id: 9001,
    title: 'Webhook hardening',
    html_content: '<p>Body</p>',
    ...fields,
  });

  before(async () => {
    site = await startPlayground({
      fixtureTypes: ['guide'],
      env: { ARTICLE_PUBLISHER_API_KEY: KEY, ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET },
    });
  });
  after(async () => site?.stop());

  it('refuses 100,000 nested divs with a 400 at once, while /_health keeps answering within 1 s', async () => {
    const content = nestedHtml(100_000);
    assert.ok(content.length > 1_000_000, 'about 1.1 MB, under every size limit');
    const { result, probes } = await whileProbingHealth(site.url, () =>
      publish({ title: 'Nested divs', content })
    );
    assertBadRequest(result, /content nests HTML elements more than 128 levels deep/);
    assert.ok(probes.length > 0);
    assert.ok(
      Math.max(...probes) < 1000,
      `health probes took ${probes.map((ms) => Math.round(ms)).join(', ')} ms`
    );

    const viaWebhook = await webhook(webhookPayload({ html_content: content }));
    assertBadRequest(viaWebhook, /html_content nests HTML elements more than 128 levels deep/);

    const withinLimit = await publish({ title: 'Nested to the limit', content: nestedHtml(128) });
    assert.equal(withinLimit.status, 201, withinLimit.text);
  });

  it('refuses JSON-LD nested 10,000 deep with a 400 in json_ld_schema, an ld+json block and schema_markup', async () => {
    assertBadRequest(
      await publish({ title: 'Deep JSON-LD', content: '<p>x</p>', json_ld_schema: nestedJson(10_000) }),
      /json_ld_schema nests more than 32 levels deep/
    );
    assertBadRequest(
      await publish({
        title: 'Deep JSON-LD block',
        content: `<p>x</p><script type="application/ld+json">${nestedJson(10_000)}</script>`,
      }),
      /content has a JSON-LD script block that nests more than 32 levels deep/
    );
    assertBadRequest(
      // Written by hand: JSON.stringify itself overflows on a value this deep.
      await webhook(
        `${JSON.stringify(webhookPayload({})).slice(0, -1)},"schema_markup":${nestedJson(10_000)}}`
      ),
      /schema_markup nests more than 32 levels deep/
    );
  });

  it('removes control characters from title, content, meta description and category names before they reach the database', async () => {
    const response = await publish({
      title: 'Control\u0000 characters\u0007 removed\u007f',
      slug: 'control-characters',
      content: '<p>Grow\u0000 tomatoes\u0001 &#1;in\u0085 pots.\nKeep\tthe lines.</p>',
      meta_description:
        'A meta description\u0000 that is long enough to be kept\u001b as it is written here.',
      category: 'Vege\u0000tables',
      sub_category: 'Toma\u0008toes',
      json_ld_schema: '{"@type":"Article","name":"JSON-LD\\u0000 text"}',
      status: 'publish',
    });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(response.json.categories, ['Vegetables', 'Tomatoes']);

    const [article] = await readArticle(site.url, 'control-characters', 'published');
    assert.equal(article.title, 'Control characters removed');
    assert.equal(article.content, '<p>Grow tomatoes in pots.\nKeep\tthe lines.</p>');
    assert.equal(
      article.seo.metaDescription,
      'A meta description that is long enough to be kept as it is written here.'
    );
    assert.deepEqual(article.seo.structuredData, { '@type': 'Article', name: 'JSON-LD text' });
    const names = (await listCategories(site.url)).map((category) => category.name).sort();
    assert.deepEqual(names, ['Tomatoes', 'Vegetables']);
    for (const control of ['\u0000', '\u0001', '\u0007', '\u0008', '\u001b', '\u007f', '\u0085']) {
      assert.deepEqual(
        await tablesContaining(site.database, control),
        [],
        `U+${control.charCodeAt(0).toString(16).padStart(4, '0')} is stored nowhere`
      );
    }
  });

  it('refuses a featured image on an IPv4-compatible loopback address (::127.0.0.1) with a warning', async () => {
    const response = await publish({
      title: 'IPv4-compatible featured image',
      content: '<p>Body</p>',
      featured_image: `https://[::127.0.0.1]:${site.port}/x.png`,
    });
    assert.equal(response.status, 201, response.text);
    assert.match(
      response.json.featured_image_result,
      /^warning: the address ::7f00:1 is loopback, not public; refused$/
    );
  });

  it('refuses HTML nested 10,000 deep published into the Guide (a blocks body) with a 400, never a 500', async () => {
    const token = await registerSuperAdmin(site.url);
    const admin = (method: string, body?: unknown) =>
      request(`${site.url}/article-publisher/settings`, {
        method,
        body,
        headers: { authorization: `Bearer ${token}` },
      });
    const { settings } = (await admin('GET')).json;
    const saved = await admin('PUT', {
      ...settings,
      ...GUIDE_TARGET,
      // The playground sends the Article's Markdown editor HTML (bodyFormat html); the Guide's blocks body follows its field.
      bodyFormat: 'auto',
    });
    assert.equal(saved.status, 200, saved.text);

    assertBadRequest(
      await publish({ title: 'Deep guide', content: nestedHtml(10_000) }),
      /content nests HTML elements more than 128 levels deep/
    );
    const within = await publish({ title: 'Guide nested to the limit', content: nestedHtml(128) });
    assert.equal(within.status, 201, within.text);
    const guides = await request(
      `${site.url}/api/guides?filters[slug][$eq]=guide-nested-to-the-limit&status=draft`
    );
    assert.deepEqual(guides.json.data[0].body, [
      { type: 'paragraph', children: [{ type: 'text', text: 'deep' }] },
    ]);
  });
});
