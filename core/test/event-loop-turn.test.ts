import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { letReadersIn, TURN_SLICE_MS } from '../src/event-loop-turn';

/** Whether awaiting `step` let the event loop turn: an immediate queued before it has run by then. */
async function turned(step: () => Promise<void>): Promise<boolean> {
  let ran = false;
  setImmediate(() => (ran = true));
  await step();
  return ran;
}

describe('letReadersIn: a turn of the event loop once a publish has held it for a slice (issue #30)', () => {
  it('turns when the last turn is a slice ago, and not again within the slice', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    assert.equal(await turned(() => letReadersIn(now)), true);
    clock += TURN_SLICE_MS - 1;
    assert.equal(await turned(() => letReadersIn(now)), false, 'within the slice: no turn');
    clock += 1;
    assert.equal(await turned(() => letReadersIn(now)), true, 'a slice later: a turn');
  });
});
