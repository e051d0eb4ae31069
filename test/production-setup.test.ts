import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { startCluster, type Cluster } from './helpers/cluster';
import { tableRows } from './helpers/databases';
import { request, type HttpResponse } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import { publishAtOnce, publishPost, readArticle } from './helpers/service';

const FAIL_MARKER = '[simulate-db-failure]';
/** Uploads of a file whose name holds this stop at the playground's file-row gate (see playground/src/index.js). */
const GATE_MARKER = 'crash-in-window';
const INSTANCES = 3;
/**
 * Every instance looks for orphan uploads each second; an entry is swept 15 s after it was journaled
 * (far longer than any upload here takes, and as long as a dead instance's lock lease).
 */
const ORPHAN_SWEEP = { everySeconds: 1, graceSeconds: 15 };

interface FileRow {
  id: number;
  name: string;
  url: string;
}

interface Imported {
  source_url: string;
  local_url: string;
  attachment_id: number;
}

/**
 * Issue #19: three playground instances on one PostgreSQL database behind nginx (round robin), media in
 * an S3 bucket through @strapi/provider-upload-aws-s3 against s3rver on loopback. Everything here is
 * started by the suite and stopped again; nothing is left running.
 */
describe('three instances behind nginx with media in S3', () => {
  let cluster: Cluster;
  let ownerToken: string;
  let key: string;
  const images = new ImageServer();
  /** What the file-row gate answers an upload about to insert its row (`kill` ends that instance); it may wait. */
  let gate: (req: http.IncomingMessage, answer: (text: string) => void) => void = (_req, answer) =>
    answer('continue');
  const files = async () =>
    ((await tableRows(cluster.database, 'files')) as unknown as FileRow[]).sort((a, b) => a.id - b.id);
  const publish = (body: unknown, localAddress?: string) => publishPost(cluster.url, key, body, localAddress);
  const bucketPrefix = () => `${cluster.s3.url}/${cluster.s3.bucket}/`;
  const waitFor = async (what: string, condition: () => Promise<boolean>) => {
    for (let attempt = 0; !(await condition()); attempt++) {
      assert.ok(attempt < 600, `timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /** The bucket holds exactly the objects the file rows point at: no orphan object, no row without its object. */
  async function assertBucketMatchesFileRows() {
    const [objects, referenced] = await Promise.all([cluster.s3.keys(), cluster.referencedKeys()]);
    assert.deepEqual(
      objects,
      referenced,
      'bucket objects and file rows (with their formats) match one to one'
    );
  }

  /** Bucket objects no file row points at (by its URL or a format's). */
  async function orphanObjects(): Promise<string[]> {
    const [objects, referenced] = await Promise.all([cluster.s3.keys(), cluster.referencedKeys()]);
    return objects.filter((object) => !referenced.includes(object));
  }

  /** When an instance last started the periodic orphan sweep (the plugin's store entry), 0 if none has. */
  async function lastSweepStartedAt(): Promise<number> {
    const rows = await tableRows(cluster.database, 'strapi_core_store_settings');
    const entry = rows.find((row) => row.key === 'plugin_article-publisher_orphan-sweep');
    return entry ? Number((JSON.parse(String(entry.value)) as { startedAt: number }).startedAt) : 0;
  }

  /** An image URL answered by the S3 server itself, with an image. */
  async function assertServedFromBucket(url: string) {
    assert.ok(url.startsWith(bucketPrefix()), `${url} is the provider's absolute URL`);
    const served = await request(url, { headers: { accept: '*/*' } });
    assert.equal(served.status, 200, `${url} answers 200`);
    assert.match(String(served.headers['content-type']), /^image\//);
  }

  before(async () => {
    await images.start();
    cluster = await startCluster({
      instances: INSTANCES,
      env: {
        // The test image server is plain http on loopback.
        ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
        ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true',
        PLAYGROUND_FAIL_WRITES_MARKER: FAIL_MARKER,
        PLAYGROUND_FILE_ROW_GATE_MARKER: GATE_MARKER,
        PLAYGROUND_FILE_ROW_GATE_URL: images.route('/gate', (req, res) =>
          gate(req, (text) => res.writeHead(200, { 'content-type': 'text/plain' }).end(text))
        ),
        PLAYGROUND_PLUGIN_CONFIG: JSON.stringify({ orphanSweep: ORPHAN_SWEEP }),
      },
    });
    ownerToken = await registerSuperAdmin(cluster.instances[0].url);
    const generated = await request(`${cluster.instances[0].url}/article-publisher/api-key`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    key = generated.json.key;
  });
  after(async () => {
    const startedIn = cluster?.startedInMs;
    const stoppedIn = await cluster?.stop();
    await images.stop();
    if (cluster) console.log(`# production setup: started in ${startedIn} ms, stopped in ${stoppedIn} ms`);
  });

  it('puts featured and inline images published through the proxy in the bucket, links them by the provider URL, and a republish through another instance uploads nothing', async () => {
    const hero = images.file('/p/hero.jpg', await makeImage('jpeg', 800, 500, 60), 'image/jpeg');
    const chart = images.file('/p/chart.png', await makeImage('png', 640, 400, 61), 'image/png');
    const photo = images.file('/p/photo.webp', await makeImage('webp', 300, 200, 62), 'image/webp');
    const body = {
      title: 'Behind the proxy',
      slug: 'behind-the-proxy',
      status: 'publish',
      featured_image: hero,
      featured_image_alt: 'hero',
      content: `<h2>One</h2><img src="${chart}" alt="chart"><p>two</p><img src="${photo}" alt="photo">`,
    };
    const filesBefore = (await files()).length;

    const first = await publish(body);
    assert.equal(first.status, 201, first.text);
    assert.equal(first.json.featured_image_result, 'success');
    const imported = first.json.inline_images_result.imported as Imported[];
    assert.equal(imported.length, 2);
    const [post] = await readArticle(cluster.url, 'behind-the-proxy', 'published');
    for (const image of imported) {
      assert.ok(post.content.includes(`src="${image.local_url}"`), `the body links ${image.local_url}`);
      await assertServedFromBucket(image.local_url);
    }
    await assertServedFromBucket(post.cover.url);
    assert.equal((await files()).length, filesBefore + 3, 'three images, three file rows');
    await assertBucketMatchesFileRows();

    const objectsBefore = await cluster.s3.keys();
    const hitsBefore = images.totalHits();
    const again = await publish(body);
    assert.equal(again.status, 200, again.text);
    assert.notEqual(
      cluster.instanceBehind(again.headers),
      cluster.instanceBehind(first.headers),
      'the republish was served by another instance'
    );
    assert.deepEqual(again.json.inline_images_result.imported, imported, 'the same files at the same URLs');
    assert.equal((await files()).length, filesBefore + 3, 'no new file row');
    assert.deepEqual(await cluster.s3.keys(), objectsBefore, 'no new object');
    assert.equal(images.totalHits(), hitsBefore, 'nothing fetched again');
  });

  it('ends 50 concurrent publishes of one slug, spread over the three instances, with one post and each image object once', async () => {
    const hero = images.file('/c/hero.jpg', await makeImage('jpeg', 800, 500, 70), 'image/jpeg');
    const inline = images.file('/c/inline.png', await makeImage('png', 600, 300, 71), 'image/png');
    const small = images.file('/c/small.gif', await makeImage('gif', 120, 80, 72), 'image/gif');
    const body = {
      title: 'Fifty through the proxy',
      slug: 'fifty-through-the-proxy',
      status: 'publish',
      featured_image: hero,
      content: `<p>a</p><img src="${inline}" alt="i"><p>b</p><img src="${small}" alt="s">`,
    };
    const filesBefore = (await files()).length;

    const responses = await publishAtOnce([cluster.url], key, body, 50);
    const servedBy = new Set(responses.map((response) => cluster.instanceBehind(response.headers)));
    assert.equal(servedBy.size, INSTANCES, 'every instance took part');

    assert.equal((await readArticle(cluster.url, 'fifty-through-the-proxy', 'draft')).length, 1);
    assert.equal((await readArticle(cluster.url, 'fifty-through-the-proxy', 'published')).length, 1);
    const newFiles = (await files()).slice(filesBefore);
    assert.equal(newFiles.length, 3, 'each image uploaded once');
    for (const response of responses) {
      const ids = (response.json.inline_images_result.imported as Imported[]).map(
        (image) => image.attachment_id
      );
      for (const id of ids)
        assert.ok(
          newFiles.some((file) => file.id === id),
          'every response names one of those files'
        );
    }
    await assertBucketMatchesFileRows();
  });

  it('removes, after a failed publish, only the objects it created: an image another publish reused meanwhile stays', async () => {
    const shared = images.file('/f/shared.jpg', await makeImage('jpeg', 640, 400, 80), 'image/jpeg');
    const own = images.file('/f/own.png', await makeImage('png', 300, 200, 81), 'image/png');
    const slowBytes = await makeImage('webp', 200, 120, 82);
    let releaseSlow: () => void = () => undefined;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const slow = images.route('/f/slow.webp', (_req, res) => {
      void slowGate.then(() => res.writeHead(200, { 'content-type': 'image/webp' }).end(slowBytes));
    });
    const filesBefore = (await files()).length;

    // A fails in its write step, after its images are in; it is held on the slow image until B is done.
    const doomed = publish({
      title: `Post A ${FAIL_MARKER}`,
      slug: 'failing-post-a',
      featured_image: shared,
      content: `<p>a</p><img src="${own}" alt="own"><p>b</p><img src="${slow}" alt="slow">`,
    });
    await waitFor('A uploaded its two fast images', async () => (await files()).length >= filesBefore + 2);
    const sharedFile = (await files()).find((file) => file.name.startsWith('shared-'));
    assert.ok(sharedFile, 'A uploaded the shared image');

    // B (another slug, through the proxy: another instance) reuses the file A has just uploaded.
    const kept = await publish({
      title: 'Post B',
      slug: 'kept-post-b',
      featured_image: shared,
      content: `<p>b</p><img src="${shared}" alt="shared">`,
    });
    assert.equal(kept.status, 201, kept.text);
    const [keptImage] = kept.json.inline_images_result.imported as Imported[];
    assert.equal(keptImage.attachment_id, sharedFile.id, 'B reused the file A uploaded');

    releaseSlow();
    const failed: HttpResponse = await doomed;
    assert.equal(failed.status, 500, failed.text);
    assert.equal(failed.json.code, 'publish_failed');
    assert.notEqual(
      cluster.instanceBehind(failed.headers),
      cluster.instanceBehind(kept.headers),
      'A and B ran on different instances'
    );

    const [post] = await readArticle(cluster.url, 'kept-post-b');
    assert.equal(post.cover?.id, sharedFile.id, 'B keeps its cover');
    await assertServedFromBucket(post.cover.url);
    assert.ok(post.content.includes(keptImage.local_url));
    await assertServedFromBucket(keptImage.local_url);
    const left = (await files()).slice(filesBefore);
    assert.deepEqual(
      left.map((file) => file.id),
      [sharedFile.id],
      'the images only A used are gone'
    );
    assert.equal((await readArticle(cluster.url, 'failing-post-a')).length, 0);
    await assertBucketMatchesFileRows();
  });

  it('throttles failed keys by the client address the proxy saw: only that address, never the right key', async () => {
    const ping = (localAddress: string, presented: string, headers: Record<string, string> = {}) =>
      request(`${cluster.url}/api/service/v1/ping`, {
        headers: { 'X-Service-Key': presented, ...headers },
        localAddress,
      });
    const attacker = '127.0.0.2';
    const bystander = '127.0.0.3';

    const refused = [];
    for (let n = 0; n < 20; n++) refused.push(await ping(attacker, `wrong-key-${n}`));
    assert.deepEqual(
      refused.map((response) => response.status),
      Array(20).fill(403),
      'the first 20 failures are refused as wrong keys'
    );
    assert.equal(
      new Set(refused.map((response) => cluster.instanceBehind(response.headers))).size,
      INSTANCES,
      'spread over every instance'
    );
    const throttled = await ping(attacker, 'wrong-key-20');
    assert.equal(throttled.status, 429, throttled.text);
    assert.ok(Number(throttled.headers['retry-after']) > 0);
    // A header the client sends itself does not give it another address: only the proxy's entry counts.
    const spoofed = await ping(attacker, 'wrong-key-21', { 'X-Forwarded-For': '203.0.113.9' });
    assert.equal(spoofed.status, 429, spoofed.text);

    const clients = (await tableRows(cluster.database, 'article_publisher_auth_failures')).map(
      (row) => row.client
    );
    assert.deepEqual(
      [...new Set(clients)],
      [attacker],
      "failures are counted against the client address, not the proxy's"
    );

    const other = await ping(bystander, 'wrong-key');
    assert.equal(other.status, 403, 'another client address is not throttled');
    for (let n = 0; n < INSTANCES; n++) {
      const allowed = await ping(attacker, key);
      assert.equal(allowed.status, 200, `the right key passes on every instance: ${allowed.text}`);
    }
  });

  it('honours a key rotated in the admin of one instance on the other two within 1 s', async () => {
    const [admin, ...others] = cluster.instances;
    const old = key;
    const rotated = await request(`${admin.url}/article-publisher/api-key`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    assert.equal(rotated.status, 200, rotated.text);
    key = rotated.json.key;
    const rotatedAt = Date.now();
    const status = async (instance: Playground, presented: string) =>
      (await request(`${instance.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': presented } }))
        .status;
    for (const instance of others) {
      await waitFor(
        'the rotated key is honoured',
        async () => (await status(instance, key)) === 200 && (await status(instance, old)) === 403
      );
    }
    const elapsed = Date.now() - rotatedAt;
    console.log(`# key rotation honoured by the other instances after ${elapsed} ms`);
    assert.ok(elapsed < 1000, `honoured after ${elapsed} ms`);
  });

  it('never removes an upload still in progress: the sweeps every instance runs meanwhile leave its objects, and the publish completes', async () => {
    const heldImage = images.file(
      `/h/held-${GATE_MARKER}.png`,
      await makeImage('png', 640, 400, 90),
      'image/png'
    );
    let openGate: () => void = () => undefined;
    const gateOpen = new Promise<void>((resolve) => (openGate = resolve));
    let reachedGate: () => void = () => undefined;
    const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
    gate = (_req, answer) => {
      reachedGate();
      void gateOpen.then(() => answer('continue'));
    };
    const objectsBefore = await cluster.s3.keys();

    const pending = publish({
      title: 'Held between write and row',
      slug: 'held-between-write-and-row',
      status: 'publish',
      content: `<p>held</p><img src="${heldImage}" alt="held">`,
    });
    // The provider has written the image and its formats; Strapi waits at the gate to insert the row.
    await atGate;
    const reachedAt = Date.now();
    const written = (await cluster.s3.keys()).filter((object) => !objectsBefore.includes(object));
    assert.equal(written.length, 3, `the image and its two formats are in the bucket: ${written}`);
    assert.deepEqual(await orphanObjects(), written, 'with no file row yet');
    // Sweeps run every second on every instance: let two periods pass after the upload reached the gate.
    await waitFor('two sweeps ran while the upload was held', async () => {
      return (await lastSweepStartedAt()) > reachedAt + 1000;
    });
    assert.deepEqual(
      (await cluster.s3.keys()).filter((object) => !objectsBefore.includes(object)),
      written,
      'no object of the upload in progress was removed'
    );

    openGate();
    const done = await pending;
    assert.equal(done.status, 201, done.text);
    const [image] = done.json.inline_images_result.imported as Imported[];
    await assertServedFromBucket(image.local_url);
    await assertBucketMatchesFileRows();
    assert.deepEqual(
      await tableRows(cluster.database, 'article_publisher_upload_journal'),
      [],
      "the upload's journal entries went once its row existed"
    );
    gate = (_req, answer) => answer('continue');
  });

  it('survives kill -9 of the instance holding a 20-image publish, between an image written and its row: the retry through the proxy makes one post, and a sweep on one survivor leaves the bucket matching the file rows', async () => {
    const sources: string[] = [];
    for (let n = 0; n < 19; n++) {
      // A few large enough for Strapi's formats (thumbnail, small), whose objects must be accounted for too.
      const [width, height] = n % 5 === 0 ? [640, 400] : [160, 100];
      sources.push(
        images.file(`/k/fast-${n}.png`, await makeImage('png', width, height, 100 + n), 'image/png')
      );
    }
    // The last image, with its two formats, is written by the provider; then its instance dies (at the
    // gate) before Strapi inserts the file row.
    const slowBytes = await makeImage('jpeg', 640, 400, 120);
    let releaseSlow: () => void = () => undefined;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    sources.push(
      images.route(`/k/slow-${GATE_MARKER}.jpg`, (_req, res) => {
        void slowGate.then(() => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(slowBytes));
      })
    );
    const body = {
      title: 'Twenty images, one crash',
      slug: 'twenty-images-one-crash',
      status: 'publish',
      content: sources.map((src, n) => `<p>${n}</p><img src="${src}" alt="image ${n}">`).join(''),
    };
    const filesBefore = (await files()).length;
    assert.deepEqual(await orphanObjects(), [], 'no orphan object before the crash');

    const holder = await cluster.nextInstance();
    const doomed = publish(body);
    await waitFor(
      'the holder uploaded the 19 fast images',
      async () => (await files()).length >= filesBefore + 19
    );
    const exited = new Promise((resolve) => holder.process.once('exit', (_code, signal) => resolve(signal)));
    gate = (_req, answer) => {
      gate = (_next, answerNext) => answerNext('continue');
      answer('kill');
    };
    releaseSlow();
    const lost = await doomed;
    assert.equal(lost.status, 502, 'the proxy reports the instance gone');
    assert.equal(
      cluster.instanceBehind(lost.headers),
      holder,
      'the killed instance was the one holding the publish'
    );
    assert.equal(await exited, 'SIGKILL', 'the holder was killed at the gate');
    const left = await orphanObjects();
    assert.equal(
      left.length,
      3,
      `the image and its two formats are in the bucket without a file row: ${left}`
    );
    // The journal names each, and the formats Strapi may make of an image that this one was too small
    // for (written at the upload's first write, issue #62): the sweep removes every entry's object.
    const journaledAtCrash = (await tableRows(cluster.database, 'article_publisher_upload_journal')).map(
      (entry) => `${String(entry.hash)}${String(entry.ext)}`
    );
    for (const object of left)
      assert.ok(
        journaledAtCrash.some((entry) => object.endsWith(entry)),
        `the journal names ${object}`
      );

    // The killed holder's lock lapses after its lease (15 s); the retry waits for it, then reuses its uploads.
    const retried = await publish(body);
    assert.equal(retried.status, 201, retried.text);
    assert.notEqual(cluster.instanceBehind(retried.headers), holder);
    const imported = retried.json.inline_images_result.imported as Imported[];
    assert.equal(imported.length, 20);
    assert.equal((await readArticle(cluster.url, 'twenty-images-one-crash', 'draft')).length, 1, 'one post');
    const [post] = await readArticle(cluster.url, 'twenty-images-one-crash', 'published');
    for (const image of imported) {
      assert.ok(post.content.includes(`src="${image.local_url}"`));
      await assertServedFromBucket(image.local_url);
    }
    const newFiles = (await files()).slice(filesBefore);
    assert.deepEqual(
      newFiles.map((file) => file.id).sort((a, b) => a - b),
      imported.map((image) => image.attachment_id).sort((a, b) => a - b),
      'every file row made since the start is used by the post'
    );

    // Past the grace period, one of the two survivors' periodic sweeps removes them through the provider.
    await waitFor('the orphan objects are swept', async () => (await orphanObjects()).length === 0);
    await assertBucketMatchesFileRows();
    assert.deepEqual(await tableRows(cluster.database, 'article_publisher_upload_journal'), []);
    const removed = cluster.instances
      .filter((instance) => instance !== holder)
      .flatMap((instance) =>
        [
          ...instance.output().matchAll(/removed (\d+) journaled object\(s\) that interrupted uploads left/g),
        ].map((match) => Number(match[1]))
      );
    // Each entry's object is removed once, by whichever survivor's sweep finds the entry past the grace
    // period: entries written a moment apart may be found by two sweeps (seen in CI: 2 then 1). No
    // object is removed twice, and none is left (the bucket matches the file rows, above).
    assert.equal(
      removed.reduce((sum, count) => sum + count, 0),
      journaledAtCrash.length,
      `the survivors' sweeps removed each journaled object once: ${removed}`
    );
    assert.ok(removed.length <= 3 && removed.every((count) => count > 0), `${removed}`);
  });
});
