import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertValidConfig, DEFAULT_CONFIG } from '../src/config';
import type { HookDelivery, HookRequest } from '../src/hooks/preset';
import { PRESETS } from '../src/hooks/presets';
import { withdrawReply } from '../src/hooks/reply';
import { ServiceError } from '../src/errors';

const headers = (values: Record<string, string>): HookRequest => ({
  header: (name) => values[Object.keys(values).find((key) => key.toLowerCase() === name.toLowerCase()) ?? ''],
});
const withdrawn = (delivery: HookDelivery) => {
  assert.equal(delivery.kind, 'withdraw', JSON.stringify(delivery));
  return delivery.kind === 'withdraw'
    ? { action: delivery.action, keys: delivery.posts.map((key) => key()) }
    : { action: undefined, keys: [] };
};

const CUSTOM = {
  auth: { kind: 'none' },
  articles: 'items',
  event: 'type',
  unpublishEvents: ['post.unpublished'],
  deleteEvents: ['post.deleted'],
  fields: { externalId: 'ref', slug: 'path', title: 'name', html: 'body' },
};

describe('custom webhooks: unpublish and delete events', () => {
  it('seogrove: content.deleted unpublishes by default, deletes with onDelete: "delete"', () => {
    const body = { event: 'content.deleted', content: { id: 42, slug: 'old-post' } };
    const event = headers({ 'X-SEOGrove-Event': 'content.deleted' });
    assert.deepEqual(withdrawn(PRESETS.seogrove.read(body, event, {})), {
      action: 'unpublish',
      keys: [{ externalId: '42', slug: 'old-post' }],
    });
    assert.equal(withdrawn(PRESETS.seogrove.read(body, event, { onDelete: 'delete' })).action, 'delete');
    const tool = PRESETS.seogrove.read({ id: 7 }, headers({ 'X-SEOGrove-Event': 'tool.deleted' }), {});
    assert.deepEqual(
      withdrawn(tool).keys,
      [{ externalId: '7', slug: undefined }],
      'the root when no content'
    );
  });

  it('custom: the owner names the unpublish and delete events; posts by the id and slug paths', () => {
    const unpublish = PRESETS.custom.read(
      { type: 'post.unpublished', items: [{ ref: 'a-1' }, { path: 'second' }] },
      headers({}),
      CUSTOM
    );
    assert.deepEqual(withdrawn(unpublish), {
      action: 'unpublish',
      keys: [
        { externalId: 'a-1', slug: undefined },
        { externalId: undefined, slug: 'second' },
      ],
    });
    // An unpublish event never deletes, whatever onDelete says.
    const options = { ...CUSTOM, onDelete: 'delete' };
    assert.equal(
      withdrawn(PRESETS.custom.read({ type: 'post.unpublished', items: [] }, headers({}), options)).action,
      'unpublish'
    );
    assert.equal(
      withdrawn(PRESETS.custom.read({ type: 'post.deleted', items: [] }, headers({}), options)).action,
      'delete'
    );
    assert.equal(
      withdrawn(PRESETS.custom.read({ type: 'post.deleted', items: [] }, headers({}), CUSTOM)).action,
      'unpublish'
    );
  });

  it('a post named by neither id nor slug fails alone', () => {
    const delivery = PRESETS.custom.read(
      { type: 'post.deleted', items: [{ ref: 'a-1' }, { other: true }] },
      headers({}),
      CUSTOM
    );
    assert.equal(delivery.kind, 'withdraw');
    if (delivery.kind !== 'withdraw') return;
    assert.deepEqual(delivery.posts[0](), { externalId: 'a-1', slug: undefined });
    assert.throws(() => delivery.posts[1](), /post 2 of the event names no article id and no slug/);
  });

  it('answers a line per post; when every post failed, the failure is the answer', () => {
    const reply = withdrawReply('post.deleted', 'delete', [
      { ok: true, externalId: 'a', slug: 's', done: 'deleted', postId: 3, documentId: 'd' },
      { ok: false, error: new ServiceError('bad_request', 'no key') },
    ]);
    assert.deepEqual(reply.results, [
      { ok: true, id: 'a', slug: 's', done: 'deleted', postId: 3, documentId: 'd' },
      { ok: false, error: { code: 'bad_request', message: 'no key', data: { status: 400 } } },
    ]);
    assert.throws(
      () => withdrawReply('x', 'unpublish', [{ ok: false, error: new ServiceError('bad_request', 'no') }]),
      /no/
    );
  });

  it('the config validator takes onDelete on seogrove and custom, and names a bad value or another preset', () => {
    const config = (webhookEndpoints: unknown) => ({ ...structuredClone(DEFAULT_CONFIG), webhookEndpoints });
    assert.doesNotThrow(() =>
      assertValidConfig(
        config([
          {
            id: 'seogrove-0123456789abcdef',
            preset: 'seogrove',
            secret: 's',
            options: { onDelete: 'delete' },
          },
          {
            id: 'custom-0123456789abcdef',
            preset: 'custom',
            secret: 's',
            options: { ...CUSTOM, onDelete: 'unpublish' },
          },
        ])
      )
    );
    assert.throws(
      () =>
        assertValidConfig(
          config([
            {
              id: 'seogrove-0123456789abcdef',
              preset: 'seogrove',
              secret: 's',
              options: { onDelete: 'remove' },
            },
            {
              id: 'outrank-0123456789abcdef',
              preset: 'outrank',
              secret: 's',
              options: { onDelete: 'delete' },
            },
            {
              id: 'custom-0123456789abcdef',
              preset: 'custom',
              secret: 's',
              options: { ...CUSTOM, deleteEvents: [''] },
            },
          ])
        ),
      (error: Error) => {
        for (const part of [
          '"webhookEndpoints.0.options.onDelete" must be "unpublish" or "delete"',
          '"webhookEndpoints.1.options',
          '"webhookEndpoints.2.options.deleteEvents.0"',
        ])
          assert.ok(error.message.includes(part), `${error.message}\nnames ${part}`);
        return true;
      }
    );
  });
});
