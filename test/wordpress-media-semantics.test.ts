import assert from 'node:assert/strict';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tableRows } from './helpers/databases';
import { request, type HttpResponse } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { waitFor } from './helpers/strapi-webhooks';

const LOGIN = 'editor';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const IMAGE_LIMIT_BYTES = 200 * 1024;
/** Uploads of a file whose name holds this stop at the playground's file-row gate (see playground/src/index.js). */
const GATE_MARKER = 'crash-in-window';
/** Sweeps every second, of journal entries older than a second. */
const ORPHAN_SWEEP = { everySeconds: 1, graceSeconds: 1 };

const authorization = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;

interface Part {
  name: string;
  /** A file part when given (as PHP reads it: the file name makes it a file). */
  filename?: string;
  /** Sent only when given: Python's `requests` sends a file part without one. */
  contentType?: string;
  data: Buffer | string;
}

/** A multipart body spelled part by part, as a client library writes it. */
function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----semantics${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const headers = [`Content-Disposition: ${disposition}`];
    if (part.contentType) headers.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Issue 45, points 2b, 9 and 10, on the default playground as `npm start` runs it (the Article type,
 * Markdown body, no fixture types), reached over plain http with http images refused (the default).
 */
describe('WordPress media semantics: the site’s own uploads, multipart as PHP reads it, uploads never swept', () => {
  let site: Playground;
  let tmpdir: string;
  const images = new ImageServer();
  /** What the file-row gate answers an upload about to insert its row; it may wait. */
  let gate: (req: http.IncomingMessage, answer: (text: string) => void) => void = (_req, answer) =>
    answer('continue');

  const upload = (parts: Part[]) => {
    const { body, contentType } = multipart(parts);
    return request(`${site.url}/wp-json/wp/v2/media`, {
      method: 'POST',
      headers: { authorization, 'content-type': contentType },
      body,
    });
  };
  const wpJson = (route: string, body: unknown) =>
    request(`${site.url}/wp-json/wp/v2${route}`, { method: 'POST', headers: { authorization }, body });
  const fileRows = async () => (await tableRows(site.database, 'files')).length;
  /** What the Strapi process's temp folder holds (formidable's and the plugin's temporary files go there). */
  const tempEntries = () => fs.readdirSync(tmpdir).sort();

  async function articleBody(slug: string): Promise<string> {
    const query = new URLSearchParams({ 'filters[slug][$eq]': slug, status: 'published' });
    const response = await request(`${site.url}/api/articles?${query}`);
    assert.equal(response.status, 200, response.text);
    const [entry] = response.json.data as { content: string }[];
    assert.ok(entry, `an article ${slug}`);
    return entry.content;
  }

  function assertCreated(response: HttpResponse) {
    assert.equal(response.status, 201, response.text);
    assert.equal(response.json.mime_type, 'image/png');
    return response.json as { id: number; source_url: string };
  }

  before(async () => {
    await images.start();
    tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), 'wp-media-semantics-tmp-'));
    site = await startPlayground({
      articleBodyFormat: 'auto',
      env: {
        TMPDIR: tmpdir,
        ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}`,
        PLAYGROUND_FILE_ROW_GATE_MARKER: GATE_MARKER,
        PLAYGROUND_FILE_ROW_GATE_URL: images.route('/gate', (req, res) =>
          gate(req, (text) => res.writeHead(200, { 'content-type': 'text/plain' }).end(text))
        ),
      },
      pluginConfig: { images: { maxBytes: IMAGE_LIMIT_BYTES }, orphanSweep: ORPHAN_SWEEP },
    });
  });

  after(async () => {
    await site?.stop();
    await images.stop();
    if (tmpdir) fs.rmSync(tmpdir, { recursive: true, force: true });
  });

  it('2b: an uploaded file embedded by its source_url, in any spelling of the site’s address, stays in the body as the library file', async () => {
    const media = assertCreated(
      await upload([
        {
          name: 'file',
          filename: 'dawn.png',
          contentType: 'image/png',
          data: await makeImage('png', 64, 48, 1),
        },
        { name: 'alt_text', data: 'Dawn' },
      ])
    );
    const port = new URL(site.url).port;
    assert.ok(media.source_url.startsWith(`${site.url}/uploads/`), media.source_url);
    const uploadPath = new URL(media.source_url).pathname;
    const spellings = [
      media.source_url,
      `http://localhost:${port}${uploadPath}`,
      `http://LOCALHOST.:${port}${uploadPath}`,
      `https://127.0.0.1:${port}${uploadPath}`,
      uploadPath,
    ];
    const foreign = 'http://203.0.113.7/photos/elsewhere.png';
    const filesBefore = await fileRows();
    const post = await wpJson('/posts', {
      title: 'Embedded upload',
      slug: 'embedded-upload',
      status: 'publish',
      content: [
        '<h2>Morning</h2>',
        '<p>The lawn at dawn.</p>',
        ...spellings.map((src, index) => `<figure><img src="${src}" alt="Dawn ${index}"></figure>`),
        `<p><img src="${foreign}" alt="Foreign"></p>`,
      ].join('\n'),
    });
    assert.equal(post.status, 201, post.text);

    const body = await articleBody('embedded-upload');
    for (const [index] of spellings.entries())
      assert.ok(body.includes(`![Dawn ${index}](${media.source_url})`), `spelling ${index} kept:\n${body}`);
    assert.ok(
      !body.includes('localhost') && !body.includes('https://'),
      `one spelling, the library's:\n${body}`
    );
    assert.ok(!body.includes('203.0.113.7'), `a foreign http image is still refused:\n${body}`);
    assert.equal(await fileRows(), filesBefore, 'no new upload: the library file is placed as it is');
    const served = await request(media.source_url, { headers: { accept: '*/*' } });
    assert.equal(served.status, 200);
  });

  it('9: a file part without Content-Type (Python requests) is the file: 201 and the image in the library', async () => {
    const bytes = await makeImage('png', 80, 60, 2);
    const response = await upload([
      { name: 'file', filename: 'from-python.png', data: bytes },
      { name: 'title', data: 'From Python' },
      { name: 'alt_text', data: 'Sent by requests' },
    ]);
    const media = assertCreated(response);
    assert.equal(response.json.alt_text, 'Sent by requests');
    assert.equal(response.json.media_details.width, 80);
    const row = (await tableRows(site.database, 'files')).find((file) => file.id === media.id);
    assert.equal(row?.mime, 'image/png');
    assert.equal(row?.alternative_text, 'Sent by requests');
    const served = await request(media.source_url, { headers: { accept: '*/*' } });
    assert.equal(served.status, 200);

    // `application/octet-stream` and `text/plain` name no image type either: the bytes do.
    for (const contentType of ['application/octet-stream', 'text/plain'])
      assertCreated(await upload([{ name: 'file', filename: 'typed.png', contentType, data: bytes }]));
  });

  it('9: no temporary file of any part outlives the request, accepted or refused', async () => {
    const png = await makeImage('png', 40, 40, 3);
    const extra = (name: string): Part => ({
      name,
      filename: `${name}.txt`,
      contentType: 'text/plain',
      data: `the ${name} part, a file the endpoint does not use`,
    });
    const before = tempEntries();

    assertCreated(
      await upload([
        extra('before'),
        { name: 'file', filename: 'kept.png', contentType: 'image/png', data: png },
        extra('after'),
        { name: 'title', data: 'With extra parts' },
      ])
    );
    assert.deepEqual(tempEntries(), before, 'after an upload with extra file parts');

    const refusedType = await upload([
      { name: 'file', filename: 'notes.png', contentType: 'image/png', data: 'not an image at all' },
      extra('beside'),
    ]);
    assert.equal(refusedType.status, 400, refusedType.text);
    assert.equal(refusedType.json.code, 'rest_upload_invalid_type');
    assert.deepEqual(tempEntries(), before, 'after a refused type');

    // Issue #62: a truncated image whose header reads is decoded only by Strapi's upload, which refuses it.
    const truncated = await upload([
      { name: 'file', filename: 'cut.png', contentType: 'image/png', data: png.subarray(0, png.length >> 1) },
    ]);
    assert.equal(truncated.status, 400, truncated.text);
    assert.equal(truncated.json.code, 'rest_upload_invalid_type');
    assert.match(truncated.json.message, /the image data is corrupt/);
    assert.deepEqual(tempEntries(), before, 'after a truncated image');

    const noFile = await upload([extra('image'), { name: 'title', data: 'No file field' }]);
    assert.equal(noFile.status, 400, noFile.text);
    assert.equal(noFile.json.code, 'rest_upload_no_data');
    assert.deepEqual(tempEntries(), before, 'after an upload without a `file` part');

    const tooBig = await upload([
      extra('first'),
      {
        name: 'file',
        filename: 'big.png',
        contentType: 'image/png',
        data: Buffer.alloc(IMAGE_LIMIT_BYTES + 1024, 7),
      },
    ]);
    assert.equal(tooBig.status, 413, tooBig.text);
    assert.equal(tooBig.json.code, 'rest_upload_file_too_big');
    assert.deepEqual(tempEntries(), before, 'after a file over the limit');
  });

  it('10: an upload held past the sweep’s grace period is not swept: 201 and its file present', async () => {
    let openGate: () => void = () => undefined;
    const gateOpen = new Promise<void>((resolve) => (openGate = resolve));
    let reachedGate: () => void = () => undefined;
    const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
    gate = (_req, answer) => {
      reachedGate();
      void gateOpen.then(() => answer('continue'));
    };
    const lastSweepStartedAt = async () => {
      const rows = await tableRows(site.database, 'strapi_core_store_settings');
      const entry = rows.find((row) => row.key === 'plugin_article-publisher_orphan-sweep');
      return entry ? Number((JSON.parse(String(entry.value)) as { startedAt: number }).startedAt) : 0;
    };

    const pending = upload([
      {
        name: 'file',
        filename: `held-${GATE_MARKER}.png`,
        contentType: 'image/png',
        data: await makeImage('png', 320, 200, 4),
      },
    ]);
    // The provider has written the file and its formats; Strapi waits at the gate to insert the row.
    await atGate;
    const reachedAt = Date.now();
    const journal = await tableRows(site.database, 'article_publisher_upload_journal');
    assert.ok(journal.length > 0, 'the upload is journaled');
    // Past the grace period, two sweeps start.
    const graceMs = ORPHAN_SWEEP.graceSeconds * 1000;
    await waitFor(
      'two sweeps past the grace period',
      async () => (await lastSweepStartedAt()) > reachedAt + graceMs + 1000,
      30_000
    );

    openGate();
    const media = assertCreated(await pending);
    gate = (_req, answer) => answer('continue');
    const served = await request(media.source_url, { headers: { accept: '*/*' } });
    assert.equal(served.status, 200, `${media.source_url} is still there`);
    assert.deepEqual(
      await tableRows(site.database, 'article_publisher_upload_journal'),
      [],
      "the upload's journal entries went once its row existed"
    );
  });
});
