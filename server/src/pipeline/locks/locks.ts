import { randomUUID } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Connection, HeldLocks, LocksTakenWithin } from '../publish/types';
import { describeError } from '../../common/describe-error';
import { LOCK_TABLE } from '../../common/plugin-tables';
import { ServiceError } from '../../../../core/src/errors';
import { LOCK_KEY_MAX_LENGTH, lockKey } from '../../../../core/src/lock-key';
import { startLockWait } from '../../../../core/src/lock-wait';

const LEASE_MS = 15_000;
const RENEW_EVERY_MS = 5_000;
/** A waiter gives up on a holder that keeps the locks this long, or after this long in all (core/src/lock-wait.ts). */
const WAIT_LIMITS = { stuckAfterMs: 60_000, maxWaitMs: 300_000 };

export type { Connection, HeldLocks, LocksTakenWithin };

/** A deadlock or lock-wait timeout (MySQL/MariaDB error numbers 1213 and 1205, PostgreSQL's 40P01). */
function isLockConflict(error: unknown): boolean {
  const { errno, code } = (error ?? {}) as { errno?: unknown; code?: unknown };
  return errno === 1213 || errno === 1205 || code === '40P01';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The table's keys of these lock names, each once, in the one order every holder takes them in. */
const keysOf = (names: string[]) => [...new Set(names.map(lockKey))].sort();

/**
 * Cross-instance mutual exclusion on the database. Strapi enforces `unique` only in application
 * code, so two publishes of one slug (on one instance or several) would both insert; a primary-key
 * row per lock name closes that race. A lease that its holder renews lets the lock outlive no
 * crashed instance for more than LEASE_MS.
 */
const locks = ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  /**
   * Inserts a row per name for `owner`, leaving rows others hold as they are. Answers how many rows it
   * inserted where the database says so (PostgreSQL and SQLite answer an insert with its rows), else
   * `unknown` (MySQL: the caller reads the rows). False when the insert was a deadlock victim: a holder
   * deletes its rows inside its write transaction, and on InnoDB several inserts waiting for that
   * transaction may deadlock when it commits; the one the database rolls back counts as having found
   * the locks busy.
   */
  async function insertRows(
    connection: Connection,
    names: string[],
    owner: string,
    now: number
  ): Promise<number | 'unknown' | false> {
    try {
      const insert = connection(LOCK_TABLE)
        .insert(names.map((name) => ({ lock_key: name, owner, expires_at: now + LEASE_MS })))
        .onConflict('lock_key')
        .ignore();
      if (!strapi.db.dialect.useReturning()) {
        await insert;
        return 'unknown';
      }
      const inserted: unknown[] = await insert.returning('lock_key');
      return inserted.length;
    } catch (error) {
      if (isLockConflict(error)) return false;
      throw error;
    }
  }

  /** Deletes the rows of these names that `owner` holds. */
  const deleteRows = (connection: Connection, names: string[], owner: string) =>
    connection(LOCK_TABLE).whereIn('lock_key', names).andWhere({ owner }).delete();

  /**
   * All the names or none: one insert of every row, one read of who holds them. Whatever was taken
   * is given back when some name is held elsewhere, so no caller holds locks while waiting for more
   * (no deadlock between callers). One query when nobody else holds them (two on MySQL). Answers
   * `taken`, or the other holders it read (none read when the insert was a deadlock victim).
   */
  async function tryAcquireAll(
    names: string[],
    owner: string
  ): Promise<{ taken: true } | { taken: false; holders?: string[] }> {
    const now = Date.now();
    const inserted = await insertRows(knex(), names, owner, now);
    if (inserted === false) return { taken: false };
    if (inserted === names.length) return { taken: true };
    const rows: { lock_key: string; owner: string; expires_at: number | string }[] = await knex()(LOCK_TABLE)
      .whereIn('lock_key', names)
      .select('lock_key', 'owner', 'expires_at');
    const mine = rows.filter((row) => row.owner === owner).map((row) => row.lock_key);
    if (mine.length === names.length) return { taken: true };
    if (mine.length) await release(mine, owner);
    const others = rows.filter((row) => row.owner !== owner);
    // A lease nobody renewed belongs to a crashed holder: cleared, so the next try can take it.
    const expired = others.filter((row) => Number(row.expires_at) < now);
    if (expired.length)
      await knex()(LOCK_TABLE)
        .whereIn(
          'lock_key',
          expired.map((row) => row.lock_key)
        )
        .andWhere('expires_at', '<', now)
        .delete();
    return { taken: false, holders: others.map((row) => row.owner) };
  }

  async function acquireAll(names: string[], owner: string): Promise<void> {
    const wait = startLockWait(WAIT_LIMITS, Date.now());
    let pause = 10;
    for (;;) {
      const attempt = await tryAcquireAll(names, owner);
      if (attempt.taken) return;
      if (wait.givesUp(attempt.holders, Date.now())) {
        throw new ServiceError(
          'temporarily_unavailable',
          'Another delivery of this article is still in progress. Retry later.'
        );
      }
      await sleep(pause + Math.random() * pause);
      pause = Math.min(pause * 2, 200);
    }
  }

  async function release(names: string[], owner: string): Promise<void> {
    await deleteRows(knex(), names, owner);
  }

  /** Runs `work` holding every named lock once `take` got them all; nothing runs when it did not. */
  async function runHolding<T>(
    names: string[],
    take: (sorted: string[], owner: string) => Promise<boolean>,
    work: (held: HeldLocks) => Promise<T>
  ): Promise<{ ran: true; value: T } | { ran: false }> {
    const owner = randomUUID();
    const sorted = keysOf(names);
    const held: string[] = [];
    // Async, so that even a synchronous throw (the connection pool gone at shutdown) becomes a
    // rejection that is logged: a throw in a timer callback would end the process.
    const renewLeases = async () => {
      await knex()(LOCK_TABLE)
        .whereIn('lock_key', held)
        .andWhere({ owner })
        .update({ expires_at: Date.now() + LEASE_MS });
    };
    const renew = setInterval(() => {
      renewLeases().catch((error: unknown) =>
        strapi.log.warn(`[article-publisher] lock renewal failed: ${describeError(error)}`)
      );
    }, RENEW_EVERY_MS);
    let releasedWithin = false;
    const lease: HeldLocks = {
      async releaseWithin(transaction) {
        await deleteRows(transaction, held, owner);
        releasedWithin = true;
      },
    };
    try {
      if (!(await take(sorted, owner))) return { ran: false };
      held.push(...sorted);
      const value = await work(lease);
      // The work came back, so the transaction that deleted the rows committed (a failed commit rejects).
      if (releasedWithin) held.length = 0;
      return { ran: true, value };
    } finally {
      clearInterval(renew);
      if (held.length) await release(held, owner);
    }
  }

  return {
    /**
     * Runs `work` holding every named lock. A name of any length works: the table stores its
     * `lockKey`. All keys are taken at once or none (see tryAcquireAll). Never call it inside a
     * database transaction: on SQLite the lock queries need the connection the transaction holds.
     */
    async withLocks<T>(names: string[], work: (held: HeldLocks) => Promise<T>): Promise<T> {
      const result = await runHolding(
        names,
        async (sorted, owner) => {
          await acquireAll(sorted, owner);
          return true;
        },
        work
      );
      if (!result.ran) throw new Error('unreachable: acquireAll either takes the locks or throws');
      return result.value;
    },

    /**
     * Takes every named lock inside `transaction`, or none: the rows go with its commit (deleted by
     * `releaseWithin` before it), so the locks cost no commit of their own; a write of two
     * transactions commits them with its first and gives them back in its last (or by `release`,
     * when that fails). Undefined when another holder has any of them (the caller rolls back). Only
     * where transactions run one at a time (SQLite): elsewhere an insert inside a transaction may
     * wait on, or deadlock with, another.
     */
    async tryTakeWithin(transaction: Connection, names: string[]): Promise<LocksTakenWithin | undefined> {
      const owner = randomUUID();
      const sorted = keysOf(names);
      if (sorted.length && (await insertRows(transaction, sorted, owner, Date.now())) !== sorted.length)
        return undefined;
      return {
        releaseWithin: async (within) => {
          await deleteRows(within, sorted, owner);
        },
        release: () => release(sorted, owner),
      };
    },

    /**
     * For a transaction that writes and commits alone, where transactions run one at a time (SQLite):
     * whether none of the names is held now. None can be taken before this transaction ends (the
     * holder's insert waits for it), and none is needed after its commit, so no lock row is written
     * or deleted: one read instead of an insert and a delete in the site's busiest commit (issue #62).
     * Undefined when another holder has any of them, or a crashed holder left one (the caller rolls
     * back and waits for it as withLocks does, which clears an expired lease).
     */
    async freeWithin(transaction: Connection, names: string[]): Promise<HeldLocks | undefined> {
      const keys = keysOf(names);
      if (keys.length) {
        const holder = await transaction(LOCK_TABLE).whereIn('lock_key', keys).first('lock_key');
        if (holder) return undefined;
      }
      return { releaseWithin: async () => undefined };
    },

    /**
     * As withLocks, but without waiting: when some name is held elsewhere right now, nothing runs and
     * the answer is undefined. For a fast path whose caller has a waiting path to fall back on.
     */
    async withLocksIfFree<T>(
      names: string[],
      work: (held: HeldLocks) => Promise<T>
    ): Promise<{ value: T } | undefined> {
      const result = await runHolding(
        names,
        async (sorted, owner) => (await tryAcquireAll(sorted, owner)).taken,
        work
      );
      return result.ran ? { value: result.value } : undefined;
    },

    async ensureTable(): Promise<void> {
      if (await knex().schema.hasTable(LOCK_TABLE)) return;
      try {
        await knex().schema.createTable(LOCK_TABLE, (table) => {
          table.string('lock_key', LOCK_KEY_MAX_LENGTH).primary();
          table.string('owner', 64).notNullable();
          table.bigInteger('expires_at').notNullable();
        });
      } catch (error) {
        // Another instance starting at the same moment may have created it first.
        if (!(await knex().schema.hasTable(LOCK_TABLE))) throw error;
      }
    },
  };
};

export type LocksService = ReturnType<typeof locks>;
export default locks;
