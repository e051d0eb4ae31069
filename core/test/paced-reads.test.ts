import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PacedReads } from '../src/paced-reads';

/** A clock the test moves, and a log of turns the pacer asked for. */
function pacer(options: { expectMs?: number; holdMs?: number } = {}) {
  let clock = 1_000;
  const turns: string[] = [];
  const reads = new PacedReads({
    expectMs: options.expectMs ?? 60_000,
    holdMs: options.holdMs ?? 5_000,
    now: () => clock,
    nextTurn: () => new Promise((resolve) => setImmediate(() => (turns.push('turn'), resolve()))),
  });
  return { reads, turns, advance: (ms: number) => (clock += ms) };
}

describe('PacedReads: announced reads one at a time, a turn of the event loop before each (issue #30)', () => {
  it('lets a read nobody announced pass at once, without a turn', async () => {
    const { reads, turns } = pacer();
    reads.expect(['guide#1']);
    assert.equal(reads.isExpected('guide#2'), false);
    assert.equal(await reads.take('guide#2'), undefined);
    assert.deepEqual(turns, []);
  });

  it('paces only the next read of an announced key', async () => {
    const { reads, turns } = pacer();
    reads.expect(['guide#1']);
    assert.equal(reads.isExpected('guide#1'), true);
    const done = await reads.take('guide#1');
    assert.equal(typeof done, 'function');
    assert.deepEqual(turns, ['turn'], 'a turn before the read');
    done?.();
    assert.equal(reads.isExpected('guide#1'), false, 'announced once, paced once');
    assert.equal(await reads.take('guide#1'), undefined);
  });

  it('starts the second read only after the first is done, and a turn after that', async () => {
    const { reads, turns } = pacer();
    reads.expect(['guide#1', 'guide#2']);
    const order: string[] = [];
    const first = reads.take('guide#1').then((done) => (order.push('first starts'), done));
    const second = reads.take('guide#2').then((done) => (order.push('second starts'), done));
    const doneFirst = await first;
    // The second waits however long the first takes (its parse): several turns go by.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ['first starts']);
    order.push('first done');
    const turnsBefore = turns.length;
    doneFirst?.();
    const doneSecond = await second;
    assert.deepEqual(order, ['first starts', 'first done', 'second starts']);
    assert.equal(turns.length, turnsBefore + 1, 'a turn between the two reads');
    doneSecond?.();
  });

  it('is settled once the reads taken are done, with a turn before and after', async () => {
    const { reads, turns } = pacer();
    assert.equal(await reads.settled(), undefined, 'nothing announced: two turns');
    assert.deepEqual(turns, ['turn', 'turn']);
    reads.expect(['guide#1']);
    const order: string[] = [];
    const read = reads.take('guide#1').then((done) => (order.push('read starts'), done));
    const settled = reads.settled().then(() => order.push('settled'));
    const done = await read;
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ['read starts'], 'not before the read is done');
    done?.();
    await settled;
    assert.deepEqual(order, ['read starts', 'settled']);
  });

  it('forgets an announcement after its time (a write that rolled back never reads)', async () => {
    const { reads, turns, advance } = pacer({ expectMs: 1_000 });
    reads.expect(['guide#1']);
    advance(1_001);
    assert.equal(await reads.take('guide#1'), undefined);
    assert.deepEqual(turns, []);
    reads.expect(['guide#2']);
    advance(1_001);
    reads.expect(['guide#3']);
    await reads.take('guide#3');
    assert.equal(reads.isExpected('guide#2'), false, 'expired announcements are swept');
  });

  it('lets the next read go when the one before never says it is done (it failed)', async () => {
    const { reads } = pacer({ holdMs: 20 });
    reads.expect(['guide#1', 'guide#2']);
    await reads.take('guide#1');
    // The hold timer does not keep a process alive (a server is): this test's own timer does.
    const alive = setTimeout(() => undefined, 10_000);
    const done = await reads.take('guide#2');
    clearTimeout(alive);
    assert.equal(typeof done, 'function', 'released by the hold time, not stuck');
  });
});
