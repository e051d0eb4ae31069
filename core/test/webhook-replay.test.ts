import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../src/errors';
import { parseWebhookPayload } from '../src/webhook-payload';
import { deliveryTime, rawBodyDigest } from '../src/webhook-replay';

// Issue #32, item 5: an older or already applied webhook delivery never rolls a post back.

describe('webhook replays', () => {
  it('reads the signed timestamp as an instant, one without an offset as UTC', () => {
    assert.equal(deliveryTime('2026-11-22T08:00:00Z')?.toISOString(), '2026-11-22T08:00:00.000Z');
    assert.equal(deliveryTime('2026-11-22T09:30:00+01:30')?.toISOString(), '2026-11-22T08:00:00.000Z');
    assert.equal(deliveryTime('2026-11-22T08:00:00.123456')?.toISOString(), '2026-11-22T08:00:00.123Z');
    assert.equal(deliveryTime(null), undefined);
    assert.equal(deliveryTime(undefined), undefined);
  });

  it('accepts an ISO 8601 date-time in the payload and refuses anything else, naming the field', () => {
    const payload = { event: 'article.published', article_id: 1, title: 'T', html_content: '<p>x</p>' };
    for (const timestamp of [
      '2026-11-22T08:00:00Z',
      '2026-11-22T08:00:00.5-05:30',
      '2026-11-22T08:00:00',
      null,
    ])
      assert.doesNotThrow(() => parseWebhookPayload({ ...payload, timestamp }), String(timestamp));
    for (const timestamp of ['yesterday', '2026-11-22', '2026-02-30T08:00:00Z', '1732262400']) {
      assert.throws(
        () => parseWebhookPayload({ ...payload, timestamp }),
        (error: unknown) =>
          error instanceof ServiceError &&
          error.code === 'bad_request' &&
          /timestamp.*ISO 8601/.test(error.message),
        timestamp
      );
    }
  });

  it('digests the exact bytes: a different spacing is a different body', () => {
    const digest = rawBodyDigest(Buffer.from('{"a":1}'));
    assert.match(digest, /^[0-9a-f]{64}$/);
    assert.equal(rawBodyDigest(Buffer.from('{"a":1}')), digest);
    assert.notEqual(rawBodyDigest(Buffer.from('{"a": 1}')), digest);
  });
});
