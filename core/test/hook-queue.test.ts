import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertValidConfig, DEFAULT_CONFIG } from '../src/config';
import { ServiceError } from '../src/errors';
import { PRESET_NAMES } from '../src/hooks/endpoints';
import { PRESETS } from '../src/hooks/presets';
import type { PreparedArticle } from '../src/hooks/hook-article';
import {
  articleKeyOf,
  DEFAULT_HOOK_QUEUE,
  failureVerdict,
  queuedReply,
  queueVerdict,
  recordingRequest,
  retryDelayMs,
  storedRequest,
} from '../src/hooks/queue';
import type { ArticleOutcome } from '../src/hooks/reply';
import type { PublishResult } from '../src/publish-result';

const landed = (postId: number, externalId = `a-${postId}`): ArticleOutcome => ({
  ok: true,
  externalId,
  result: {
    created: true,
    duplicate: false,
    stale: false,
    postId,
    documentId: `doc${postId}`,
    postUrl: `https://example.test/blog/${postId}`,
    status: 'draft',
    locale: null,
    categories: [],
    featuredImage: 'none',
    images: { imported: [], warnings: [] },
    warnings: ['featured image: https://images.example.test/x.jpg could not be fetched'],
  } satisfies PublishResult,
});
const refused = (
  code: ConstructorParameters<typeof ServiceError>[0],
  message: string = code
): ArticleOutcome => ({
  ok: false,
  error: new ServiceError(code, message),
});
const settings = { maxAttempts: 3, retryBaseSeconds: 10, retryMaxSeconds: 25 };
const middle = () => 0.5;

describe('the webhook queue: which presets queue, backoff, verdicts', () => {
  it('queues the deliveries of BabyLoveGrowth only (it retries unless answered within 5 s)', () => {
    assert.deepEqual(
      PRESET_NAMES.filter((name) => PRESETS[name].queued),
      ['babylovegrowth']
    );
  });

  it('waits retryBaseSeconds, doubling per try up to retryMaxSeconds, spread by a fifth either way', () => {
    assert.equal(retryDelayMs(1, settings, middle), 10_000);
    assert.equal(retryDelayMs(2, settings, middle), 20_000);
    assert.equal(retryDelayMs(3, settings, middle), 25_000);
    assert.equal(retryDelayMs(40, settings, middle), 25_000);
    assert.equal(
      retryDelayMs(1, settings, () => 0),
      8_000
    );
    assert.equal(
      retryDelayMs(1, settings, () => 1),
      12_000
    );
  });

  it('is done when every article landed; the stored outcome keeps its warnings (the inspector, #59), not its image results', () => {
    const verdict = queueVerdict([landed(1), landed(2)], 1, settings);
    assert.equal(verdict.kind, 'done');
    assert.deepEqual(verdict.outcome[0], {
      ok: true,
      id: 'a-1',
      postId: 1,
      documentId: 'doc1',
      url: 'https://example.test/blog/1',
      status: 'draft',
      created: true,
      duplicate: false,
      stale: false,
      warnings: ['featured image: https://images.example.test/x.jpg could not be fetched'],
    });
  });

  it('tries again on a temporary failure (5xx) while tries remain, then fails naming the tries', () => {
    const outcomes = [landed(1), refused('temporarily_unavailable', 'Another delivery is in progress.')];
    const retry = queueVerdict(outcomes, 1, settings, middle);
    assert.equal(retry.kind, 'retry');
    assert.equal(retry.kind === 'retry' && retry.delayMs, 10_000);
    assert.equal(retry.kind === 'retry' && retry.problem, 'Another delivery is in progress.');
    const last = queueVerdict(outcomes, 3, settings, middle);
    assert.equal(last.kind, 'failed');
    assert.match(last.kind === 'failed' ? last.problem : '', /gave up after 3 tries/);
    assert.equal(queueVerdict([refused('publish_failed')], 2, settings).kind, 'retry');
    assert.equal(queueVerdict([refused('internal_error')], 1, settings).kind, 'retry');
  });

  it('never retries an article the site refused (4xx): failed when none landed, done when some did', () => {
    assert.equal(queueVerdict([refused('bad_request')], 1, settings).kind, 'failed');
    assert.equal(queueVerdict([refused('target_unfillable')], 1, settings).kind, 'failed');
    const partly = queueVerdict([landed(1), refused('bad_request', 'title is required')], 1, settings);
    assert.equal(partly.kind, 'done');
    assert.deepEqual(partly.outcome[1], {
      ok: false,
      error: { code: 'bad_request', message: 'title is required', data: { status: 400 } },
    });
  });

  it('treats a failure that is none of our answers (database, network) as temporary', () => {
    assert.equal(failureVerdict(undefined, 'connect ECONNREFUSED', 1, settings).kind, 'retry');
    assert.equal(
      failureVerdict(new ServiceError('bad_request', 'x').toBody(), 'x', 1, settings).kind,
      'failed'
    );
  });

  it('answers a stored delivery with 200 material: queued, its id, no post yet', () => {
    assert.deepEqual(queuedReply('publish', 7), {
      received: true,
      event: 'publish',
      queued: true,
      status: 'queued',
      deliveryId: 7,
    });
  });

  it('keeps the headers a preset read, never a credential, and reads them back by any case', () => {
    const sent: Record<string, string> = {
      'x-seogrove-event': 'content.published',
      authorization: 'Bearer secret',
      'x-seogrove-signature': 'sha256=abc',
      'x-webhook-secret': 'secret',
    };
    const recording = recordingRequest({ header: (name) => sent[name.toLowerCase()] });
    for (const name of ['X-SEOGrove-Event', 'Authorization', 'X-SEOGrove-Signature', 'X-Webhook-Secret'])
      recording.request.header(name);
    assert.deepEqual(recording.headers(), { 'x-seogrove-event': 'content.published' });
    const again = storedRequest(recording.headers());
    assert.equal(again.header('X-SEOGrove-Event'), 'content.published');
    assert.equal(again.header('Authorization'), undefined);
    assert.equal(storedRequest(null).header('x'), undefined);
  });

  it('keys a single-article delivery on the service id, else on the slug the pipeline will use; a batch has no key', () => {
    const prepared = (externalId: string | undefined, slug: string | undefined, title = 'A Title') =>
      ({ externalId, fields: { title, slug } }) as unknown as PreparedArticle;
    assert.equal(articleKeyOf([prepared('42', 'a')]), articleKeyOf([prepared('42', 'b', 'Other')]));
    assert.notEqual(articleKeyOf([prepared('42', 'a')]), articleKeyOf([prepared('43', 'a')]));
    assert.equal(
      articleKeyOf([prepared(undefined, undefined, 'A Title')]),
      articleKeyOf([prepared(undefined, 'a-title')])
    );
    assert.match(String(articleKeyOf([prepared('x'.repeat(500), undefined)])), /^[0-9a-f]{64}$/);
    assert.equal(articleKeyOf([prepared('1', 'a'), prepared('2', 'b')]), null);
    assert.equal(articleKeyOf([]), null);
  });

  it('validates hookQueue in the config and names a bad option', () => {
    assert.deepEqual(DEFAULT_CONFIG.hookQueue, DEFAULT_HOOK_QUEUE);
    const config = (hookQueue: unknown) => ({ ...structuredClone(DEFAULT_CONFIG), hookQueue });
    assert.doesNotThrow(() => assertValidConfig(config({ ...DEFAULT_HOOK_QUEUE, leaseSeconds: 5 })));
    assert.throws(
      () => assertValidConfig(config({ ...DEFAULT_HOOK_QUEUE, concurrency: 0 })),
      /"hookQueue.concurrency"/
    );
    assert.throws(
      () => assertValidConfig(config({ ...DEFAULT_HOOK_QUEUE, retryBaseSeconds: 60, retryMaxSeconds: 30 })),
      /retryMaxSeconds/
    );
    assert.throws(() => assertValidConfig(config({ ...DEFAULT_HOOK_QUEUE, extra: 1 })), /hookQueue.extra/);
  });
});
