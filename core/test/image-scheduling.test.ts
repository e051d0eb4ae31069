/**
 * Issue #62: image work on every core while the site is not being read, one core fewer while it is.
 * The limiter whose limit is read at each admission, and the reader activity it is given, on a clock
 * of their own (no timing in these tests).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAdaptiveLimiter, type LimiterClock } from '../src/images/adaptive-limiter';
import { createReaderActivity } from '../src/reader-activity';

/** A clock whose time moves only when told, and whose timers run when it passes them. */
function fakeClock() {
  let time = 0;
  const timers: { at: number; run: () => void }[] = [];
  const clock: LimiterClock & { advance(ms: number): void; pending(): number } = {
    now: () => time,
    setTimeout(run, ms) {
      timers.push({ at: time + ms, run });
      return {};
    },
    advance(ms) {
      time += ms;
      for (const timer of timers.filter((t) => t.at <= time)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
    pending: () => timers.length,
  };
  return clock;
}

/** A task that runs until `finish()`; `started` says whether it was admitted. */
function heldTask() {
  let finish = () => {};
  const state = { started: false, finish: () => finish() };
  const task = () =>
    new Promise<void>((resolve) => {
      state.started = true;
      finish = resolve;
    });
  return { state, task };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('adaptive limiter', () => {
  it('admits up to the limit read at each admission, in arrival order', async () => {
    let slots = 2;
    const limiter = createAdaptiveLimiter(() => ({ slots }), fakeClock());
    const tasks = [heldTask(), heldTask(), heldTask(), heldTask()];
    const runs = tasks.map(({ task }) => limiter.run(task));
    await settle();
    assert.deepEqual(
      tasks.map(({ state }) => state.started),
      [true, true, false, false]
    );
    // The limit falls: the running tasks finish, and the next starts only below the new limit.
    slots = 1;
    tasks[0].state.finish();
    await settle();
    assert.deepEqual(
      tasks.map(({ state }) => state.started),
      [true, true, false, false]
    );
    tasks[1].state.finish();
    await settle();
    assert.deepEqual(
      tasks.map(({ state }) => state.started),
      [true, true, true, false]
    );
    tasks[2].state.finish();
    await settle();
    tasks[3].state.finish();
    await Promise.all(runs);
    assert.equal(limiter.running(), 0);
  });

  it('admits waiting tasks when it asks again and the limit has risen, with no task ending', async () => {
    const clock = fakeClock();
    let readUntil = 500;
    const limiter = createAdaptiveLimiter(
      (now) => (now < readUntil ? { slots: 1, askAgainInMs: readUntil - now } : { slots: 2 }),
      clock
    );
    const [first, second] = [heldTask(), heldTask()];
    const runs = [limiter.run(first.task), limiter.run(second.task)];
    await settle();
    assert.deepEqual([first.state.started, second.state.started], [true, false]);
    assert.equal(clock.pending(), 1, 'one timer, to ask again when the reading stretch ends');
    // A reader came meanwhile: asked again at 500 ms, the limit is still one; it asks again later.
    readUntil = 800;
    clock.advance(500);
    await settle();
    assert.equal(second.state.started, false);
    clock.advance(300);
    await settle();
    assert.equal(second.state.started, true, 'admitted once the site is quiet');
    first.state.finish();
    second.state.finish();
    await Promise.all(runs);
  });

  it('always admits one task, whatever the limit says', async () => {
    const limiter = createAdaptiveLimiter(() => ({ slots: 0 }), fakeClock());
    assert.equal(await limiter.run(async () => 'done'), 'done');
  });
});

describe('reader activity', () => {
  it('counts the site as read while a reader is in flight and for the quiet time after it', () => {
    const readers = createReaderActivity(1000);
    assert.equal(readers.readFor(0), 0);
    const page = {};
    readers.started(page);
    assert.equal(readers.readFor(10), 1000);
    readers.ended(page, 100);
    assert.equal(readers.readFor(600), 500);
    assert.equal(readers.readFor(1100), 0);
  });

  it('does not count a request that waits on image work, from the moment it does', () => {
    const readers = createReaderActivity(1000);
    const publish = {};
    readers.started(publish);
    readers.waitsOnImages(publish);
    readers.waitsOnImages(publish);
    assert.equal(readers.readFor(0), 0, 'the importing request is no reader');
    readers.ended(publish, 50);
    assert.equal(readers.readFor(60), 0, 'and its end starts no reading stretch');
    // A request the middleware never saw (work outside a request) changes nothing.
    readers.waitsOnImages({});
    readers.ended({}, 70);
    assert.equal(readers.readFor(80), 0);
  });
});
