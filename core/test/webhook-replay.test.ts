import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../src/errors';
import { parseWebhookPayload } from '../src/webhook-payload';
import { deliveryTime, rawBodyDigest, replayVerdict } from '../src/webhook-replay';

// Issue #32, item 5: an older or already applied webhook delivery never rolls a post back.

const at = (iso: string) => new Date(iso);

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

  it('acknowledges bytes applied before, or a delivery older than the newest applied, and applies the rest', () => {
    const newest = at('2026-11-21T10:00:00Z');
    const cases: [string, Parameters<typeof replayVerdict>[0], { duplicate: boolean; stale: boolean }][] = [
      [
        'first delivery',
        { sameBytesApplied: false, deliveryTime: newest, newestAppliedTime: undefined },
        { duplicate: false, stale: false },
      ],
      [
        'newer',
        { sameBytesApplied: false, deliveryTime: at('2026-11-21T10:00:01Z'), newestAppliedTime: newest },
        { duplicate: false, stale: false },
      ],
      [
        'same time, other bytes',
        { sameBytesApplied: false, deliveryTime: newest, newestAppliedTime: newest },
        { duplicate: false, stale: false },
      ],
      [
        'older',
        { sameBytesApplied: false, deliveryTime: at('2026-11-21T09:59:59.999Z'), newestAppliedTime: newest },
        { duplicate: true, stale: true },
      ],
      [
        'same bytes, the newest',
        { sameBytesApplied: true, deliveryTime: newest, newestAppliedTime: newest },
        { duplicate: true, stale: false },
      ],
      [
        'same bytes, older',
        { sameBytesApplied: true, deliveryTime: at('2026-11-20T10:00:00Z'), newestAppliedTime: newest },
        { duplicate: true, stale: true },
      ],
      [
        'no timestamp',
        { sameBytesApplied: false, deliveryTime: undefined, newestAppliedTime: newest },
        { duplicate: false, stale: false },
      ],
      [
        'same bytes, no timestamp',
        { sameBytesApplied: true, deliveryTime: undefined, newestAppliedTime: undefined },
        { duplicate: true, stale: false },
      ],
    ];
    for (const [name, facts, verdict] of cases) assert.deepEqual(replayVerdict(facts), verdict, name);
  });
});
