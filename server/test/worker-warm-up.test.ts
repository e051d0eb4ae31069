/** A worker thread's warm-up (server/src/worker/warm-up.ts, issue #62): the sample's tasks, bounded. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalize, renderBody, writeBody } from '../src/worker/article-work';
import { warmUp, WARM_UP_ROUNDS, type WarmUpTasks } from '../src/worker/warm-up';

/** The real tasks, each call counted by its name and its output kept. */
function countedTasks() {
  const calls: string[] = [];
  const outputs: unknown[] = [];
  const counted =
    <T, R>(name: string, task: (input: T) => R) =>
    (input: T): R => {
      calls.push(name);
      const output = task(input);
      outputs.push(output);
      return output;
    };
  const tasks: WarmUpTasks = {
    normalize: counted('normalize', normalize),
    writeBody: counted('writeBody', writeBody),
    renderBody: counted('renderBody', renderBody),
  };
  return { tasks, calls, outputs };
}

describe('a worker thread`s warm-up', () => {
  it('runs every kind of task a publish and a WordPress read send, on a sample every task takes', () => {
    const { tasks, calls, outputs } = countedTasks();
    assert.equal(warmUp(tasks, { rounds: 2 }), 2);
    const round = [
      'normalize',
      'normalize',
      'normalize',
      'writeBody',
      'writeBody',
      'writeBody',
      'renderBody',
      'renderBody',
    ];
    assert.deepEqual(calls, [...round, ...round]);
    // Nothing was refused: the sample takes the same path as an article.
    for (const output of outputs.slice(0, 3))
      assert.ok(output && typeof output === 'object' && 'article' in output);
    // Markdown and Blocks written in the normalizing trip (the body-ahead path), the zone in its own.
    assert.ok(outputs.slice(0, 2).every((output) => (output as { writtenAhead?: unknown }).writtenAhead));
    const [zone] = outputs.slice(3) as { value: unknown[] }[];
    assert.ok(Array.isArray(zone.value) && zone.value.length > 0, 'the zone has components');
    for (const html of outputs.slice(6, 8)) assert.match(html as string, /<h2>Part 0 of sample 0<\/h2>/);
  });

  it('stops after its rounds, or once its time is up', () => {
    // Without a time limit, so that a loaded machine (CI runs suites side by side) cannot cut it short.
    assert.equal(warmUp(countedTasks().tasks, { maxMs: Number.POSITIVE_INFINITY }), WARM_UP_ROUNDS);
    assert.equal(warmUp(countedTasks().tasks, { rounds: 5, maxMs: 0 }), 0);
  });

  it('lets an error out: the thread`s entry decides what a failed warm-up means', () => {
    const { tasks } = countedTasks();
    const failing = {
      ...tasks,
      writeBody: () => {
        throw new Error('broken writer');
      },
    };
    assert.throws(() => warmUp(failing, { rounds: 1 }), /broken writer/);
  });
});
