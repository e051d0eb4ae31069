/** Strapi's entry-event reads of large bodies, paced (server/src/services/entry-event-reads.ts, issue #30). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Core } from '@strapi/strapi';
import entryEventReads from '../src/services/entry-event-reads';

type Handler = (event: FindOneEvent) => unknown;
interface FindOneEvent {
  model: { uid: string };
  params: { where?: Record<string, unknown>; populate?: unknown };
  state: Record<string, unknown>;
}

/** A site whose Query Engine lifecycles keep the subscriber, to call it as a findOne would. */
function site() {
  const subscribers: Record<string, Handler>[] = [];
  const transaction = { open: false };
  const strapi = {
    db: {
      lifecycles: { subscribe: (subscriber: Record<string, Handler>) => subscribers.push(subscriber) },
      inTransaction: () => transaction.open,
    },
  } as unknown as Core.Strapi;
  const service = entryEventReads({ strapi });
  service.subscribe();
  assert.equal(subscribers.length, 1);
  const [subscriber] = subscribers;
  /** A findOne through the lifecycles: before, the read itself (`read`), after; with one state. */
  const findOne = async (uid: string, where: Record<string, unknown>, read: () => void) => {
    const event: FindOneEvent = { model: { uid }, params: { where, populate: {} }, state: {} };
    await subscriber.beforeFindOne(event);
    read();
    await subscriber.afterFindOne(event);
  };
  return { service, subscriber, findOne, transaction };
}

const GUIDE = 'api::guide.guide';

describe("Strapi's entry-event reads of an entry the plugin stored a large body into", () => {
  it('leave every other read alone: nothing to wait for', () => {
    const { service, subscriber } = site();
    service.expectEventReads(GUIDE, [7, 8]);
    const event = (uid: string, where: Record<string, unknown>) => ({
      model: { uid },
      params: { where },
      state: {},
    });
    assert.equal(subscriber.beforeFindOne(event(GUIDE, { id: 9 })), undefined, 'another row');
    assert.equal(
      subscriber.beforeFindOne(event('api::article.article', { id: 7 })),
      undefined,
      'another type'
    );
    assert.equal(
      subscriber.beforeFindOne(event(GUIDE, { id: 7, publishedAt: { $null: true } })),
      undefined,
      'a lookup that is not a read by id alone'
    );
  });

  it('run one at a time, each after a turn of the event loop, in the order Strapi started them', async () => {
    const { service, findOne } = site();
    service.expectEventReads(GUIDE, [7, 8]);
    const log: string[] = [];
    // Counts the event loop's turns: an immediate that queues itself again runs once per turn.
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    // Strapi starts both reads at once after the commit (document-service/events.js).
    const reads = Promise.all([
      findOne(GUIDE, { id: 7 }, () => log.push(`read 7 after ${turns} turns`)),
      findOne(GUIDE, { id: 8 }, () => log.push(`read 8 after ${turns} turns`)),
    ]);
    await reads;
    counting = false;
    assert.equal(log.length, 2);
    assert.match(log[0], /^read 7/);
    assert.match(log[1], /^read 8/);
    const turnsAt = log.map((line) => Number(/after (\d+) turns/.exec(line)?.[1]));
    assert.ok(turnsAt[1] > turnsAt[0], `the event loop turned between the two reads: ${log.join(', ')}`);
  });

  it('paces a row once: its later reads pass at once', async () => {
    const { service, subscriber, findOne } = site();
    service.expectEventReads(GUIDE, [7]);
    await findOne(GUIDE, { id: 7 }, () => undefined);
    assert.equal(
      subscriber.beforeFindOne({ model: { uid: GUIDE }, params: { where: { id: 7 } }, state: {} }),
      undefined
    );
  });

  it('never holds a read inside a transaction (it would hold the connection the read before it needs)', async () => {
    const { service, subscriber, transaction } = site();
    service.expectEventReads(GUIDE, [7]);
    transaction.open = true;
    const event = { model: { uid: GUIDE }, params: { where: { id: 7 } }, state: {} };
    assert.equal(subscriber.beforeFindOne(event), undefined);
    transaction.open = false;
    // The announcement is still there for the event's read after the commit: that one is paced.
    const afterCommit = { ...event, state: {} as Record<string, unknown> };
    const paced = subscriber.beforeFindOne(afterCommit);
    assert.ok(paced instanceof Promise, 'the read after the commit waits for its turn');
    await paced;
    await subscriber.afterFindOne(afterCommit);
    assert.equal(subscriber.beforeFindOne({ ...event, state: {} }), undefined, 'paced once, then spent');
  });
});
