import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { createTestDatabase, tableRows, type TestDatabase } from './helpers/databases';
import {
  hookSample,
  postHook,
  queueRows,
  serviceHeaders,
  waitForDelivery,
  waitForQueue,
} from './helpers/hooks';
import { request } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

const ENDPOINT_ID = 'queue-babylovegrowth-0123456789';
const SECRET = 'queue-secret-abcdefghijklmnop';
const HOOK_PATH = `/api/service/v1/hooks/${ENDPOINT_ID}`;
/** How long an image fetch may take here: a hanging host gives up after it. */
const IMAGE_TIMEOUT_MS = 6_000;

const playgroundOptions = (database: TestDatabase) => ({
  database,
  env: { ARTICLE_PUBLISHER_ALLOW_HTTP: 'true', ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true' },
  pluginConfig: {
    webhookEndpoints: [{ id: ENDPOINT_ID, preset: 'babylovegrowth', secret: SECRET, name: 'BabyLoveGrowth' }],
    // A short lease, so a crashed instance's delivery is taken over within seconds; quick retries.
    hookQueue: { leaseSeconds: 3, pollMs: 200, retryBaseSeconds: 1, retryMaxSeconds: 2, concurrency: 2 },
    images: { timeoutMs: IMAGE_TIMEOUT_MS },
  },
});

/** BabyLoveGrowth's documented sample, as another article. */
function article(id: number, slug: string, heroImageUrl?: string): string {
  const body = JSON.parse(hookSample('babylovegrowth'));
  return JSON.stringify({
    ...body,
    id,
    slug,
    title: `Queued article ${slug}`,
    content_html: `<h1>Queued article ${slug}</h1><h2>Part</h2><p>Body of ${slug}.</p>`,
    heroImageUrl: heroImageUrl ?? null,
  });
}

const deliver = (site: Playground, body: string) =>
  postHook(site.url, HOOK_PATH, body, serviceHeaders('babylovegrowth', body, SECRET));

/**
 * An image route whose first request is held unanswered (its import is under way) until `release`, and
 * later ones served.
 */
function holdFirst(images: ImageServer, path: string, bytes: Buffer) {
  let arrived: () => void = () => undefined;
  const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
  const held: http.ServerResponse[] = [];
  const send = (res: http.ServerResponse) =>
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length }).end(bytes);
  const url = images.route(path, (_req, res) => {
    if (held.length === 0) {
      held.push(res);
      arrived();
      return;
    }
    send(res);
  });
  return { url, firstArrived, release: () => held.forEach(send) };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)
    ),
  ]);

describe('custom webhooks: the durable queue (issue #42)', () => {
  let database: TestDatabase;
  let site: Playground;
  const images = new ImageServer();
  const ledger = async (slug: string) =>
    (await tableRows(database, 'article_publisher_deliveries')).filter((row) => row.slug === slug);

  before(async () => {
    await images.start();
    database = await createTestDatabase();
    site = await startPlayground(playgroundOptions(database));
  });
  after(async () => {
    await site?.stop();
    await images.stop();
    await database?.drop();
  });

  it('answers a delivery once stored, and a kill -9 before its import loses nothing: processed after restart, once', async () => {
    const hero = holdFirst(images, '/crash/hero.jpg', await makeImage('jpeg', 320, 200, 901));
    const slug = 'queued-through-a-crash';
    const response = await deliver(site, article(901, slug, hero.url));
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.received, true);
    assert.equal(response.json.queued, true);
    assert.equal(response.json.status, 'queued');
    const id = response.json.deliveryId as number;
    assert.equal(typeof id, 'number');
    // The import is under way (its image is being fetched), and nothing is written yet.
    await within(hero.firstArrived, 30_000, 'the worker fetching the hero image');
    const [row] = (await queueRows(database)).filter((each) => each.id === id);
    assert.equal(row.status, 'processing');
    assert.equal(row.attempts, 1);
    assert.equal(row.endpointId, ENDPOINT_ID);
    assert.equal(JSON.stringify(row.payload).includes(SECRET), false, 'the secret is never stored');
    assert.deepEqual(row.headers, {}, 'no credential header is stored');
    assert.equal((await readArticle(site.url, slug)).length, 0);

    const exited = new Promise((resolve) => site.process.once('exit', resolve));
    site.process.kill('SIGKILL');
    await exited;
    await site.stop();
    site = await startPlayground(playgroundOptions(database));

    const done = await waitForDelivery(database, id);
    assert.equal(done.status, 'done', JSON.stringify(done));
    assert.equal(done.attempts, 2, 'claimed again once the dead instance lease ran out');
    // Kept for the delivery inspector (issue #59) within hookQueue.keepPayloadDays and keepPayloadKb.
    assert.deepEqual(
      done.payload,
      row.payload,
      'a done delivery keeps its outcome, and its payload as received'
    );
    assert.deepEqual(
      done.outcome.map((line) => [line.ok, line.created, line.duplicate]),
      [[true, true, false]]
    );
    const posts = await readArticle(site.url, slug);
    assert.equal(posts.length, 1);
    assert.ok(posts[0].cover, 'the hero image was imported');
    assert.equal(images.hits.get('/crash/hero.jpg'), 2, 'one fetch per try');
    assert.equal((await ledger(slug)).length, 1);

    // Later polls and leases do not process it again.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    assert.equal((await readArticle(site.url, slug)).length, 1);
    assert.equal((await ledger(slug)).length, 1);
    assert.equal(images.hits.get('/crash/hero.jpg'), 2);
    assert.equal((await queueRows(database)).filter((each) => each.id === id)[0].attempts, 2);

    // Visible in Activity with its endpoint, event and outcome.
    const token = await registerSuperAdmin(site.url);
    const listed = await request(`${site.url}/article-publisher/activity/hook-queue?status=done`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(listed.status, 200, listed.text);
    const entry = listed.json.results.find((each: { id: number }) => each.id === id);
    assert.ok(entry, listed.text);
    assert.equal(entry.endpointId, ENDPOINT_ID);
    assert.equal(entry.endpointName, 'BabyLoveGrowth');
    assert.equal(entry.preset, 'babylovegrowth');
    assert.equal(entry.event, 'publish');
    assert.equal(entry.status, 'done');
    assert.equal(entry.attempts, 2);
    assert.equal(entry.outcome[0].postId, posts[0].id);
    assert.equal('payload' in entry, false);
  });

  it('runs the deliveries of one article in the order received: an update never lands before its publish', async () => {
    const hero = holdFirst(images, '/order/hero.jpg', await makeImage('jpeg', 320, 200, 931));
    const slug = 'queued-in-order';
    const first = await deliver(site, article(931, slug, hero.url));
    assert.equal(first.status, 200, first.text);
    await within(hero.firstArrived, 30_000, 'the first delivery importing its image');
    // The update (same id, new title) arrives while the first is still importing; a worker is free.
    const update = JSON.stringify({ ...JSON.parse(article(931, slug)), title: 'Queued in order, updated' });
    const second = await deliver(site, update);
    assert.equal(second.status, 200, second.text);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const waiting = (await queueRows(database)).find((row) => row.id === second.json.deliveryId);
    assert.equal(waiting?.status, 'queued', 'the update waits for the delivery before it');
    assert.equal(waiting?.attempts, 0);
    hero.release();
    const done = await waitForDelivery(database, second.json.deliveryId);
    assert.equal(done.status, 'done', JSON.stringify(done));
    assert.equal((await waitForDelivery(database, first.json.deliveryId)).status, 'done');
    const posts = await readArticle(site.url, slug);
    assert.equal(posts.length, 1);
    assert.equal(posts[0].title, 'Queued in order, updated');
    assert.deepEqual(
      done.outcome.map((line) => [line.ok, line.created]),
      [[true, false]]
    );
  });

  it('a hanging and a failing image host do not block the queue: later deliveries land meanwhile', async () => {
    let hung = 0;
    const hanging = images.route('/hang/hero.jpg', () => void (hung += 1)); // never answers
    const failing = images.route('/fail/hero.jpg', (_req, res) => res.writeHead(500).end('down'));
    const a = await deliver(site, article(911, 'queued-behind-a-hanging-host', hanging));
    assert.equal(a.status, 200, a.text);
    const deadline = Date.now() + 30_000;
    while (hung === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(hung, 1, 'the first delivery is fetching from the hanging host');
    const b = await deliver(site, article(912, 'queued-with-a-failing-host', failing));
    const c = await deliver(site, article(913, 'queued-without-an-image'));
    assert.equal(b.status, 200, b.text);
    assert.equal(c.status, 200, c.text);

    const rows = await waitForQueue(
      database,
      (all) =>
        [b.json.deliveryId, c.json.deliveryId].every(
          (id) => all.find((row) => row.id === id)?.status === 'done'
        ),
      'the deliveries after the hanging one',
      IMAGE_TIMEOUT_MS - 1_000
    );
    assert.equal(rows.find((row) => row.id === a.json.deliveryId)?.status, 'processing', 'still hanging');
    assert.equal((await readArticle(site.url, 'queued-with-a-failing-host')).length, 1);
    assert.equal((await readArticle(site.url, 'queued-without-an-image')).length, 1);
    assert.equal((await readArticle(site.url, 'queued-behind-a-hanging-host')).length, 0);

    // The hanging host is given up on after images.timeoutMs: that article lands without its image.
    const first = await waitForDelivery(database, a.json.deliveryId);
    assert.equal(first.status, 'done', JSON.stringify(first));
    const [post] = await readArticle(site.url, 'queued-behind-a-hanging-host');
    assert.ok(post);
    assert.equal(post.cover ?? null, null);
    const [entry] = await ledger('queued-behind-a-hanging-host');
    assert.match(String(entry.warnings), /featured image/);
  });

  it('retries a temporary failure later, then lands once; an article the site refuses is answered 400 and never stored', async () => {
    const slug = 'queued-behind-a-held-lock';
    // Another delivery holds the post's lock and never lets go: the publish gives up with a 503.
    const lock = { lock_key: `post:api::article.article:${slug}` };
    const connection = database.connect();
    try {
      await connection('article_publisher_locks').insert({
        ...lock,
        owner: 'another-delivery',
        expires_at: Date.now() + 3_600_000,
      });
      const response = await deliver(site, article(921, slug));
      assert.equal(response.status, 200, response.text);
      const id = response.json.deliveryId as number;
      // The first try waits for the lock (a minute), then gives up: the delivery waits for its next try.
      const [waiting] = (
        await waitForQueue(
          database,
          (all) => all.some((row) => row.id === id && row.problem !== null),
          'the first try failing',
          90_000
        )
      ).filter((row) => row.id === id);
      assert.match(String(waiting.problem), /in progress/);
      assert.equal((await readArticle(site.url, slug)).length, 0);
      await connection('article_publisher_locks').where(lock).delete();
      const done = await waitForDelivery(database, id, 30_000);
      assert.equal(done.status, 'done', JSON.stringify(done));
      assert.equal(done.attempts, 2);
      assert.equal(done.problem, null);
    } finally {
      await connection('article_publisher_locks').where(lock).delete();
      await connection.destroy();
    }
    assert.equal((await readArticle(site.url, slug)).length, 1);
    assert.equal((await ledger(slug)).length, 1);

    // An article without a title is refused before it is queued: the service is told now (400). The
    // delivery inspector (issue #59) records the refusal, finished: nothing of it waits in the queue.
    const untitled = JSON.stringify({ ...JSON.parse(article(922, 'queued-untitled')), title: '' });
    const before = await queueRows(database);
    const refused = await deliver(site, untitled);
    assert.equal(refused.status, 400, refused.text);
    const added = (await queueRows(database)).filter((row) => !before.some((each) => each.id === row.id));
    assert.deepEqual(
      added.map((row) => [row.status, row.attempts]),
      [['failed', 1]],
      'one finished record of the refusal, never queued'
    );
  });
});
