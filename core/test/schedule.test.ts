import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { articleFromPublishRequest, normalizeArticle } from '../src/article';
import { assertValidConfig, DEFAULT_CONFIG } from '../src/config';
import { ServiceError } from '../src/errors';
import { parsePublishRequest } from '../src/publish-request';
import { isCronPeriod, pollPattern } from '../src/schedule/poll-period';
import { publishTiming, scheduleProblem } from '../src/schedule/publish-timing';
import { handPublishProblem, publishedSinceScheduled } from '../src/schedule/hand-publish';
import { publisherVerdict } from '../src/schedule/publisher-verdict';

const now = new Date('2026-11-25T12:00:00Z');
const later = new Date('2026-11-25T13:00:00Z');
const earlier = new Date('2026-11-20T08:00:00Z');

const badRequest = (body: unknown, pattern: RegExp) =>
  assert.throws(
    () => parsePublishRequest(body),
    (error: unknown) =>
      error instanceof ServiceError && error.code === 'bad_request' && pattern.test(error.message)
  );

describe('publish timing', () => {
  it('schedules future at its date, and publish with a date still to come as WordPress does', () => {
    assert.deepEqual(publishTiming('future', later, now), {
      status: 'future',
      scheduledAt: later,
      date: later,
    });
    assert.deepEqual(publishTiming('publish', later, now), {
      status: 'future',
      scheduledAt: later,
      date: later,
    });
  });

  it('publishes now with a past date kept as the publication date (backdating)', () => {
    assert.deepEqual(publishTiming('publish', earlier, now), { status: 'publish', date: earlier });
    assert.deepEqual(publishTiming('draft', later, now), { status: 'draft', date: later });
    assert.deepEqual(publishTiming('publish', undefined, now), { status: 'publish' });
  });

  it('refuses future without a date or with a date that is not after now', () => {
    assert.match(scheduleProblem('future', undefined, now) ?? '', /is required when status is "future"/);
    assert.match(scheduleProblem('future', earlier, now) ?? '', /must be in the future/);
    assert.match(scheduleProblem('future', now, now) ?? '', /must be in the future/);
    assert.equal(scheduleProblem('future', later, now), undefined);
    assert.equal(scheduleProblem('publish', earlier, now), undefined);
    assert.equal(scheduleProblem(undefined, undefined, now), undefined);
  });
});

describe('the publish request date', () => {
  const soon = () => new Date(Date.now() + 3_600_000);

  it('is a 400 naming date when future has none, a past one, or one without an offset', () => {
    badRequest({ title: 't', content: 'x', status: 'future' }, /date is required when status is "future"/);
    badRequest(
      { title: 't', content: 'x', status: 'future', date: '2020-01-01T00:00:00Z' },
      /date must be in the future/
    );
    badRequest(
      { title: 't', content: 'x', status: 'future', date: '2099-01-01T00:00:00' },
      /date must be an ISO 8601 date-time with an offset/
    );
  });

  it('reads an offset as the same instant, and normalizes to a scheduled article', () => {
    const at = soon();
    const plus2 = new Date(at.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    const request = parsePublishRequest({
      title: 'Soon',
      content: '<p>x</p>',
      status: 'future',
      date: plus2,
    });
    const article = normalizeArticle(articleFromPublishRequest(request), {
      defaultStatus: 'draft',
      sanitize: {},
    });
    assert.equal(article.status, 'future');
    assert.equal(article.scheduledAt?.getTime(), at.getTime());
    assert.equal(article.date?.getTime(), article.scheduledAt?.getTime());
  });

  it('changes the content hash when only the time changes (a new time is a new delivery)', () => {
    const hash = (date: string) =>
      normalizeArticle(
        articleFromPublishRequest(
          parsePublishRequest({ title: 'Soon', content: '<p>x</p>', status: 'future', date })
        ),
        { defaultStatus: 'draft', sanitize: {} }
      ).contentHash;
    assert.notEqual(hash('2099-01-01T00:00:00Z'), hash('2099-01-02T00:00:00Z'));
    assert.equal(hash('2099-01-01T00:00:00Z'), hash('2099-01-01T02:00:00+02:00'));
  });
});

describe('the schedule poll period', () => {
  it('takes seconds under a minute and whole minutes up to an hour', () => {
    assert.equal(pollPattern(2), '*/2 * * * * *');
    assert.equal(pollPattern(60), '0 */1 * * * *');
    assert.equal(pollPattern(900), '0 */15 * * * *');
    assert.equal(pollPattern(3600), '0 0 * * * *');
    for (const bad of [0, 1.5, 61, 90, 7200]) assert.equal(isCronPeriod(bad), false, String(bad));
  });

  it('is a config option validated with the others (default 60)', () => {
    assert.equal(DEFAULT_CONFIG.schedulePollSeconds, 60);
    assert.equal(assertValidConfig({ ...DEFAULT_CONFIG, schedulePollSeconds: 1 }).schedulePollSeconds, 1);
    assert.throws(
      () => assertValidConfig({ ...DEFAULT_CONFIG, schedulePollSeconds: 90 }),
      /"schedulePollSeconds" must be 1 to 59 seconds, or a whole number of minutes/
    );
  });
});

describe('a schedule overtaken by a hand publish', () => {
  it('ends when the post was published after the schedule was set, not before', () => {
    const set = now;
    const afterSet = new Date(now.getTime() + 1);
    assert.equal(publishedSinceScheduled({ scheduledSince: set, publishedAt: afterSet }), true);
    assert.equal(publishedSinceScheduled({ scheduledSince: set, publishedAt: earlier }), false);
    assert.equal(publishedSinceScheduled({ scheduledSince: set, publishedAt: set }), false);
    assert.equal(publishedSinceScheduled({ scheduledSince: set, publishedAt: null }), false);
  });

  it('says why it ended', () => {
    assert.match(handPublishProblem(now), /^published by hand at 2026-11-25T12:00:00.000Z, before its time/);
  });
});

describe('a schedule kept by strapi-plugin-publisher', () => {
  const publishAt = later;
  const scheduledSince = earlier;

  it('waits while its action exists, at the action time an editor may have moved', () => {
    const moved = new Date(later.getTime() + 60_000);
    assert.deepEqual(
      publisherVerdict({ actionExecuteAt: moved, publishedAt: null, publishAt, scheduledSince }),
      {
        kind: 'waiting',
        publishAt: moved,
      }
    );
  });

  it('is published when the action is gone and the published version dates from its time', () => {
    assert.deepEqual(
      publisherVerdict({ actionExecuteAt: null, publishedAt: later, publishAt, scheduledSince }),
      {
        kind: 'published',
        at: later,
      }
    );
  });

  it('is cancelled when the action is gone and the entry was not published by it', () => {
    assert.deepEqual(
      publisherVerdict({ actionExecuteAt: null, publishedAt: earlier, publishAt, scheduledSince }),
      {
        kind: 'cancelled',
      }
    );
    assert.deepEqual(
      publisherVerdict({ actionExecuteAt: null, publishedAt: null, publishAt, scheduledSince }),
      {
        kind: 'cancelled',
      }
    );
  });

  it('ends when an editor published the entry by hand since it was set, while the action still waits', () => {
    const byHand = new Date(now.getTime() - 60_000);
    assert.deepEqual(
      publisherVerdict({ actionExecuteAt: later, publishedAt: byHand, publishAt, scheduledSince }),
      { kind: 'published-by-hand', at: byHand }
    );
    // Published before the schedule was set: it still waits.
    const before = new Date(earlier.getTime() - 60_000);
    assert.deepEqual(
      publisherVerdict({ actionExecuteAt: later, publishedAt: before, publishAt, scheduledSince }),
      { kind: 'waiting', publishAt: later }
    );
    // The publisher's own publish (publishedAt = executeAt) before it deletes its action: not a hand publish.
    assert.deepEqual(
      publisherVerdict({ actionExecuteAt: later, publishedAt: later, publishAt, scheduledSince }),
      { kind: 'waiting', publishAt: later }
    );
  });
});
