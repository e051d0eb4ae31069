import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startLockWait } from '../src/lock-wait';

const limits = { stuckAfterMs: 60_000, maxWaitMs: 300_000 };

describe('lock wait', () => {
  it('gives up when one holder keeps the locks past stuckAfterMs', () => {
    const wait = startLockWait(limits, 0);
    assert.equal(wait.givesUp(['a'], 10), false);
    assert.equal(wait.givesUp(['a'], 60_000), false);
    assert.equal(wait.givesUp(['a'], 60_011), true);
  });

  it('waits on while the holders change: the queue moves', () => {
    const wait = startLockWait(limits, 0);
    for (let t = 0, n = 0; t <= 200_000; t += 5_000, n += 1)
      assert.equal(wait.givesUp([`holder-${n}`], t), false, `at ${t} ms`);
  });

  it('counts a holder from when it was first seen, and an unread try as no change', () => {
    const wait = startLockWait(limits, 0);
    assert.equal(wait.givesUp(['a'], 0), false);
    assert.equal(wait.givesUp(['b'], 50_000), false);
    assert.equal(wait.givesUp(undefined, 100_000), false);
    assert.equal(wait.givesUp(undefined, 110_001), true, 'b held them 60 s');
  });

  it('reads the same holders in any order as no change', () => {
    const wait = startLockWait(limits, 0);
    assert.equal(wait.givesUp(['a', 'b'], 0), false);
    assert.equal(wait.givesUp(['b', 'a', 'a'], 60_001), true);
  });

  it('ends every wait at maxWaitMs, however the holders change', () => {
    const wait = startLockWait(limits, 0);
    assert.equal(wait.givesUp(['x'], 299_000), false);
    assert.equal(wait.givesUp(['y'], 300_001), true);
  });
});
