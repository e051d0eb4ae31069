import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { repeatVerdict, serviceTime, type RepeatFacts } from '../src/repeat-rule';

// Issue #55, item 2: one repeat rule for every door that has deliveries.

const at = (iso: string) => new Date(iso);
const newest = at('2026-11-21T10:00:00Z');
const facts = (more: Partial<RepeatFacts>): RepeatFacts => ({
  sameBytesApplied: false,
  sentAt: undefined,
  newestAppliedSentAt: undefined,
  sameContentStands: false,
  ...more,
});

describe('the repeat rule', () => {
  it('acknowledges bytes applied before, an older delivery or unchanged content, and applies the rest', () => {
    const cases: [string, RepeatFacts, { duplicate: boolean; stale: boolean }][] = [
      ['first delivery', facts({ sentAt: newest }), { duplicate: false, stale: false }],
      [
        'newer',
        facts({ sentAt: at('2026-11-21T10:00:01Z'), newestAppliedSentAt: newest }),
        { duplicate: false, stale: false },
      ],
      [
        'same time, other bytes',
        facts({ sentAt: newest, newestAppliedSentAt: newest }),
        { duplicate: false, stale: false },
      ],
      [
        'older',
        facts({ sentAt: at('2026-11-21T09:59:59.999Z'), newestAppliedSentAt: newest }),
        { duplicate: true, stale: true },
      ],
      [
        'same bytes, the newest',
        facts({ sameBytesApplied: true, sentAt: newest, newestAppliedSentAt: newest }),
        { duplicate: true, stale: false },
      ],
      [
        'same bytes, older',
        facts({ sameBytesApplied: true, sentAt: at('2026-11-20T10:00:00Z'), newestAppliedSentAt: newest }),
        { duplicate: true, stale: true },
      ],
      [
        'no time on this delivery',
        facts({ newestAppliedSentAt: newest }),
        { duplicate: false, stale: false },
      ],
      ['same bytes, no time anywhere', facts({ sameBytesApplied: true }), { duplicate: true, stale: false }],
      [
        'same content, post still there',
        facts({ sameContentStands: true }),
        { duplicate: true, stale: false },
      ],
    ];
    for (const [name, given, verdict] of cases) assert.deepEqual(repeatVerdict(given), verdict, name);
  });

  it("reads a service's own time: unix seconds, or ISO 8601 (UTC without an offset); else none", () => {
    assert.equal(serviceTime('1764324000')?.toISOString(), '2025-11-28T10:00:00.000Z');
    assert.equal(serviceTime(1764324000)?.toISOString(), '2025-11-28T10:00:00.000Z');
    assert.equal(serviceTime('2026-11-22T09:30:00+01:30')?.toISOString(), '2026-11-22T08:00:00.000Z');
    assert.equal(serviceTime('2026-11-22T08:00:00')?.toISOString(), '2026-11-22T08:00:00.000Z');
    assert.equal(serviceTime(newest), newest);
    for (const none of [undefined, null, '', 'yesterday', Number.NaN, {}, ['1764324000']])
      assert.equal(serviceTime(none), undefined, String(none));
  });
});
