import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { signWebhook } from '../core/src/webhook-signature';
import { createAdminWithoutPluginPermissions, registerSuperAdmin } from './helpers/admin';
import { tableRows } from './helpers/databases';
import { request, type HttpResponse } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { publishPost } from './helpers/service';
import { deliver } from './helpers/webhook';

/**
 * Issue #46 points 2 and 4: refused requests of every door are listed on the activity page (never a
 * secret or a body), bounded; and the dry run answers the same image decisions as the publish.
 */
const KEY = 'apk_refusals-activity-0123456789abcdef';
const WRONG_KEY = 'apk_wrong-key-that-must-never-be-stored';
const SECRET = 'whsec_refusals-activity-0123456789';
const LOGIN = 'robot@example.com';
const PASSWORD = 'Abcd Efgh Ijkl Mnop Qrst Uvwx';
const WRONG_PASSWORD = 'Zyxw Vuts Rqpo Nmlk Jihg Fedc';
const MAX_ROWS = 12;
const BODY_LIMIT = 64 * 1024;
const TABLE = 'article_publisher_refusals';
/** A custom webhook endpoint (Outrank's preset: a static Bearer token); its id is in the URL the owner pastes. */
const HOOK_ID = 'hook-refusals-0123456789abcdefWXYZ';
const HOOK_TOKEN = 'outrank-token-refusals-0123456789';

describe('refused requests on the activity page (issue #46 point 2)', () => {
  let site: Playground;
  let ownerToken: string;

  const admin = (path: string, token = ownerToken) =>
    request(`${site.url}/article-publisher${path}`, { headers: { authorization: `Bearer ${token}` } });
  const basic = (login: string, secret: string) =>
    `Basic ${Buffer.from(`${login}:${secret}`, 'utf8').toString('base64')}`;
  const wp = (path: string, body: unknown, secret = PASSWORD) =>
    request(`${site.url}/wp-json${path}`, {
      method: 'POST',
      headers: { authorization: basic(LOGIN, secret) },
      body,
    });
  /** The refusals listed, newest first. */
  const listed = async (query = '') => {
    const response = await admin(`/activity/refusals${query}`);
    assert.equal(response.status, 200, response.text);
    return response.json;
  };
  /** Every stored row, as text, for the absence of secrets and bodies. */
  const storedText = async () => JSON.stringify(await tableRows(site.database, TABLE));

  before(async () => {
    site = await startPlayground({
      env: {
        ARTICLE_PUBLISHER_API_KEY: KEY,
        ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET,
        ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}`,
      },
      pluginConfig: {
        bodyLimitBytes: BODY_LIMIT,
        refusalLog: { maxRows: MAX_ROWS, maxDays: 30 },
        authThrottle: { maxFailures: 50, windowSeconds: 600 },
        webhookEndpoints: [{ id: HOOK_ID, preset: 'outrank', secret: HOOK_TOKEN, name: 'Outrank' }],
      },
    });
    ownerToken = await registerSuperAdmin(site.url);
  });
  after(async () => site?.stop());

  it('lists refusals of the publishing API (400, 401/403, 413) without the key or the body', async () => {
    const bodyMarker = `body-marker-${randomBytes(6).toString('hex')}`;
    const untitled = await publishPost(site.url, KEY, { content: `<p>${bodyMarker}</p>` });
    assert.equal(untitled.status, 400, untitled.text);
    const wrongKey = await publishPost(site.url, WRONG_KEY, { title: 'x', content: `<p>${bodyMarker}</p>` });
    assert.equal(wrongKey.status, 403, wrongKey.text);
    const large = await publishPost(site.url, KEY, { title: bodyMarker, content: 'x'.repeat(BODY_LIMIT) });
    assert.equal(large.status, 413, large.text);

    const { results } = await listed('?door=api');
    assert.deepEqual(
      results.slice(0, 3).map((row: { status: number; code: string }) => [row.status, row.code]),
      [
        [413, 'payload_too_large'],
        [403, 'invalid_api_key'],
        [400, 'bad_request'],
      ]
    );
    for (const row of results.slice(0, 3)) {
      assert.equal(row.door, 'api');
      assert.equal(row.route, 'POST /api/service/v1/publish-post');
      assert.match(row.client, /127\.0\.0\.1/);
      assert.ok(Date.now() - Date.parse(row.refusedAt) < 60_000, row.refusedAt);
      assert.ok(row.message.length > 0);
    }
    assert.equal(results[2].message, untitled.json.message, 'the answer’s own message');
    const stored = await storedText();
    for (const secret of [KEY, WRONG_KEY, bodyMarker]) assert.ok(!stored.includes(secret), secret);
  });

  it('lists refusals of the webhook (bad signature, bad body) without the signature or the body', async () => {
    const bodyMarker = `webhook-marker-${randomBytes(6).toString('hex')}`;
    const payload = JSON.stringify({ event: 'article.published', article_id: 7, title: bodyMarker });
    const badSignature = signWebhook(payload, 'whsec_another-secret-entirely-000');
    const forged = await deliver(site.url, payload, SECRET, badSignature);
    assert.equal(forged.status, 401, forged.text);
    // Signed, but no slug or body: the payload itself is refused.
    const incomplete = await deliver(site.url, payload, SECRET);
    assert.equal(incomplete.status, 400, incomplete.text);

    const { results } = await listed('?door=webhook');
    assert.deepEqual(
      results.map((row: { status: number; code: string }) => [row.status, row.code]),
      [
        [400, incomplete.json.code],
        [401, 'invalid_signature'],
      ]
    );
    assert.ok(results.every((row: { route: string }) => row.route === 'POST /api/service/v1/webhook'));
    const stored = await storedText();
    for (const secret of [SECRET, badSignature, signWebhook(payload, SECRET), bodyMarker])
      assert.ok(!stored.includes(secret), secret);
  });

  it('lists refusals of a custom webhook endpoint under its own door, without its id, token or body', async () => {
    const bodyMarker = `hook-marker-${randomBytes(6).toString('hex')}`;
    const body = { event_type: 'publish_articles', data: { articles: [{ title: bodyMarker }] } };
    const hook = (authorization: string) =>
      request(`${site.url}/api/service/v1/hooks/${HOOK_ID}`, {
        method: 'POST',
        headers: { authorization },
        body,
      });
    const wrongToken = 'Bearer outrank-a-wrong-token-000000000';
    const refused = await hook(wrongToken);
    assert.equal(refused.status, 401, refused.text);

    const { results } = await listed('?door=hook');
    assert.equal(results.length, 1, JSON.stringify(results));
    assert.equal(results[0].status, 401);
    assert.equal(results[0].code, refused.json.code);
    assert.equal(results[0].door, 'hook');
    // The endpoint's id is the URL the service posts to: only its last four characters are kept.
    assert.equal(results[0].route, 'POST /api/service/v1/hooks/…WXYZ');
    const stored = await storedText();
    for (const secret of [HOOK_ID, HOOK_TOKEN, wrongToken, bodyMarker])
      assert.ok(!stored.includes(secret), secret);
    assert.equal(
      (await listed('?door=api')).results.some((row: { route: string }) => row.route.includes('/hooks/')),
      false
    );
  });

  it('lists refusals of the WordPress door (invalid term ids, a bad date, an unknown status, a wrong password) without the credential or the body', async () => {
    const bodyMarker = `wp-marker-${randomBytes(6).toString('hex')}`;
    const unknownTerm = await wp('/wp/v2/posts', { title: bodyMarker, content: 'x', categories: [987654] });
    assert.equal(unknownTerm.status, 400, unknownTerm.text);
    const badDate = await wp('/wp/v2/posts', { title: bodyMarker, content: 'x', date: 'not a date' });
    assert.equal(badDate.status, 400, badDate.text);
    const badStatus = await wp('/wp/v2/posts', { title: bodyMarker, content: 'x', status: 'sideways' });
    assert.equal(badStatus.status, 400, badStatus.text);
    const wrong = await wp('/wp/v2/posts', { title: bodyMarker }, WRONG_PASSWORD);
    assert.equal(wrong.status, 401, wrong.text);

    const { results } = await listed('?door=wordpress');
    assert.deepEqual(
      results.map((row: { status: number; code: string; route: string }) => [
        row.status,
        row.code,
        row.route,
      ]),
      [
        [401, wrong.json.code, 'POST /wp/v2/posts'],
        [400, 'rest_invalid_param', 'POST /wp/v2/posts'],
        [400, 'rest_invalid_param', 'POST /wp/v2/posts'],
        [400, 'rest_invalid_param', 'POST /wp/v2/posts'],
      ]
    );
    assert.equal(results[3].message, unknownTerm.json.message);
    const stored = await storedText();
    for (const secret of [
      PASSWORD,
      PASSWORD.replaceAll(' ', ''),
      WRONG_PASSWORD,
      basic(LOGIN, PASSWORD),
      basic(LOGIN, WRONG_PASSWORD),
      bodyMarker,
    ])
      assert.ok(!stored.includes(secret), secret);
  });

  it('filters by door and by code, checks the filter, and needs the activity permission', async () => {
    const byCode = await listed('?code=rest_invalid_param');
    assert.equal(byCode.results.length, 3);
    assert.ok(byCode.results.every((row: { door: string }) => row.door === 'wordpress'));
    const both = await listed('?door=api&code=invalid_api_key');
    assert.deepEqual(
      both.results.map((row: { code: string }) => row.code),
      ['invalid_api_key']
    );
    assert.equal((await listed('?door=webhook&code=rest_invalid_param')).results.length, 0);
    const all = await listed();
    // Three of the publishing API, two of the webhook, one of a custom webhook, three of WordPress.
    assert.equal(all.pagination.total, 10);
    assert.deepEqual(all.kept, { maxRows: MAX_ROWS, maxDays: 30 });
    assert.equal((await admin('/activity/refusals?door=ftp')).status, 400);
    assert.equal((await admin('/activity/refusals?code=a%20b')).status, 400);
    const writer = await createAdminWithoutPluginPermissions(site.url, ownerToken);
    assert.equal((await admin('/activity/refusals', writer)).status, 403);
  });

  it('does not list a 404 (a probe) or a success', async () => {
    const before = (await listed()).pagination.total;
    const missing = await request(`${site.url}/wp-json/wp/v2/nothing-here`, {
      headers: { authorization: basic(LOGIN, PASSWORD) },
    });
    assert.equal(missing.status, 404, missing.text);
    const ping = await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
    assert.equal(ping.status, 200, ping.text);
    assert.equal((await listed()).pagination.total, before);
  });

  it('keeps the newest maxRows refusals and none older than maxDays', async () => {
    const connection = site.database.connect();
    try {
      // A row written 40 days ago (by an instance long gone): the next refusal prunes it.
      await connection(TABLE).insert({
        door: 'api',
        route: 'POST /old',
        status: 400,
        code: 'old_refusal',
        message: 'old',
        client: '127.0.0.1',
        refused_at: new Date(Date.now() - 40 * 86_400_000),
      });
    } finally {
      await connection.destroy();
    }
    assert.equal((await listed('?code=old_refusal')).results.length, 1);
    const answers: HttpResponse[] = [];
    for (let index = 0; index < MAX_ROWS + 3; index += 1)
      answers.push(await publishPost(site.url, KEY, { title: `t${index}` }));
    assert.ok(answers.every((answer) => answer.status === 400));
    const rows = await tableRows(site.database, TABLE);
    assert.equal(rows.length, MAX_ROWS, 'no more rows than maxRows');
    assert.equal((await listed('?code=old_refusal')).results.length, 0, 'the old row is pruned');
    const { results } = await listed(`?pageSize=100`);
    assert.equal(results.length, MAX_ROWS);
    assert.ok(
      results.every(
        (row: { door: string; code: string }) => row.door === 'api' && row.code === 'bad_request'
      ),
      'the newest are kept'
    );
  });
});

describe('the dry run answers the image decisions the publish makes (issue #46 point 4)', () => {
  let site: Playground;
  const IMAGE_LIMIT = 2048;
  const MAX_INLINE = 3;
  /** A base64 data URL of `bytes` bytes (its type is checked only after the size). */
  const dataUrl = (bytes: number) => `data:image/png;base64,${randomBytes(bytes).toString('base64')}`;
  const img = (src: string) => `<p>Text.</p><p><img src="${src}" alt="picture"></p>`;
  const publish = (body: object, dryRun: boolean) =>
    request(`${site.url}/api/service/v1/publish-post${dryRun ? '?dry_run=true' : ''}`, {
      method: 'POST',
      headers: { 'X-Service-Key': KEY },
      body,
    });

  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_API_KEY: KEY },
      // Markdown, as `npm start` runs it: its writer warns of an image that is not in the library.
      articleBodyFormat: 'auto',
      pluginConfig: { images: { maxBytes: IMAGE_LIMIT, maxInlineImages: MAX_INLINE } },
    });
  });
  after(async () => site?.stop());

  /** Dry-runs then publishes `body`; asserts both name the same images with the same reasons, once each. */
  async function bothAgree(body: { title: string; content: string; featured_image?: string }) {
    const dry = await publish(body, true);
    assert.equal(dry.status, 200, dry.text);
    const published = await publish(body, false);
    assert.equal(published.status, 201, published.text);
    const warned = published.json.inline_images_result.warnings as { source_url: string; reason: string }[];
    assert.deepEqual(dry.json.images.warnings, warned, 'the dry run warns as the publish does');
    // Once per image: the answer's other warnings say nothing more of an image it already named.
    const sources = new Set(warned.map((warning) => warning.source_url));
    assert.equal(sources.size, warned.length, `one warning per image: ${published.text}`);
    for (const warning of published.json.warnings as string[])
      assert.doesNotMatch(warning, /not in the media library/, published.text);
    return { dry: dry.json, published: published.json, warned };
  }

  const CASES: { name: string; src: string; reason: RegExp }[] = [
    {
      name: 'an http URL (images.allowHttp off)',
      src: 'http://images.example.com/a.png',
      reason: /http image URLs are refused/,
    },
    { name: 'a file: URL', src: 'file:///etc/hostname', reason: /file image URLs are refused/ },
    { name: 'an ftp: URL', src: 'ftp://images.example.com/a.png', reason: /ftp image URLs are refused/ },
    {
      name: 'a data: URL over the size limit',
      src: dataUrl(IMAGE_LIMIT * 2),
      reason: new RegExp(`larger than the limit of ${IMAGE_LIMIT} bytes`),
    },
    {
      name: 'an address that is not public',
      src: 'https://127.0.0.1/private.png',
      reason: /the address 127\.0\.0\.1 is .*not public; refused/,
    },
    { name: 'a URL that does not parse', src: 'https://[zz]/broken.png', reason: /not valid/ },
  ];
  for (const [index, testCase] of CASES.entries()) {
    it(`${testCase.name}: the dry run warns of it as the publish does, and the publish once`, async () => {
      const { warned, dry } = await bothAgree({ title: `Image case ${index}`, content: img(testCase.src) });
      assert.equal(warned.length, 1, JSON.stringify(warned));
      assert.match(warned[0].reason, testCase.reason);
      assert.deepEqual(dry.images.inline, [], 'the refused image is not among those to import');
    });
  }

  it(`more than ${MAX_INLINE} inline images: the same ones are left out by both`, async () => {
    const sources = Array.from({ length: MAX_INLINE + 2 }, (_, n) => `https://10.0.0.${n + 1}/i.png`);
    const { warned } = await bothAgree({ title: 'Many images', content: sources.map(img).join('') });
    assert.equal(warned.length, MAX_INLINE + 2);
    assert.equal(warned.filter((w) => /more than 3 inline images/.test(w.reason)).length, 2);
  });

  it('a featured image refused without a fetch: the dry run warns with the reason the publish answers', async () => {
    const { dry, published } = await bothAgree({
      title: 'Featured too large',
      content: '<p>Text.</p>',
      featured_image: dataUrl(IMAGE_LIMIT * 2),
    });
    const reason = `the image is larger than the limit of ${IMAGE_LIMIT} bytes`;
    assert.equal(published.featured_image_result, `warning: ${reason}`);
    assert.ok(dry.warnings.includes(`featured image: ${reason}`), JSON.stringify(dry.warnings));
  });
});
