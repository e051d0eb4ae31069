import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { signWebhook } from '../core/src/webhook-signature';
import { tableRows } from './helpers/databases';
import { registerSuperAdmin } from './helpers/admin';
import { request, type HttpResponse } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';
import {
  articleDeliveryBody,
  holdWebhookBody,
  postWebhook,
  WEBHOOK_PATH,
  type HeldBody,
} from './helpers/webhook';

// Issue #32 "Hardening, part 2": item 3 (idle connections shut out signed webhooks) and item 5 (a
// replayed delivery rolls a post back).

const SECRET = 'whsec-budget-0123456789abcdef0123456789';
const KB = 1024;
const MB = 1024 * KB;
/** Small limits, so the test sends little: bodies up to 1 MB, 2 MB of unverified bodies per process. */
const BODY_LIMIT = MB;
const IDLE_TIMEOUT_MS = 1500;
const MAX_FAILURES = 3;

describe('hardening: unverified webhook bodies cannot starve the receiver (issue #32, item 3)', () => {
  let site: Playground;
  const held: HeldBody[] = [];
  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET },
      pluginConfig: {
        bodyLimitBytes: BODY_LIMIT,
        webhookIdleTimeoutMs: IDLE_TIMEOUT_MS,
        authThrottle: { maxFailures: MAX_FAILURES, windowSeconds: 600 },
      },
    });
  });
  after(async () => {
    for (const body of held) body.abort();
    await site?.stop();
  });

  /** A body declared `declaredLength` bytes long, of which `sent` bytes arrive, then nothing. */
  const hold = (localAddress: string, declaredLength: number, sent: number) => {
    const body = holdWebhookBody(site.url, {
      localAddress,
      declaredLength,
      firstBytes: Buffer.alloc(sent, 0x20),
    });
    held.push(body);
    return body;
  };
  const signed = (body: Buffer, from?: string): Promise<HttpResponse> =>
    postWebhook(`${site.url}${WEBHOOK_PATH}`, body, signWebhook(body, SECRET), { localAddress: from });
  const assertTimedOut = async (body: HeldBody) => {
    const response = await body.response;
    assert.equal(response.status, 408, response.text);
    assert.equal(response.json.code, 'request_timeout');
    assert.deepEqual(response.json.data, { status: 408 });
    assert.equal(response.headers.connection, 'close');
    await body.closed;
  };

  it('accepts a signed delivery while two connections hold bodies declared at the limit, and cuts them when they go idle', async () => {
    const idle = [hold('127.0.0.21', BODY_LIMIT, KB), hold('127.0.0.22', BODY_LIMIT, KB)];
    // Give the server time to start reading both (the old receiver reserved their declared length then).
    await sleep(500);

    const delivered = await signed(articleDeliveryBody('beside-idle-bodies', 3001));
    assert.equal(delivered.status, 200, delivered.text);
    assert.equal(delivered.json.received, true);
    assert.equal((await readArticle(site.url, 'beside-idle-bodies')).length, 1);

    // Cut after the idle timeout (Node alone would keep them for up to 300 s).
    for (const body of idle) await assertTimedOut(body);
  });

  it('refuses the body that takes one address over its share, and still accepts a large delivery from another', async () => {
    const first = hold('127.0.0.23', BODY_LIMIT, 400 * KB);
    const second = hold('127.0.0.23', BODY_LIMIT, 400 * KB);
    await sleep(500);

    // 1.2 MB from one address is over its share (half the 2 MB budget): refused as it arrives.
    const third = hold('127.0.0.23', BODY_LIMIT, 400 * KB);
    const refused = await third.response;
    assert.equal(refused.status, 503, refused.text);
    assert.equal(refused.json.code, 'temporarily_unavailable');
    assert.ok(Number(refused.headers['retry-after']) > 0);

    // Another address still has room for a large body beside the 800 KB held.
    const large = articleDeliveryBody('large-beside-a-greedy-address', 3002, 600 * KB);
    const delivered = await signed(large, '127.0.0.24');
    assert.equal(delivered.status, 200, delivered.text);
    assert.equal((await readArticle(site.url, 'large-beside-a-greedy-address')).length, 1);

    await assertTimedOut(first);
    await assertTimedOut(second);
    await third.closed;
  });

  it('counts abandoned bodies as failed attempts, and then refuses the address before reading its body', async () => {
    const from = '127.0.0.25';
    // Two bodies left idle and one whose connection is dropped mid-body: three failures.
    const idle = [hold(from, 64 * KB, KB), hold(from, 64 * KB, KB)];
    const dropped = hold(from, 64 * KB, KB);
    await sleep(500);
    dropped.abort();
    for (const body of idle) await assertTimedOut(body);

    // Over the limit: answered at once, though not one byte of the declared body was sent.
    const unread = hold(from, BODY_LIMIT, 0);
    const throttled = await unread.response;
    assert.equal(throttled.status, 429, throttled.text);
    assert.equal(throttled.json.code, 'rate_limited');
    assert.ok(Number(throttled.headers['retry-after']) > 0);
    await unread.closed;

    // Other addresses are not affected.
    const delivered = await signed(articleDeliveryBody('beside-a-throttled-address', 3003));
    assert.equal(delivered.status, 200, delivered.text);
  });
});

describe('hardening: a replayed webhook delivery never rolls a post back (issue #32, item 5)', () => {
  let site: Playground;
  before(async () => {
    site = await startPlayground({ env: { ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET } });
  });
  after(async () => site?.stop());

  const version = (slug: string, articleId: number, timestamp: string, text: string): Buffer =>
    Buffer.from(
      JSON.stringify({
        event: 'article.published',
        timestamp,
        article_id: articleId,
        title: `Replayed ${slug}`,
        slug,
        html_content: `<p>${text}</p>`,
        target_status: 'publish',
      })
    );
  const send = (body: Buffer) => postWebhook(`${site.url}${WEBHOOK_PATH}`, body, signWebhook(body, SECRET));
  const content = async (slug: string) => {
    const [post] = await readArticle(site.url, slug, 'published');
    return post?.content as string | undefined;
  };
  const ledger = () => tableRows(site.database, 'article_publisher_deliveries');

  it('acknowledges an older or already processed delivery without writing, and applies a newer one', async () => {
    const slug = 'replayed-post';
    const v1 = version(slug, 5001, '2026-11-20T10:00:00Z', 'Version one.');
    const v2 = version(slug, 5001, '2026-11-21T10:00:00Z', 'Version two.');
    const v3 = version(slug, 5001, '2026-11-22T10:00:00.250+01:00', 'Version three.');

    const applied: HttpResponse[] = [];
    for (const body of [v1, v2]) {
      const response = await send(body);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.duplicate, false);
      assert.equal(response.json.stale, false);
      applied.push(response);
    }
    assert.equal(await content(slug), '<p>Version two.</p>');
    const [postBefore] = await readArticle(site.url, slug, 'published');
    const rowsBefore = (await ledger()).length;

    // The exact bytes of v1 again: older than v2, and processed before.
    const replayed = await send(v1);
    assert.equal(replayed.status, 200, replayed.text);
    assert.equal(replayed.json.received, true);
    assert.equal(replayed.json.duplicate, true);
    assert.equal(replayed.json.stale, true);
    // Where the post is, as the newest delivery left it.
    assert.equal(replayed.json.post_id, applied[1].json.post_id);
    assert.equal(replayed.json.document_id, postBefore.documentId);
    assert.equal(replayed.json.post_status, 'publish');

    // Bytes never seen, but generated before v2 (a delayed retry of an older version).
    const older = await send(version(slug, 5001, '2026-11-20T23:59:59.999Z', 'An older rewrite.'));
    assert.equal(older.status, 200, older.text);
    assert.equal(older.json.duplicate, true);
    assert.equal(older.json.stale, true);

    // The exact bytes of v2 again.
    const repeated = await send(v2);
    assert.equal(repeated.status, 200, repeated.text);
    assert.equal(repeated.json.duplicate, true);
    assert.equal(repeated.json.stale, false);

    assert.equal(await content(slug), '<p>Version two.</p>');
    const [postAfter] = await readArticle(site.url, slug, 'published');
    assert.equal(postAfter.updatedAt, postBefore.updatedAt, 'the post was not written');
    assert.equal((await ledger()).length, rowsBefore, 'no delivery was recorded');

    const newer = await send(v3);
    assert.equal(newer.status, 200, newer.text);
    assert.equal(newer.json.duplicate, false);
    assert.equal(await content(slug), '<p>Version three.</p>');

    // v2's exact bytes once more, now older than v3 as well.
    const late = await send(v2);
    assert.equal(late.json.duplicate, true);
    assert.equal(late.json.stale, true);
    assert.equal(await content(slug), '<p>Version three.</p>');
  });

  it('leaves a post the editor deleted deleted when its delivery is replayed; a newer delivery writes it again', async () => {
    const slug = 'deleted-then-replayed';
    const v1 = version(slug, 5300, '2026-11-20T10:00:00Z', 'Deleted text.');
    const first = await send(v1);
    assert.equal(first.status, 200, first.text);
    const token = await registerSuperAdmin(site.url);
    const deleted = await request(
      `${site.url}/content-manager/collection-types/api::article.article/${first.json.document_id}`,
      { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } }
    );
    assert.equal(deleted.status, 200, deleted.text);

    const replayed = await send(v1);
    assert.equal(replayed.status, 200, replayed.text);
    assert.equal(replayed.json.duplicate, true);
    assert.equal((await readArticle(site.url, slug)).length, 0, 'still deleted');

    const resent = await send(version(slug, 5300, '2026-11-21T10:00:00Z', 'Deleted text.'));
    assert.equal(resent.status, 200, resent.text);
    assert.equal(resent.json.duplicate, false);
    assert.equal(await content(slug), '<p>Deleted text.</p>');
  });

  it('keeps the newer version when two versions arrive at once, in either order', async () => {
    for (const [round, order] of [
      [1, 'older first'],
      [2, 'newer first'],
    ] as const) {
      const slug = `concurrent-versions-${round}`;
      const older = version(slug, 5100 + round, '2026-11-20T10:00:00Z', 'Older.');
      const newer = version(slug, 5100 + round, '2026-11-20T10:00:01Z', 'Newer.');
      const bodies = order === 'older first' ? [older, newer] : [newer, older];
      const responses = await Promise.all(bodies.map(send));
      for (const response of responses) assert.equal(response.status, 200, response.text);
      assert.equal(await content(slug), '<p>Newer.</p>', order);
    }
  });

  it('refuses a timestamp that is not an ISO 8601 date-time, naming the field', async () => {
    const response = await send(version('bad-timestamp', 5200, 'yesterday', 'Text.'));
    assert.equal(response.status, 400, response.text);
    assert.equal(response.json.code, 'bad_request');
    assert.match(response.json.message, /timestamp/);
    assert.equal((await readArticle(site.url, 'bad-timestamp')).length, 0);
  });
});
