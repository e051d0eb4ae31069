import assert from 'node:assert/strict';
import type { Knex } from 'knex';

/**
 * Runs `start` while another delivery holds the lock `lockKey` (a live lease in the plugin's lock
 * table, written by the test's own connection): asserts that what it started is still waiting after
 * `ms`, gives the lock back and answers what it started.
 */
export async function whileLockHeldElsewhere<T>(
  database: { connect(): Knex },
  lockKey: string,
  start: () => Promise<T>,
  what: string,
  ms = 700
): Promise<T> {
  const connection = database.connect();
  try {
    await connection('article_publisher_locks').insert({
      lock_key: lockKey,
      owner: 'another-delivery',
      expires_at: Date.now() + 60_000,
    });
    const pending = start();
    const waited = await Promise.race([
      pending.then(
        () => false,
        () => false
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms)),
    ]);
    assert.ok(waited, `${what} waits for the held lock`);
    await connection('article_publisher_locks').where({ lock_key: lockKey }).delete();
    return await pending;
  } finally {
    // Given back also when the check failed, so that what was started does not wait out the lease.
    await connection('article_publisher_locks').where({ lock_key: lockKey }).delete();
    await connection.destroy();
  }
}
