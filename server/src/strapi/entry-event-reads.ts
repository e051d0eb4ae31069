import type { Core } from '@strapi/strapi';
import { nextTurn } from '../../../core/src/event-loop-turn';
import { PacedReads, type ReadDone } from '../../../core/src/paced-reads';
import { parseSliced, type SlicedJson } from '../../../core/src/sliced-json';

type Subscriber = Parameters<Core.Strapi['db']['lifecycles']['subscribe']>[0];
/** A Query Engine lifecycle event, as a subscriber of the findOne actions receives it. */
type LifecycleEvent = Parameters<NonNullable<Extract<Subscriber, { models?: string[] }>['beforeFindOne']>>[0];

/**
 * A JSON body a write stored into the rows it announces: their event reads take it from here, parsed a
 * slice at a time between its cuts (core/src/sliced-json.ts).
 */
export interface StoredBody extends SlicedJson {
  field: string;
}

/**
 * The columns of every attribute but `field`, as a `select` names them: a scalar attribute by its
 * name, a relation held in a column of the row by that column (what `*` would have read).
 */
function columnsBesides(model: LifecycleEvent['model'], field: string): string[] {
  const columns: string[] = [];
  for (const [name, attribute] of Object.entries(model.attributes)) {
    if (name === field) continue;
    if (attribute.type !== 'relation') columns.push(name);
    else if ('joinColumn' in attribute && attribute.joinColumn) columns.push(attribute.joinColumn.name);
  }
  return columns;
}

/**
 * Relies on (beyond the documented plugin API), checked on Strapi 5.0.0 and 5.54.0 (5.0.0 by reading
 * @strapi/database and @strapi/core; both by test/strapi-contract.test.ts, also in the compat check):
 * - Strapi's entry events (`entry.create`, `entry.update`, `entry.publish`) each read the entry they
 *   name again after the commit, `strapi.db.query(uid).findOne({ where: { id }, populate })`, outside
 *   any transaction, all started at once (@strapi/core dist/services/document-service/events.js);
 * - `strapi.db.lifecycles.subscribe({ models, beforeFindOne, afterFindOne })` runs the hooks around
 *   each findOne of those models, awaits `beforeFindOne` and `afterFindOne` (the body is parsed there
 *   between turns), hands both hooks the same `event.state`, and
 *   returns the function that removes the subscriber (@strapi/database dist/lifecycles/index.js). That
 *   function splices by `indexOf`: called twice it would remove another subscriber, so it is called
 *   once. The subscriber is added last, and removed only after a turn of the event loop once nothing is
 *   pending, so no other subscriber's run skips one (Strapi's run walks the list by index);
 * - on SQLite, readers wait for every query of the connection (database-client.ts);
 * - findOne hands `beforeFindOne` the very params it then queries with, and returns the very result it
 *   handed `afterFindOne` (@strapi/database dist/entity-manager/index.js); a `select` of attribute names
 *   and join columns reads the entry a `*` reads but for the columns left out (populate adds the id and
 *   the join columns it needs: dist/query/helpers/populate/process.js; a row's columns become the
 *   entry's attributes in dist/query/helpers/transform.js); a model's own lifecycles (its `lifecycles`
 *   file) run before any added subscriber (dist/lifecycles/index.js lists them second: read, not in the
 *   contract test).
 *
 * For an entry the plugin stored a large JSON body into, each event read parses megabytes on this
 * process's event loop. On SQLite (one connection) they run back to back: readers wait for all of them
 * (issue #30). On PostgreSQL and MySQL the rows arrive on connections of their own, but both parses
 * still ran one after the other on the event loop: a reader waited 200 to 330 ms after the largest
 * Blocks publish on PostgreSQL, 120 to 220 ms paced (issue #62, docs/benchmarks.md). So on every
 * database this paces those reads (core/src/paced-reads.ts): one at a time, each after the event loop
 * had a turn. Strapi's events and their payloads stay as they are. Only for the announced type
 * (`models`), and only while a read of it is announced or running; `stop` (the plugin's destroy)
 * removes what is left.
 *
 * A body announced with its rows (a large Blocks body, large-blocks-write.ts) is not read back at all:
 * its event read selects every column but the body's, and the body is parsed from the JSON text the
 * write stored, a slice at a time with turns of the event loop between (the write's cuts). On SQLite
 * the read of a 5 MB body's row was 80 ms of synchronous driver time before Strapi's parse of it (130 ms
 * and its garbage): each event read held readers 270 to 310 ms on a 2-core machine; read as the text
 * this write stored, it was still one stretch of parse and garbage, 150 to 220 ms on every database
 * (issue #62, docs/benchmarks.md). The event carries the same entry: the body is the text this
 * write stored into exactly these rows (its key comes last in the entry, where a `*` read puts it in
 * the table's column order). Not for a read with a `select` of its own, nor for a type whose own
 * lifecycles read found entries (`afterFindOne`), which would see the entry before the body is in it.
 *
 * The announcements live in this process's memory on purpose: the events are read by the process that
 * committed the write, and nothing here is needed by another instance.
 */
const entryEventReads = ({ strapi }: { strapi: Core.Strapi }) => {
  // An announced read comes within milliseconds of the commit; a write that rolled back never reads.
  const EXPECT_MS = 60_000;
  const paced = new PacedReads({ expectMs: EXPECT_MS, holdMs: 5_000 });
  const keyOf = (uid: string, id: unknown) => `${uid}#${String(id)}`;
  /** The subscriber of each type with a read announced or running, and its reads running. */
  const subscriptions = new Map<
    string,
    { unsubscribe: () => void; running: number; timer?: NodeJS.Timeout }
  >();
  /** The body each announced row holds, by row key, until its event read takes it. */
  const storedBodies = new Map<string, StoredBody>();
  const forgetStoredBodies = (uid: string) => {
    for (const key of storedBodies.keys()) if (key.startsWith(keyOf(uid, ''))) storedBodies.delete(key);
  };

  /** The row id of a read by id alone, as the events' reads are. */
  const idReadOf = (event: LifecycleEvent): unknown => {
    // Params types `where` as any: an object of column conditions.
    const where = event.params?.where as Record<string, unknown> | undefined;
    if (!where || !('id' in where) || Object.keys(where).length !== 1) return undefined;
    return where.id;
  };

  /** Removes the type's subscriber once nothing of it is announced or running (after a turn: see above). */
  function releaseWhenIdle(uid: string): void {
    setImmediate(() => {
      const subscription = subscriptions.get(uid);
      if (!subscription || subscription.running > 0 || paced.expectsAny(keyOf(uid, ''))) return;
      forgetStoredBodies(uid);
      subscriptions.delete(uid);
      clearTimeout(subscription.timer);
      subscription.unsubscribe();
    });
  }

  function subscribe(uid: string): void {
    const subscriber: Subscriber = {
      models: [uid],
      beforeFindOne(event) {
        const id = idReadOf(event);
        if (id === undefined) return undefined;
        // The events read after the commit, outside any transaction. A read inside one (Strapi's save
        // of the same row in a later write) never waits: it would hold the connection the read before
        // it needs, on SQLite's one connection.
        if (strapi.db.inTransaction()) return undefined;
        const key = keyOf(uid, id);
        if (!paced.isExpected(key)) return undefined;
        const subscription = subscriptions.get(uid);
        if (subscription) subscription.running++;
        const stored = storedBodies.get(key);
        storedBodies.delete(key);
        if (stored && event.params.select === undefined && !event.model.lifecycles?.afterFindOne) {
          event.params.select = columnsBesides(event.model, stored.field);
          event.state.storedBody = stored;
        }
        return paced.take(key).then((done) => {
          event.state.done = done ?? (() => undefined);
        });
      },
      async afterFindOne(event) {
        const stored = event.state.storedBody as StoredBody | undefined;
        // The result is the entry findOne answers (null for a row deleted since the commit).
        const entry = event.result as Record<string, unknown> | null | undefined;
        try {
          // Parsed as Strapi's JSON field reads the column (@strapi/database dist/fields/json.js), a
          // slice at a time: the next paced read waits for the last slice.
          if (stored && entry) entry[stored.field] = await parseSliced(stored, nextTurn);
        } finally {
          const done = event.state.done as ReadDone | undefined;
          if (done) {
            done();
            const subscription = subscriptions.get(uid);
            if (subscription) subscription.running--;
            releaseWhenIdle(uid);
          }
        }
      },
    };
    subscriptions.set(uid, { unsubscribe: strapi.db.lifecycles.subscribe(subscriber), running: 0 });
  }

  return {
    /**
     * Announces the event reads of these rows of `uid`, written in the transaction now running: they
     * will be paced; with `storedBody` (what the write stored into every one of these rows), they take
     * the body from it instead of reading it back.
     */
    expectEventReads(uid: string, rowIds: readonly number[], storedBody?: StoredBody): void {
      if (!rowIds.length) return;
      const keys = rowIds.map((id) => keyOf(uid, id));
      paced.expect(keys);
      for (const key of keys) {
        if (storedBody) storedBodies.set(key, storedBody);
        // A later write of the row without a body of its own leaves the row to be read as it is.
        else storedBodies.delete(key);
      }
      if (!subscriptions.has(uid)) subscribe(uid);
      const subscription = subscriptions.get(uid)!;
      // A write that rolled back never reads: its announcement expires, and the subscriber goes with it
      // (a read that failed never ran afterFindOne: by then it is not running either).
      clearTimeout(subscription.timer);
      subscription.timer = setTimeout(() => {
        subscription.running = 0;
        releaseWhenIdle(uid);
      }, EXPECT_MS + 1_000);
      subscription.timer.unref?.();
    },

    /**
     * Resolves once the announced reads taken so far are done, with a turn of the event loop before
     * and after: a write in two transactions waits for it before its second (see paced-reads.ts).
     */
    settled(): Promise<void> {
      return paced.settled();
    },

    /** The types whose reads are paced now (their subscribers are registered). */
    pacedTypes(): string[] {
      return [...subscriptions.keys()];
    },

    /** Removes every subscriber (the plugin's destroy). */
    stop(): void {
      storedBodies.clear();
      for (const [uid, subscription] of subscriptions) {
        subscriptions.delete(uid);
        clearTimeout(subscription.timer);
        subscription.unsubscribe();
      }
    },
  };
};

export type EntryEventReadsService = ReturnType<typeof entryEventReads>;
export default entryEventReads;
