import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStageTimings, type StageRecord } from '../src/stage-timings';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stage timings', () => {
  it('without a sink, runs the work and records nothing', async () => {
    const timings = createStageTimings(undefined);
    const clock = timings.start('image');
    assert.equal(timings.enabled, false);
    assert.equal(await clock.time('download', async () => 42), 42);
    clock.finish();
  });

  it("records each stage's own time: a nested stage is taken out of its parent", async () => {
    const records: StageRecord[] = [];
    const clock = createStageTimings((record) => records.push(record)).start('publish');
    await clock.time('outer', async () => {
      await pause(30);
      await clock.time('inner', () => pause(40));
      clock.add('hashing', 5);
    });
    clock.finish();
    const [{ kind, stages, totalMs }] = records;
    assert.equal(kind, 'publish');
    assert.ok(stages.inner >= 35, `inner ${stages.inner}`);
    assert.equal(stages.hashing, 5);
    assert.ok(stages.outer >= 20, `outer ${stages.outer}`);
    // Each millisecond counts once: the stages add up to the total, less a little untimed glue.
    const sum = stages.outer + stages.inner + stages.hashing;
    assert.ok(totalMs - sum >= 0 && totalMs - sum < 5, `total ${totalMs}, stages ${sum}`);
  });

  it('hands over nothing for a unit that timed no stage (an image reused as it was)', () => {
    const records: StageRecord[] = [];
    const timings = createStageTimings((record) => records.push(record));
    timings.start('image').finish();
    const timed = timings.start('image');
    timed.add('download', 3);
    timed.finish();
    assert.deepEqual(
      records.map((record) => record.stages),
      [{ download: 3 }]
    );
  });
});
