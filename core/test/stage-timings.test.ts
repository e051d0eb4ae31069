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
    // A clock of the test's own: each pause moves it by exactly its length, so the sums are exact.
    let time = 1000;
    const pauseFor = async (ms: number) => {
      await pause(0);
      time += ms;
    };
    const records: StageRecord[] = [];
    const clock = createStageTimings(
      (record) => records.push(record),
      () => time
    ).start('publish');
    await clock.time('outer', async () => {
      await pauseFor(30);
      await clock.time('inner', () => pauseFor(40));
      clock.add('hashing', 5);
    });
    time += 2; // glue between the stages, timed by none of them
    clock.finish();
    const [{ kind, stages, totalMs }] = records;
    assert.equal(kind, 'publish');
    assert.equal(stages.inner, 40);
    assert.equal(stages.hashing, 5);
    // The outer stage's own time: its 30 ms, less the hashing added inside it (counted once, as its own).
    assert.equal(stages.outer + stages.inner + stages.hashing, 70);
    assert.equal(totalMs, 72, 'each millisecond counts once: the stages and the untimed glue');
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
