import type { Core } from '@strapi/strapi';
import { PacedReads, type ReadDone } from '../../../core/src/paced-reads';

type Subscriber = Parameters<Core.Strapi['db']['lifecycles']['subscribe']>[0];
/** A Query Engine lifecycle event, as a subscriber of the findOne actions receives it. */
type LifecycleEvent = Parameters<NonNullable<Extract<Subscriber, { models?: string[] }>['beforeFindOne']>>[0];

/**
 * Strapi's entry events (`entry.create`, `entry.update`, `entry.publish`) each read the entry they name
 * again after the commit: `findOne({ where: { id } })` with every relation and component (Strapi 5.54,
 * document-service/events.js), all started at once. For an entry the plugin stored a large JSON body
 * into, each such read parses megabytes, and on SQLite they run back to back: readers wait for all of
 * them (issue #30). This paces those reads (core/src/paced-reads.ts): one at a time, each after the
 * event loop had a turn. Strapi's events and their payloads stay as they are.
 *
 * The announcements live in this process's memory on purpose: the events are read by the process that
 * committed the write, and nothing here is needed by another instance.
 */
const entryEventReads = ({ strapi }: { strapi: Core.Strapi }) => {
  // An announced read comes within milliseconds of the commit; a write that rolled back never reads.
  const paced = new PacedReads({ expectMs: 60_000, holdMs: 5_000 });
  const keyOf = (uid: string, id: unknown) => `${uid}#${String(id)}`;
  /** The row id of a read by id alone, as the events' reads are. */
  const idReadOf = (event: LifecycleEvent): unknown => {
    // Params types `where` as any: an object of column conditions.
    const where = event.params?.where as Record<string, unknown> | undefined;
    if (!where || !('id' in where) || Object.keys(where).length !== 1) return undefined;
    return where.id;
  };

  return {
    /** Announces the event reads of these rows of `uid`, written in the transaction now running. */
    expectEventReads(uid: string, rowIds: readonly number[]): void {
      paced.expect(rowIds.map((id) => keyOf(uid, id)));
    },

    /** Subscribes to the Query Engine's findOne lifecycle, where the event reads pass. */
    subscribe(): void {
      const subscriber: Subscriber = {
        beforeFindOne(event) {
          // Every findOne of the site passes here: nothing announced (nearly always), nothing to look at.
          if (!paced.waiting) return undefined;
          const id = idReadOf(event);
          if (id === undefined) return undefined;
          // The events read after the commit, outside any transaction. A read inside one (Strapi's save
          // of the same row in a later write) never waits: it would hold the connection the read before
          // it needs, on SQLite's one connection.
          if (strapi.db.inTransaction()) return undefined;
          const key = keyOf(event.model.uid, id);
          if (!paced.isExpected(key)) return undefined;
          return paced.take(key).then((done) => {
            event.state.done = done;
          });
        },
        afterFindOne(event) {
          (event.state.done as ReadDone | undefined)?.();
        },
      };
      strapi.db.lifecycles.subscribe(subscriber);
    },
  };
};

export type EntryEventReadsService = ReturnType<typeof entryEventReads>;
export default entryEventReads;
