import assert from 'node:assert/strict';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { createTestDatabase, tableRows, type TestDatabase } from './helpers/databases';
import { request } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { uploadsDir } from './helpers/paths';
import { startPlayground, type Playground } from './helpers/playground';
import { countArticles, publishAtOnce, publishPost, readArticle } from './helpers/service';
import { deliver } from './helpers/webhook';

const SECRET = 'whsec-multi-instance-0123456789abcdef';
/** Uploads of a file whose name holds this stop at the playground's file-row gate (see playground/src/index.js). */
const GATE_MARKER = 'crash-in-window';

interface FileRow {
  url: string;
  formats: string | Record<string, { url: string }> | null;
}

/** Two playground processes on one PostgreSQL database, as a site behind a load balancer runs. */
describe('two Strapi instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let a: Playground;
  let b: Playground;
  /** Instances started later, on the same database, to show what a start does. */
  const later: Playground[] = [];
  /** Files the uploads folder held before this suite started (other suites' leftovers). */
  let uploadsBefore: Set<string>;
  /** What the file-row gate answers an upload about to insert its row: `kill` ends that instance. */
  let gateAnswer: (req: http.IncomingMessage) => string = () => 'continue';
  let key: string;
  let ownerToken: string;
  const images = new ImageServer();
  /** The upload plugin's file rows in id order (a table scan returns updated rows in no set order). */
  const files = async () => (await tableRows(database, 'files')).sort((x, y) => Number(x.id) - Number(y.id));
  /** Media-source rows that name their library file: imports whose upload was recorded. */
  const recordedImports = async () =>
    (await tableRows(database, 'article_publisher_media_sources')).filter((row) => row.file_id !== null)
      .length;
  /**
   * Files this suite put in the uploads folder that no file row points at (by its URL or a format's):
   * what a crash between the provider's write and the row insert leaves.
   */
  const orphanUploads = async () => {
    const referenced = new Set<string>();
    for (const row of (await tableRows(database, 'files')) as unknown as FileRow[]) {
      const formats =
        typeof row.formats === 'string'
          ? (JSON.parse(row.formats) as Record<string, { url: string }>)
          : (row.formats ?? {});
      for (const url of [row.url, ...Object.values(formats).map((format) => format.url)])
        referenced.add(path.basename(url));
    }
    return fs
      .readdirSync(uploadsDir)
      .filter((name) => !uploadsBefore.has(name) && !referenced.has(name))
      .sort();
  };

  const env: Record<string, string> = {
    ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET,
    ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
    ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true',
    PLAYGROUND_FILE_ROW_GATE_MARKER: GATE_MARKER,
  };

  before(async () => {
    await images.start();
    env.PLAYGROUND_FILE_ROW_GATE_URL = images.route('/gate', (req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end(gateAnswer(req))
    );
    uploadsBefore = new Set(fs.readdirSync(uploadsDir));
    database = await createTestDatabase('postgres');
    a = await startPlayground({ env, database });
    b = await startPlayground({ env, database });
    ownerToken = await registerSuperAdmin(a.url);
    const generated = await request(`${a.url}/article-publisher/api-key`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    key = generated.json.key;
  });
  after(async () => {
    await a?.stop();
    await b?.stop();
    for (const instance of later) await instance.stop();
    await database?.drop();
    await images.stop();
  });

  it('ends 50 concurrent publishes of one new slug, spread over both instances, with one post', async () => {
    const body = {
      title: 'Fifty at once',
      slug: 'fifty-at-once',
      content: '<p>same</p>',
      status: 'publish',
      category: 'Load',
    };
    await publishAtOnce([b.url, a.url], key, body, 50);
    assert.equal((await readArticle(a.url, 'fifty-at-once', 'draft')).length, 1);
    assert.equal((await readArticle(b.url, 'fifty-at-once', 'published')).length, 1);
  });

  it('treats the same webhook delivery sent to both instances 10 times as one: one post, no extra media', async () => {
    const hero = images.file('/w/hero.jpg', await makeImage('jpeg', 300, 200, 40), 'image/jpeg');
    const inline = images.file('/w/inline.png', await makeImage('png', 200, 200, 41), 'image/png');
    const body = JSON.stringify({
      event: 'article.published',
      article_id: 4242,
      website_id: 7,
      title: 'Delivered twice over',
      slug: 'delivered-twice-over',
      html_content: `<h2>One</h2><img src="${inline}" alt="inline"><p>text</p>`,
      featured_image: hero,
      featured_image_alt: 'hero',
      target_status: 'publish',
    });
    const filesBefore = (await files()).length;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) => deliver((n % 2 ? a : b).url, body, SECRET))
    );
    for (const response of responses) assert.equal(response.status, 200, response.text);
    assert.equal(responses.filter((r) => r.json.duplicate === false).length, 1, 'one delivery did the work');
    assert.equal(await countArticles(a.url, 'draft'), 2);
    assert.equal((await readArticle(b.url, 'delivered-twice-over', 'draft')).length, 1);
    assert.equal((await files()).length, filesBefore + 2, 'exactly the two images were uploaded');
    assert.equal(images.hits.get('/w/hero.jpg'), 1);
    assert.equal(images.hits.get('/w/inline.png'), 1);
  });

  it('refuses a key regenerated through instance A on instance B at once, and accepts the new one there', async () => {
    const old = key;
    assert.equal(
      (await request(`${b.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': old } })).status,
      200
    );
    const regenerated = await request(`${a.url}/article-publisher/api-key`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    key = regenerated.json.key;
    // No wait at all: B reads the key's digest from the database on every request.
    assert.equal(
      (await request(`${b.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': old } })).status,
      403
    );
    assert.equal(
      (await request(`${b.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': key } })).status,
      200
    );
  });

  it('survives an instance killed between the provider writing an image and Strapi inserting its row: the retry on the other makes one post, and a later start removes what the killed upload left', async () => {
    const fastJpeg = images.file('/k/fast.jpg', await makeImage('jpeg', 320, 200, 50), 'image/jpeg');
    const fastPng = images.file('/k/fast.png', await makeImage('png', 160, 160, 51), 'image/png');
    // Large enough for Strapi's thumbnail and small formats: the killed upload writes three files.
    const slowBytes = await makeImage('webp', 640, 400, 52);
    let releaseSlow: () => void = () => undefined;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const slow = images.route(`/k/slow-${GATE_MARKER}.webp`, (_req, res) => {
      void slowGate.then(() => res.writeHead(200, { 'content-type': 'image/webp' }).end(slowBytes));
    });
    const body = {
      title: 'Interrupted',
      slug: 'interrupted',
      status: 'publish',
      content: `<p>a</p><img src="${fastJpeg}" alt="j"><p>b</p><img src="${fastPng}" alt="p"><p>c</p><img src="${slow}" alt="s">`,
    };
    const filesBefore = (await files()).length;
    const recordedBefore = await recordedImports();
    assert.deepEqual(await orphanUploads(), [], 'no orphan file before the crash');

    const doomed = publishPost(a.url, key, body).catch((error: Error) => error);
    // Wait until A has uploaded and recorded the two fast images and is stuck on the slow one.
    for (
      let attempt = 0;
      (await files()).length < filesBefore + 2 || (await recordedImports()) < recordedBefore + 2;
      attempt++
    ) {
      assert.ok(attempt < 400, 'instance A never uploaded the fast images');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Then A fetches the slow image, its provider writes it and its formats, and A is killed (kill -9)
    // just before Strapi inserts the file row: the window a crash leaves files without a row in.
    const exited = new Promise((resolve) => a.process.once('exit', (_code, signal) => resolve(signal)));
    gateAnswer = () => {
      gateAnswer = () => 'continue';
      return 'kill';
    };
    releaseSlow();
    assert.equal(await exited, 'SIGKILL', 'instance A was killed at the gate');
    assert.ok((await doomed) instanceof Error, 'the request to the killed instance failed');
    const left = await orphanUploads();
    assert.equal(left.length, 3, `the image and its two formats are on disk without a file row: ${left}`);
    // The journal names each of them. It was written at the upload's first write, with every format
    // Strapi may make of the image (thumbnail and breakpoints, issue #62): those the image was too small
    // for were never written, and are the only other entries.
    const journaled = (await tableRows(database, 'article_publisher_upload_journal')).map(
      (entry) => `${String(entry.hash)}${String(entry.ext)}`
    );
    for (const file of left) assert.ok(journaled.includes(file), `the upload journal names ${file}`);
    const [original] = left.filter((file) => file.startsWith('slow_'));
    assert.deepEqual(
      journaled.filter((entry) => !left.includes(entry)).sort(),
      ['large', 'medium', 'small', 'thumbnail']
        .map((format) => `${format}_${original}`)
        .filter((entry) => !left.includes(entry)),
      'the other entries are the formats Strapi did not make of that image'
    );

    // The lock A held expires (its lease is 15 s); the retry on B waits for it, then reuses A's uploads.
    const retried = await publishPost(b.url, key, body);
    assert.equal(retried.status, 201, retried.text);
    const imported = retried.json.inline_images_result.imported as {
      attachment_id: number;
      local_url: string;
    }[];
    assert.equal(imported.length, 3);
    const [post] = await readArticle(b.url, 'interrupted', 'published');
    for (const image of imported) assert.ok(post.content.includes(image.local_url));
    assert.equal((await readArticle(b.url, 'interrupted', 'draft')).length, 1);

    const newFiles = (await files()).slice(filesBefore);
    assert.deepEqual(
      newFiles.map((file) => Number(file.id)).sort(),
      imported.map((image) => image.attachment_id).sort(),
      'every file row made since the start is used by the post'
    );

    // An instance starting now leaves them: their journal entries are younger than the grace period
    // (an hour by default), although the upload's lock is free again.
    later.push(await startPlayground({ env, database }));
    assert.deepEqual(await orphanUploads(), left, 'entries younger than the grace period are not swept');

    // One whose grace period they have passed removes them, through the provider, as it starts.
    later.push(await startPlayground({ env, database, pluginConfig: { orphanSweep: { graceSeconds: 5 } } }));
    assert.deepEqual(await orphanUploads(), [], 'no file on disk that no file row points at');
    assert.deepEqual(
      await tableRows(database, 'article_publisher_upload_journal'),
      [],
      'the journal is empty'
    );
    for (const image of imported) {
      const served = await request(image.local_url.replace(/^https?:\/\/[^/]+/, b.url));
      assert.equal(served.status, 200, `${image.local_url} is still served`);
    }
  });
});
