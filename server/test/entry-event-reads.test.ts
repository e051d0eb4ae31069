/** Strapi's entry-event reads of large bodies, paced (server/src/strapi/entry-event-reads.ts, issues #30, #44). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Core } from '@strapi/strapi';
import entryEventReads from '../src/strapi/entry-event-reads';
import { STORED_JSON_SLICE_CHARS } from '../../core/src/blocks/stored-json';
import { stringifySliced } from '../../core/src/sliced-json';

type Handler = (event: FindOneEvent) => unknown;
type Subscriber = Record<string, Handler> & { models?: string[] };
interface FindOneEvent {
  model: { uid: string };
  params: { where?: Record<string, unknown>; populate?: unknown };
  state: Record<string, unknown>;
}

const afterTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A site whose Query Engine lifecycles keep the subscribers as Strapi 5's do (subscribe answers the
 * function that removes one; a subscriber with `models` sees only those), to call them as a findOne would.
 */
function site(client = 'sqlite') {
  const subscribers: Subscriber[] = [];
  const transaction = { open: false };
  const strapi = {
    db: {
      dialect: { client },
      lifecycles: {
        subscribe: (subscriber: Subscriber) => {
          subscribers.push(subscriber);
          return () => subscribers.splice(subscribers.indexOf(subscriber), 1);
        },
      },
      inTransaction: () => transaction.open,
    },
  } as unknown as Core.Strapi;
  const service = entryEventReads({ strapi });
  /** The one subscriber for `uid` (its `models` names only that type). */
  const subscriberOf = (uid: string): Subscriber => {
    const found = subscribers.filter((subscriber) => subscriber.models?.includes(uid));
    assert.equal(found.length, 1, `one subscriber for ${uid}`);
    assert.deepEqual(found[0].models, [uid]);
    return found[0];
  };
  /** A findOne through the lifecycles: before, the read itself (`read`), after; one state per subscriber. */
  const findOne = async (uid: string, where: Record<string, unknown>, read: () => void) => {
    const states = new Map<Subscriber, Record<string, unknown>>();
    const run = async (action: string) => {
      for (const subscriber of [...subscribers]) {
        if (!(action in subscriber) || (subscriber.models && !subscriber.models.includes(uid))) continue;
        const event: FindOneEvent = {
          model: { uid },
          params: { where, populate: {} },
          state: states.get(subscriber) ?? {},
        };
        await subscriber[action](event);
        states.set(subscriber, event.state);
      }
    };
    await run('beforeFindOne');
    read();
    await run('afterFindOne');
  };
  return { service, subscribers, subscriberOf, findOne, transaction };
}

const GUIDE = 'api::guide.guide';

describe("Strapi's entry-event reads of an entry the plugin stored a large body into", () => {
  it('leave every other read alone: nothing to wait for', () => {
    const { service, subscriberOf } = site();
    service.expectEventReads(GUIDE, [7, 8]);
    const subscriber = subscriberOf(GUIDE);
    const event = (uid: string, where: Record<string, unknown>) => ({
      model: { uid },
      params: { where },
      state: {},
    });
    assert.equal(subscriber.beforeFindOne(event(GUIDE, { id: 9 })), undefined, 'another row');
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
    const { service, subscriberOf, findOne } = site();
    service.expectEventReads(GUIDE, [7]);
    const subscriber = subscriberOf(GUIDE);
    await findOne(GUIDE, { id: 7 }, () => undefined);
    assert.equal(
      subscriber.beforeFindOne({ model: { uid: GUIDE }, params: { where: { id: 7 } }, state: {} }),
      undefined
    );
  });

  it('never holds a read inside a transaction (it would hold the connection the read before it needs)', async () => {
    const { service, subscriberOf, transaction } = site();
    service.expectEventReads(GUIDE, [7]);
    const subscriber = subscriberOf(GUIDE);
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

  it('subscribes only while a read is announced or running, for the announced type only', async () => {
    const { service, subscribers, subscriberOf, findOne } = site();
    assert.equal(subscribers.length, 0, 'nothing announced: no subscriber');
    service.expectEventReads(GUIDE, [7, 8]);
    subscriberOf(GUIDE);
    await findOne(GUIDE, { id: 7 }, () => undefined);
    await afterTurn();
    assert.equal(subscribers.length, 1, 'row 8 is still announced');
    await findOne(GUIDE, { id: 8 }, () => undefined);
    await afterTurn();
    assert.equal(subscribers.length, 0, 'no read pending: the subscriber is removed');
    assert.deepEqual(service.pacedTypes(), []);
  });

  it('removes each subscriber once, leaving the site’s own subscribers', async () => {
    const { service, subscribers, findOne } = site();
    service.expectEventReads(GUIDE, [7]);
    const own = { models: ['api::other.other'], afterCreate: () => undefined } as unknown as Subscriber;
    subscribers.push(own);
    await findOne(GUIDE, { id: 7 }, () => undefined);
    await afterTurn();
    await afterTurn();
    service.stop();
    assert.deepEqual(subscribers, [own]);
  });

  it('stop (the plugin’s destroy) removes what an announcement left', () => {
    const { service, subscribers } = site();
    service.expectEventReads(GUIDE, [7]);
    service.expectEventReads('api::article.article', [3]);
    assert.equal(subscribers.length, 2);
    service.stop();
    assert.equal(subscribers.length, 0);
  });

  it('paces on PostgreSQL and MySQL as on SQLite (each read parses the body on the event loop)', async () => {
    for (const client of ['postgres', 'mysql']) {
      const { service, subscriberOf, findOne } = site(client);
      service.expectEventReads(GUIDE, [7, 8]);
      const subscriber = subscriberOf(GUIDE);
      const order: string[] = [];
      await Promise.all([
        findOne(GUIDE, { id: 7 }, () => order.push('7')),
        findOne(GUIDE, { id: 8 }, () => order.push('8')),
      ]);
      assert.deepEqual(order, ['7', '8'], client);
      const again = subscriber.beforeFindOne({
        model: { uid: GUIDE },
        params: { where: { id: 7 } },
        state: {},
      });
      assert.equal(again, undefined, `${client}: paced once, then spent`);
    }
  });

  describe('of rows announced with the body the write stored into them (issue #62)', () => {
    const BODY = [{ type: 'paragraph', children: [{ type: 'text', text: 'Measure first.' }] }];
    /** The guide's Query Engine model, as Strapi's metadata lists it (a relation in a column, one in a join table). */
    const guideModel = (lifecycles: Record<string, unknown> = {}) => ({
      uid: GUIDE,
      lifecycles,
      attributes: {
        id: { type: 'increments' },
        documentId: { type: 'string' },
        title: { type: 'string' },
        body: { type: 'blocks' },
        publishedAt: { type: 'datetime' },
        createdBy: { type: 'relation', relation: 'oneToOne', joinColumn: { name: 'created_by_id' } },
        categories: {
          type: 'relation',
          relation: 'manyToMany',
          joinTable: { name: 'guides_categories_lnk' },
        },
      },
    });
    /** A findOne's event, once the subscriber's beforeFindOne ran (its params as the query gets them). */
    async function beforeRead(subscriber: Subscriber, params: Record<string, unknown>, model = guideModel()) {
      const event = { model, params, state: {} as Record<string, unknown> };
      await (subscriber.beforeFindOne as unknown as (e: typeof event) => unknown)(event);
      return event;
    }
    /** The subscriber's afterFindOne of that read, handed the entry findOne answers. */
    const afterRead = (subscriber: Subscriber, event: object, result: Record<string, unknown> | null) =>
      (subscriber.afterFindOne as unknown as (e: unknown) => Promise<unknown>)({ ...event, result });
    /** One findOne through the subscriber: its params as the query gets them, and the entry it answers. */
    async function read(
      subscriber: Subscriber,
      params: Record<string, unknown>,
      model = guideModel(),
      row: Record<string, unknown> = { id: 7, title: 'A guide' }
    ) {
      const event = await beforeRead(subscriber, params, model);
      const result = { ...row };
      await afterRead(subscriber, event, result);
      return { params: event.params, entry: result };
    }

    it('read every column but the body, and carry the body parsed from the stored text', async () => {
      const { service, subscriberOf } = site();
      service.expectEventReads(GUIDE, [7, 8], {
        field: 'body',
        ...stringifySliced(BODY, STORED_JSON_SLICE_CHARS),
      });
      const subscriber = subscriberOf(GUIDE);
      for (const id of [7, 8]) {
        const { params, entry } = await read(subscriber, { where: { id }, populate: {} });
        assert.deepEqual(params.select, ['id', 'documentId', 'title', 'publishedAt', 'created_by_id']);
        assert.deepEqual(entry.body, BODY, `row ${id}`);
      }
      // Each event its own value, as two reads of the column give.
      const first = await read(subscriber, { where: { id: 7 }, populate: {} });
      assert.equal(first.params.select, undefined, 'taken once: a later read reads the row');
      assert.equal(first.entry.body, undefined);
    });

    it('leave a read with a select of its own, a type whose lifecycles read found entries, and a row written since', async () => {
      const stored = { field: 'body', ...stringifySliced(BODY, STORED_JSON_SLICE_CHARS) };
      {
        const { service, subscriberOf } = site();
        service.expectEventReads(GUIDE, [7], stored);
        const own = await read(subscriberOf(GUIDE), { where: { id: 7 }, select: ['title'] });
        assert.deepEqual(own.params.select, ['title']);
        assert.equal(own.entry.body, undefined);
      }
      {
        const { service, subscriberOf } = site();
        service.expectEventReads(GUIDE, [7], stored);
        const model = guideModel({ afterFindOne: () => undefined });
        const withLifecycle = await read(subscriberOf(GUIDE), { where: { id: 7 } }, model);
        assert.equal(withLifecycle.params.select, undefined);
        assert.equal(withLifecycle.entry.body, undefined);
      }
      {
        const { service, subscriberOf } = site();
        service.expectEventReads(GUIDE, [7], stored);
        // The row written again (a small body, saved through the Document Service) before its event read.
        service.expectEventReads(GUIDE, [7]);
        const rewritten = await read(subscriberOf(GUIDE), { where: { id: 7 } });
        assert.equal(rewritten.params.select, undefined);
        assert.equal(rewritten.entry.body, undefined);
      }
    });

    it('parse a large body a slice at a time: a reader is answered meanwhile, and the next read waits for the last slice', async () => {
      const large = Array.from({ length: 3_000 }, (_, n) => ({
        type: 'paragraph',
        children: [{ type: 'text', text: `Paragraph ${n}: measure first, then cut. `.repeat(8) }],
      }));
      const stored = { field: 'body', ...stringifySliced(large, STORED_JSON_SLICE_CHARS) };
      assert.ok(stored.cuts.length >= 2, `${stored.json.length} chars, ${stored.cuts.length} cuts`);
      const small = { field: 'body', ...stringifySliced(BODY, STORED_JSON_SLICE_CHARS) };
      assert.equal(small.cuts.length, 0);

      /** Whether a reader's request, queued as the read's afterFindOne starts, is answered before it ends. */
      async function readerAnsweredDuring(body: typeof stored) {
        const { service, subscriberOf } = site();
        service.expectEventReads(GUIDE, [7], body);
        const subscriber = subscriberOf(GUIDE);
        const event = await beforeRead(subscriber, { where: { id: 7 } });
        const result: Record<string, unknown> = { id: 7, title: 'A guide' };
        let answered = false;
        setImmediate(() => (answered = true));
        await afterRead(subscriber, event, result);
        return { answered, body: result.body };
      }
      const sliced = await readerAnsweredDuring(stored);
      assert.equal(sliced.answered, true, 'a turn between slices');
      assert.deepEqual(sliced.body, large);
      const whole = await readerAnsweredDuring(small);
      assert.equal(whole.answered, false, 'a body of one slice is parsed at once');
      assert.deepEqual(whole.body, BODY);

      // Strapi starts both events' reads at once: the second waits until the first's last slice.
      const { service, subscriberOf } = site();
      service.expectEventReads(GUIDE, [7, 8], stored);
      const subscriber = subscriberOf(GUIDE);
      const log: string[] = [];
      const readOf = async (id: number) => {
        const event = await beforeRead(subscriber, { where: { id } });
        log.push(`read ${id}`);
        const result: Record<string, unknown> = { id };
        await afterRead(subscriber, event, result);
        log.push(`parsed ${id}`);
        return result.body;
      };
      const bodies = await Promise.all([readOf(7), readOf(8)]);
      assert.deepEqual(log, ['read 7', 'parsed 7', 'read 8', 'parsed 8']);
      assert.deepEqual(bodies, [large, large]);
      assert.notEqual(bodies[0], bodies[1], 'each event its own value, as two reads of the column give');
    });

    it('a row deleted before its event read answers null, as findOne does', async () => {
      const { service, subscriberOf } = site();
      service.expectEventReads(GUIDE, [7], {
        field: 'body',
        ...stringifySliced(BODY, STORED_JSON_SLICE_CHARS),
      });
      const subscriber = subscriberOf(GUIDE);
      await afterRead(subscriber, await beforeRead(subscriber, { where: { id: 7 } }), null);
    });
  });
});
