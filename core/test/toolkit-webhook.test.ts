import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  backoffDelayMs,
  deliverWebhook,
  isRetryableStatus,
  parseRetryAfterMs,
  signWebhook,
  verifyWebhook,
  type DeliveryOptions,
} from '../src/toolkit';
import { closedOrigin, startScriptedServer, type ScriptedServer } from './helpers/scripted-server';

// GitHub's published test vector for X-Hub-Signature-256 (same scheme: hex HMAC-SHA256 of the raw body).
const VECTOR = {
  secret: "It's a Secret to Everybody",
  body: 'Hello, World!',
  digest: '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
};

describe('webhook signatures', () => {
  it('signs the published vector', () => {
    assert.equal(signWebhook(VECTOR.body, VECTOR.secret), VECTOR.digest);
    assert.equal(signWebhook(Buffer.from(VECTOR.body), VECTOR.secret), VECTOR.digest);
  });

  it('verifies only the exact lowercase digest of the exact bytes', () => {
    assert.equal(verifyWebhook(VECTOR.body, VECTOR.digest, VECTOR.secret), true);
    assert.equal(verifyWebhook(`${VECTOR.body} `, VECTOR.digest, VECTOR.secret), false, 'other bytes');
    assert.equal(verifyWebhook(VECTOR.body, VECTOR.digest, 'another secret'), false, 'other secret');
    assert.equal(
      verifyWebhook(VECTOR.body, `${VECTOR.digest.slice(0, -1)}0`, VECTOR.secret),
      false,
      'wrong digest'
    );
    assert.equal(
      verifyWebhook(VECTOR.body, VECTOR.digest.toUpperCase(), VECTOR.secret),
      false,
      'uppercase refused'
    );
    assert.equal(
      verifyWebhook(VECTOR.body, `sha256=${VECTOR.digest}`, VECTOR.secret),
      false,
      'prefixed refused'
    );
    assert.equal(verifyWebhook(VECTOR.body, undefined, VECTOR.secret), false, 'missing');
    assert.equal(verifyWebhook(VECTOR.body, '', VECTOR.secret), false, 'empty');
  });
});

describe('retry policy', () => {
  it('retries 408, 429 and 5xx only', () => {
    for (const status of [408, 429, 500, 502, 503, 504, 599])
      assert.equal(isRetryableStatus(status), true, String(status));
    for (const status of [200, 301, 400, 401, 403, 404, 409, 410, 413, 422])
      assert.equal(isRetryableStatus(status), false, String(status));
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    assert.equal(parseRetryAfterMs('120', now), 120_000);
    assert.equal(parseRetryAfterMs('Wed, 21 Oct 2026 07:28:05 GMT', now), 5000);
    assert.equal(parseRetryAfterMs('Wed, 21 Oct 2026 07:27:00 GMT', now), 0, 'a past date means now');
    assert.equal(parseRetryAfterMs('soon', now), null);
    assert.equal(parseRetryAfterMs('-5', now), null);
    assert.equal(parseRetryAfterMs(null, now), null);
  });

  it('backs off exponentially with jitter, up to the maximum', () => {
    const options = (random: number) => ({ baseDelayMs: 1000, maxDelayMs: 10_000, random: () => random });
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((attempt) => backoffDelayMs(attempt, options(0))),
      [500, 1000, 2000, 4000, 5000, 5000]
    );
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((attempt) => backoffDelayMs(attempt, options(0.999999))),
      [1000, 2000, 4000, 8000, 10_000]
    );
  });
});

describe('deliverWebhook against a local receiver', () => {
  let receiver: ScriptedServer;
  let url: string;
  let sleeps: number[];

  before(async () => {
    receiver = await startScriptedServer((status) => JSON.stringify({ received: status < 300 }), 200);
    url = `${receiver.origin}/hook`;
  });
  after(() => receiver.close());
  beforeEach(() => {
    receiver.reset();
    sleeps = [];
  });

  const payload = {
    event: 'article.published',
    article_id: 7,
    slug: 'ünïcode-slug',
    title: 'Ünïcode – “quotes”',
  };
  const secret = 'a-webhook-secret-of-some-length';
  const options = (extra: DeliveryOptions = {}): DeliveryOptions => ({
    baseDelayMs: 100,
    maxDelayMs: 10_000,
    timeoutMs: 5000,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });

  it('sends the spec 4.2 headers and a signature over the exact bytes sent', async () => {
    const result = await deliverWebhook(url, payload, secret, options());
    assert.equal(result.delivered, true);
    assert.equal(receiver.received.length, 1);
    const [request] = receiver.received;
    assert.equal(request.method, 'POST');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(request.headers.accept, 'application/json');
    assert.equal(request.headers['x-service-event'], 'article.published');
    assert.equal(
      request.body.toString('utf8'),
      JSON.stringify(payload),
      'serialized once, as JSON.stringify'
    );
    assert.equal(request.headers['x-service-signature'], signWebhook(request.body, secret));
    assert.equal(verifyWebhook(request.body, request.headers['x-service-signature'] as string, secret), true);
    assert.equal(result.signature, request.headers['x-service-signature']);
    assert.equal(result.response?.status, 200);
    assert.equal(result.response?.body, '{"received":true}');
  });

  it('names the event of the payload, article.published when it has none', async () => {
    await deliverWebhook(url, { event: 'article.updated', slug: 'x' }, secret, options());
    await deliverWebhook(url, { slug: 'x' }, secret, options());
    assert.deepEqual(
      receiver.received.map((request) => request.headers['x-service-event']),
      ['article.updated', 'article.published']
    );
  });

  it('retries two 503 answers with growing waits, then succeeds on the third attempt', async () => {
    receiver.replies = [{ status: 503 }, { status: 503 }, { status: 200 }];
    const logged: number[] = [];
    const result = await deliverWebhook(
      url,
      payload,
      secret,
      options({ onAttempt: (a) => logged.push(a.attempt) })
    );
    assert.equal(result.delivered, true);
    assert.equal(result.attempts.length, 3);
    assert.deepEqual(
      result.attempts.map((attempt) => attempt.status),
      [503, 503, 200]
    );
    assert.deepEqual(sleeps, [75, 150], 'base 100 then 200, each with jitter 0.5 (equal jitter)');
    assert.deepEqual(
      result.attempts.map((attempt) => attempt.delayMs),
      [75, 150, null]
    );
    assert.deepEqual(logged, [1, 2, 3]);
    const signatures = new Set(receiver.received.map((request) => request.headers['x-service-signature']));
    const bodies = new Set(receiver.received.map((request) => request.body.toString('hex')));
    assert.equal(signatures.size, 1, 'every attempt carries the same signature');
    assert.equal(bodies.size, 1, 'every attempt carries the same bytes');
  });

  it('retries 408 and 429 too', async () => {
    receiver.replies = [{ status: 408 }, { status: 429 }, { status: 204, body: '' }];
    const result = await deliverWebhook(url, payload, secret, options());
    assert.equal(result.delivered, true);
    assert.deepEqual(
      result.attempts.map((attempt) => attempt.status),
      [408, 429, 204]
    );
  });

  it('does not retry a 400', async () => {
    receiver.replies = [
      { status: 400, body: '{"code":"bad_request","message":"nope","data":{"status":400}}' },
    ];
    const result = await deliverWebhook(url, payload, secret, options());
    assert.equal(result.delivered, false);
    assert.equal(result.attempts.length, 1);
    assert.equal(receiver.received.length, 1);
    assert.deepEqual(sleeps, []);
    assert.equal(result.response?.status, 400);
    assert.match(result.error ?? '', /400, which is not retried/);
  });

  it('does not retry a 401 (wrong secret)', async () => {
    receiver.replies = [{ status: 401 }];
    const result = await deliverWebhook(url, payload, secret, options());
    assert.equal(result.attempts.length, 1);
    assert.equal(result.delivered, false);
  });

  it('waits what Retry-After asks, in seconds', async () => {
    receiver.replies = [{ status: 503, headers: { 'Retry-After': '7' } }, { status: 200 }];
    const result = await deliverWebhook(url, payload, secret, options());
    assert.equal(result.delivered, true);
    assert.deepEqual(sleeps, [7000]);
  });

  it('waits what Retry-After asks, as an HTTP date', async () => {
    const date = 'Wed, 21 Oct 2026 07:28:00 GMT';
    receiver.replies = [{ status: 429, headers: { 'Retry-After': date } }, { status: 200 }];
    const now = () => Date.parse(date) - 3000;
    const result = await deliverWebhook(url, payload, secret, options({ now }));
    assert.equal(result.delivered, true);
    assert.deepEqual(sleeps, [3000]);
  });

  it('keeps the backoff when Retry-After asks for less', async () => {
    receiver.replies = [{ status: 503, headers: { 'Retry-After': '0' } }, { status: 200 }];
    await deliverWebhook(url, payload, secret, options());
    assert.deepEqual(sleeps, [75]);
  });

  it('stops instead of waiting past maxDelayMs when Retry-After asks for longer', async () => {
    receiver.replies = [{ status: 503, headers: { 'Retry-After': '3600' } }];
    const result = await deliverWebhook(url, payload, secret, options());
    assert.equal(result.delivered, false);
    assert.equal(result.attempts.length, 1);
    assert.deepEqual(sleeps, []);
    assert.match(result.error ?? '', /retry after 3600 s \(Retry-After\)/);
  });

  it('gives up after maxAttempts', async () => {
    receiver.replies = [{ status: 500 }, { status: 502 }, { status: 503 }];
    const result = await deliverWebhook(url, payload, secret, options({ maxAttempts: 3 }));
    assert.equal(result.delivered, false);
    assert.equal(receiver.received.length, 3);
    assert.equal(sleeps.length, 2);
    assert.match(result.error ?? '', /gave up after 3 attempts/);
    assert.equal(result.response?.status, 503, 'the last answer is reported');
  });

  it('retries an attempt that times out', async () => {
    receiver.replies = ['hang', { status: 200 }];
    const result = await deliverWebhook(url, payload, secret, options({ timeoutMs: 300 }));
    assert.equal(result.delivered, true);
    assert.equal(result.attempts.length, 2);
    assert.equal(result.attempts[0].status, null);
    assert.match(result.attempts[0].error ?? '', /No answer .* within 300 ms/);
    assert.equal(sleeps.length, 1);
  });

  it('retries network errors', async () => {
    const closedUrl = `${await closedOrigin()}/hook`;

    const result = await deliverWebhook(closedUrl, payload, secret, options({ maxAttempts: 3 }));
    assert.equal(result.delivered, false);
    assert.equal(result.response, null);
    assert.deepEqual(
      result.attempts.map((attempt) => attempt.status),
      [null, null, null]
    );
    assert.match(result.attempts[0].error ?? '', /Could not reach .*ECONNREFUSED/);
    assert.equal(sleeps.length, 2);
  });
});
