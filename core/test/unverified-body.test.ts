import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ByteBudget } from '../src/byte-budget';
import {
  BodyReadError,
  discardRest,
  readChargedBody,
  type BodyReadFailure,
  type ChargedReadOptions,
} from '../src/charged-body';

// Issue #32, item 3: unverified webhook bodies are charged by the bytes that arrive, within a share per
// client, and a body that stalls is given up.

const KB = 1024;

const failsWith = (reason: BodyReadFailure, message?: RegExp) => (error: unknown) => {
  assert.ok(error instanceof BodyReadError, String(error));
  assert.equal(error.reason, reason);
  if (message) assert.match(error.message, message);
  return true;
};

/**
 * Reads `stream` as a body of `declaredLength` bytes under a 8 KB limit, charged to `budget` (a fresh 10 KB
 * one by default), with timeouts generous enough for the cases that are not about time.
 */
function read(stream: PassThrough, options: Partial<ChargedReadOptions> & { budget?: ByteBudget } = {}) {
  const { budget = new ByteBudget(10 * KB, 10 * KB), ...overrides } = options;
  return readChargedBody(stream, {
    declaredLength: 4 * KB,
    limitBytes: 8 * KB,
    idleTimeoutMs: 5_000,
    readTimeoutMs: 10_000,
    account: budget.open('client'),
    ...overrides,
  });
}

describe('the budget for unverified bodies', () => {
  it('charges the bytes that arrive, not what a body declares, and gives them back once', () => {
    const budget = new ByteBudget(100, 60);
    const first = budget.open('10.0.0.1');
    const second = budget.open('10.0.0.2');
    assert.equal(first.charge(10), true);
    assert.equal(second.charge(10), true);
    assert.equal(budget.reserved, 20);
    assert.equal(first.charge(50), true);
    assert.equal(budget.reservedBy('10.0.0.1'), 60);
    first.release();
    first.release();
    assert.equal(budget.reserved, 10);
    assert.equal(budget.reservedBy('10.0.0.1'), 0);
    assert.equal(first.charge(1), false, 'a released account takes no more');
  });

  it('refuses what passes the whole budget or one client share, leaving room for other clients', () => {
    const budget = new ByteBudget(100, 50);
    const greedy = budget.open('10.0.0.1');
    const alsoGreedy = budget.open('10.0.0.1');
    assert.equal(greedy.charge(30), true);
    assert.equal(alsoGreedy.charge(21), false, 'over the share of 50');
    assert.equal(alsoGreedy.charge(20), true);
    assert.equal(budget.reservedBy('10.0.0.1'), 50);

    const other = budget.open('10.0.0.2');
    assert.equal(other.charge(50), true, 'another client has its own share');
    const third = budget.open('10.0.0.3');
    assert.equal(third.charge(1), false, 'the whole budget is held');
    greedy.release();
    assert.equal(third.charge(30), true);
    assert.equal(budget.reserved, 100);
  });
});

describe('reading an unverified body', () => {
  it('returns the exact bytes, charged to the account as they arrive', async () => {
    const budget = new ByteBudget(10 * KB, 10 * KB);
    const account = budget.open('client');
    const stream = new PassThrough();
    const reading = read(stream, { declaredLength: 3 * KB, account });
    stream.write(Buffer.alloc(KB, 'a'));
    await sleep(10);
    assert.equal(budget.reserved, KB, 'a body declared 3 KB holds the 1 KB received so far');
    stream.end(Buffer.alloc(2 * KB, 'b'));
    const body = await reading;
    assert.equal(body.length, 3 * KB);
    assert.equal(body.subarray(KB - 1, KB + 1).toString(), 'ab');
    assert.equal(account.charged, 3 * KB);
  });

  it('gives up a body that stalls, or that trickles in past the read deadline', async () => {
    const stalled = new PassThrough();
    const stalledRead = read(stalled, { idleTimeoutMs: 50 });
    stalled.write(Buffer.alloc(KB));
    await assert.rejects(stalledRead, failsWith('timed_out', /no byte of the body arrived for 50 ms/));

    const trickle = new PassThrough();
    const trickleRead = read(trickle, { idleTimeoutMs: 100, readTimeoutMs: 150 });
    const dripping = setInterval(() => trickle.write('x'), 20);
    try {
      await assert.rejects(trickleRead, failsWith('timed_out', /within 150 ms/));
    } finally {
      clearInterval(dripping);
    }
  });

  it('refuses a chunk over the budget, a body over the limit, one that ends short, and a dropped connection', async () => {
    const overBudget = new PassThrough();
    const overBudgetRead = read(overBudget, { budget: new ByteBudget(2 * KB, 2 * KB) });
    overBudget.write(Buffer.alloc(KB));
    overBudget.write(Buffer.alloc(2 * KB));
    await assert.rejects(overBudgetRead, failsWith('over_budget'));

    const chunked = new PassThrough();
    const chunkedRead = read(chunked, { declaredLength: null, limitBytes: KB });
    chunked.write(Buffer.alloc(KB + 1));
    await assert.rejects(chunkedRead, failsWith('too_large'));

    const short = new PassThrough();
    const shortRead = read(short, { declaredLength: 10 });
    short.end('12345');
    await assert.rejects(shortRead, failsWith('length_mismatch', /has 5 bytes/));

    const dropped = new PassThrough();
    const droppedRead = read(dropped, { declaredLength: 10 });
    dropped.write('12345');
    dropped.destroy();
    await assert.rejects(droppedRead, failsWith('aborted'));
  });

  it('drops the rest of a refused body as it arrives, until it ends or stalls', async () => {
    const ending = new PassThrough();
    const drained = discardRest(ending, { idleTimeoutMs: 1_000, deadlineMs: 5_000 });
    ending.write(Buffer.alloc(64 * KB));
    ending.end(Buffer.alloc(64 * KB));
    assert.equal(await drained, 'ended');

    const stalling = new PassThrough();
    const stalled = discardRest(stalling, { idleTimeoutMs: 50, deadlineMs: 5_000 });
    stalling.write('a little');
    assert.equal(await stalled, 'timed_out');
  });
});
