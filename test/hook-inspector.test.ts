import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAdminInNewRole, grantPluginActions, registerSuperAdmin } from './helpers/admin';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { postHook, queueRows } from './helpers/hooks';
import { request } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';
import { PRESET_SAMPLES } from '../core/src/hooks/preset-samples';

/** What a service sends beside its article that must never be shown: a key of its own, a signed image URL's token. */
const SERVICE_KEY = 'sk_live_inspector_0123456789';
const IMAGE_TOKEN = 'IMGTOKEN0123456789';
/** Payloads over this are not kept once finished (hookQueue.keepPayloadKb). */
const KEEP_PAYLOAD_KB = 16;

const customOptions = (titlePath: string) => ({
  auth: { kind: 'header', header: 'X-Custom-Token' },
  articles: 'payload.posts',
  event: 'kind',
  fields: {
    externalId: 'ref.uid',
    title: titlePath,
    html: 'body.rendered',
    imageUrl: 'media[0].src',
    tags: 'taxonomy.groups[].terms[].label',
  },
});

interface Delivery {
  id: number;
  status: string;
  arrival: string;
  againOf: number | null;
  writeAgain: boolean;
  problem: string | null;
  payloadKept: boolean;
  outcome: { ok: boolean; created?: boolean; duplicate?: boolean; documentId?: string }[];
  posts: { documentId: string; contentManagerPath: string | null }[];
  warnings: string[];
  payload?: unknown;
  payloadNote?: string | null;
  fieldMap?: { entries: { path: string; fields: string[]; use: string }[]; problems: string[] } | null;
}

describe('the delivery inspector (issue #59): payload as received, field map, run again, bounds', () => {
  let site: Playground;
  let database: TestDatabase;
  let ownerToken: string;
  let endpoint: { id: string };
  let secret: string;
  const images = new ImageServer();
  /** Every admin answer, to prove that none holds a secret. */
  const answers: string[] = [];

  const admin = async (path: string, options: { method?: string; body?: unknown; token?: string } = {}) => {
    const response = await request(`${site.url}/article-publisher${path}`, {
      method: options.method ?? 'GET',
      body: options.body,
      headers: { authorization: `Bearer ${options.token ?? ownerToken}` },
    });
    answers.push(response.text);
    return response;
  };
  const deliveries = async (): Promise<Delivery[]> => {
    const response = await admin(`/hook-endpoints/${endpoint.id}/deliveries`);
    assert.equal(response.status, 200, response.text);
    return response.json.results;
  };
  const delivery = async (id: number): Promise<Delivery> => {
    const response = await admin(`/hook-deliveries/${id}`);
    assert.equal(response.status, 200, response.text);
    return response.json;
  };
  const finished = async (id: number): Promise<Delivery> => {
    for (let tries = 0; ; tries++) {
      const shown = await delivery(id);
      if (shown.status === 'done' || shown.status === 'failed') return shown;
      assert.ok(tries < 200, `delivery ${id} finishes: ${JSON.stringify(shown)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const send = (payload: unknown) => {
    const body = JSON.stringify(payload);
    return postHook(site.url, `/api/service/v1/hooks/${endpoint.id}`, body, { 'X-Custom-Token': secret });
  };
  const post = (slugWord: string, extra: Record<string, unknown> = {}) => ({
    kind: 'post.ready',
    api_key: SERVICE_KEY,
    payload: {
      posts: [
        {
          ref: { uid: `insp-${slugWord}` },
          name: `Inspected ${slugWord}`,
          body: { rendered: `<p>The ${slugWord} article, as the service sent it.</p>` },
          media: [{ src: `${images.url}/inspector/cover.jpg?token=${IMAGE_TOKEN}` }],
          taxonomy: {
            groups: [{ terms: [{ label: 'soil' }, { label: 'water' }] }, { terms: [{ label: 'sun' }] }],
          },
          ...extra,
        },
      ],
    },
  });

  before(async () => {
    await images.start();
    images.file('/inspector/cover.jpg', await makeImage('jpeg', 320, 200, 3), 'image/jpeg');
    database = await createTestDatabase();
    site = await startPlayground({
      database,
      env: { ARTICLE_PUBLISHER_ALLOW_HTTP: 'true', ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true' },
      pluginConfig: { hookQueue: { pollMs: 200, keepPayloadKb: KEEP_PAYLOAD_KB } },
    });
    ownerToken = await registerSuperAdmin(site.url);
    // The owner's first mapping names the title `headline`; the service sends `name`.
    const created = await admin('/hook-endpoints', {
      method: 'POST',
      body: { name: 'Our service', preset: 'custom', options: customOptions('headline') },
    });
    assert.equal(created.status, 201, created.text);
    endpoint = created.json.endpoint;
    secret = created.json.secret;
    // Its creation shows the secret once, by design; every later answer is checked.
    answers.length = 0;
  });
  after(async () => {
    await site?.stop();
    await images.stop();
    await database?.drop();
  });

  let refusedId = 0;
  let landedId = 0;

  it('a refused delivery is listed with why, its payload redacted, and its field map', async () => {
    const refused = await send(post('first'));
    assert.equal(refused.status, 400, refused.text);
    const [listed] = await deliveries();
    assert.equal(listed.status, 'failed');
    assert.equal(listed.arrival, 'direct');
    assert.match(String(listed.problem), /title/);
    assert.equal(listed.payloadKept, true);
    refusedId = listed.id;

    const shown = await delivery(refusedId);
    const text = JSON.stringify(shown);
    for (const hidden of [SERVICE_KEY, IMAGE_TOKEN, secret])
      assert.equal(text.includes(hidden), false, `the answer never holds ${hidden}`);
    const payload = shown.payload as ReturnType<typeof post>;
    assert.equal(payload.payload.posts[0].name, 'Inspected first', 'the rest of the payload as received');
    const at = (path: string) => shown.fieldMap?.entries.find((entry) => entry.path === path);
    assert.equal(at('payload.posts[0].name')?.use, 'not used', 'the mapping names headline, not name');
    assert.match(String(shown.fieldMap?.problems[0]), /title/);
    assert.deepEqual(at('payload.posts[0].body.rendered')?.fields, ['body']);
    assert.deepEqual(at('payload.posts[0].taxonomy.groups[1].terms[0].label')?.fields, ['keywords (tags)']);
    assert.deepEqual(at('api_key'), { path: 'api_key', fields: [], use: 'not used' });

    // The auth header is never kept, nor is the secret anywhere in the table.
    const rows = await queueRows(database);
    assert.equal(JSON.stringify(rows).includes(secret), false);
  });

  it('after the owner fixes the mapping, the failed delivery processed again lands, through the queue', async () => {
    const fixed = await admin(`/hook-endpoints/${endpoint.id}`, {
      method: 'PUT',
      body: { options: customOptions('name') },
    });
    assert.equal(fixed.status, 200, fixed.text);
    const mapped = await delivery(refusedId);
    assert.deepEqual(
      mapped.fieldMap?.entries.find((entry) => entry.path === 'payload.posts[0].name')?.fields,
      ['title'],
      'the map reads with the endpoint’s options of now'
    );
    const again = await admin(`/hook-deliveries/${refusedId}/again`, { method: 'POST', body: {} });
    assert.equal(again.status, 202, again.text);
    assert.equal(again.json.status, 'queued');
    const landed = await finished(again.json.id);
    assert.equal(landed.status, 'done', JSON.stringify(landed));
    assert.equal(landed.arrival, 'again');
    assert.equal(landed.againOf, refusedId);
    assert.equal(landed.outcome[0].ok, true);
    assert.equal(landed.outcome[0].created, true);
    assert.match(
      String(landed.posts[0].contentManagerPath),
      new RegExp(`^/content-manager/collection-types/api::article\\.article/${landed.outcome[0].documentId}`)
    );
    const [article] = await readArticle(site.url, 'inspected-first');
    assert.ok(article, 'the post landed');
    assert.ok(article.cover, 'with its cover, fetched from the URL as received (its token whole)');
    landedId = landed.id;

    const listed = await deliveries();
    assert.deepEqual(
      listed.map((each) => [each.id, each.status]),
      [
        [landedId, 'done'],
        [refusedId, 'failed'],
      ],
      'newest first'
    );
    // The activity page's queue lists what went through the queue; the inspector every delivery.
    const queue = await admin('/activity/hook-queue');
    assert.deepEqual(
      queue.json.results.map((each: { id: number }) => each.id),
      [landedId]
    );
  });

  it('processed again, a delivery that landed is a duplicate unless the owner asks to write it again', async () => {
    const repeat = await admin(`/hook-deliveries/${landedId}/again`, { method: 'POST', body: {} });
    assert.equal(repeat.status, 202, repeat.text);
    const duplicate = await finished(repeat.json.id);
    assert.equal(duplicate.status, 'done');
    assert.equal(duplicate.outcome[0].duplicate, true, JSON.stringify(duplicate.outcome));
    assert.equal(duplicate.writeAgain, false);

    const written = await admin(`/hook-deliveries/${landedId}/again`, {
      method: 'POST',
      body: { writeAgain: true },
    });
    assert.equal(written.status, 202, written.text);
    const rewritten = await finished(written.json.id);
    assert.equal(rewritten.writeAgain, true);
    assert.equal(rewritten.outcome[0].ok, true);
    assert.equal(rewritten.outcome[0].duplicate, false, JSON.stringify(rewritten.outcome));
    assert.equal(rewritten.outcome[0].created, false, 'the same post, written again');
    assert.equal((await readArticle(site.url, 'inspected-first')).length, 1);

    const unknown = await admin('/hook-deliveries/999999/again', { method: 'POST', body: {} });
    assert.equal(unknown.status, 404, unknown.text);
    const badBody = await admin(`/hook-deliveries/${landedId}/again`, {
      method: 'POST',
      body: { writeAgain: 'yes' },
    });
    assert.equal(badBody.status, 400, badBody.text);
  });

  it('a payload over the bound is not kept (the inspector says so) and cannot run again', async () => {
    const large = await send(post('large', { padding: 'x'.repeat(KEEP_PAYLOAD_KB * 1024) }));
    assert.equal(large.status, 200, large.text);
    const [listed] = await deliveries();
    assert.equal(listed.status, 'done');
    assert.equal(listed.payloadKept, false);
    const shown = await delivery(listed.id);
    assert.equal(shown.payload, null);
    assert.match(String(shown.payloadNote), new RegExp(`${KEEP_PAYLOAD_KB} KB`));
    const again = await admin(`/hook-deliveries/${listed.id}/again`, { method: 'POST', body: {} });
    assert.equal(again.status, 400, again.text);
    assert.match(again.text, /no longer kept/);
  });

  it('"Send a sample" previews the preset’s documented sample on the site’s real type, and writes nothing', async () => {
    const outrank = await admin('/hook-endpoints', {
      method: 'POST',
      body: { name: 'Outrank', preset: 'outrank', options: { status: 'publish' } },
    });
    assert.equal(outrank.status, 201, outrank.text);
    answers.length = 0;
    const sample = await admin(`/hook-endpoints/${outrank.json.endpoint.id}/sample`, { method: 'POST' });
    assert.equal(sample.status, 200, sample.text);
    const [article] = sample.json.articles;
    assert.equal(article.ok, true, sample.text);
    assert.equal(article.preview.dry_run, true);
    assert.equal(article.preview.target.content_type, 'api::article.article');
    const sent = PRESET_SAMPLES.outrank.payload.data as { articles: { title: string }[] };
    assert.equal(article.preview.values.title, sent.articles[0].title);
    assert.ok(
      sample.json.fieldMap.entries.some(
        (entry: { path: string; fields: string[] }) =>
          entry.path === 'data.articles[0].title' && entry.fields.includes('title')
      )
    );
    assert.equal((await readArticle(site.url, 'how-to-implement-webhooks')).length, 0, 'nothing written');
    // The Custom endpoint's own mapping (title at `name`) applies to its sample: refused, and why.
    const recorded = (await deliveries()).length;
    const custom = await admin(`/hook-endpoints/${endpoint.id}/sample`, { method: 'POST' });
    assert.equal(custom.status, 200, custom.text);
    assert.equal(custom.json.articles[0].ok, false, custom.text);
    assert.match(custom.json.articles[0].error.message, /title/);
    assert.equal((await deliveries()).length, recorded, 'a sample is not a delivery');
    const missing = await admin('/hook-endpoints/no-such-endpoint/sample', { method: 'POST' });
    assert.equal(missing.status, 404, missing.text);
  });

  it('rights: reading needs Read activity; running again needs the right that manages endpoints', async () => {
    const reader = await createAdminInNewRole(site.url, ownerToken, {
      role: 'Inspector reader',
      description: 'reads activity only',
      firstname: 'Rea',
      lastname: 'Der',
      email: 'reader@example.com',
    });
    await grantPluginActions(site.url, ownerToken, 'Inspector reader', ['activity.read']);
    const list = await admin(`/hook-endpoints/${endpoint.id}/deliveries`, { token: reader });
    assert.equal(list.status, 200, list.text);
    const again = await admin(`/hook-deliveries/${refusedId}/again`, {
      method: 'POST',
      body: {},
      token: reader,
    });
    assert.equal(again.status, 403, again.text);
  });

  it('no admin answer ever held a secret', () => {
    for (const answer of answers)
      for (const hidden of [SERVICE_KEY, IMAGE_TOKEN, secret]) assert.equal(answer.includes(hidden), false);
  });
});
