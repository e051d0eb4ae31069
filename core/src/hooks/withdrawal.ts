import { z } from 'zod';
import { ServiceError } from '../errors';
import type { HookDelivery } from './preset';

/**
 * A service's unpublish and delete events (issue #42): the post goes back to a draft, or, when the
 * endpoint says so (`onDelete: "delete"`), a delete event deletes it. Deleting is never the default:
 * a service's delete cannot be undone, an unpublished post can be published again by an editor.
 */
export type WithdrawAction = 'unpublish' | 'delete';

/** What an endpoint does on a delete event (`options.onDelete`); an unpublish event always unpublishes. */
export const onDeleteOption = () =>
  z
    .enum(['unpublish', 'delete'], { error: 'must be "unpublish" or "delete"' })
    .default('unpublish')
    .describe('What a delete event does: unpublish the post (the default), or delete it.');

/** Which post an event names: the service's article id, or its slug when it sends no id. */
export interface WithdrawnPostKey {
  externalId: string | undefined;
  slug: string | undefined;
}

/** One post of the event, read when the receiver gets to it: a bad one fails alone. */
export type WithdrawnPostThunk = () => WithdrawnPostKey;

const keyText = (value: unknown): string | undefined =>
  (typeof value === 'string' && value.trim()) || typeof value === 'number' ? String(value).trim() : undefined;

/**
 * The delivery of an unpublish or delete event: for a delete, the endpoint's `onDelete` decides; each
 * item's key is picked by `pick` (an id, else a slug: one of them is needed).
 */
export function withdrawal(
  event: string,
  kind: WithdrawAction,
  onDelete: WithdrawAction | undefined,
  items: readonly unknown[],
  pick: (item: unknown) => { externalId?: unknown; slug?: unknown }
): HookDelivery {
  const action: WithdrawAction = kind === 'delete' ? (onDelete ?? 'unpublish') : 'unpublish';
  return {
    kind: 'withdraw',
    event,
    action,
    posts: items.map((item, index) => () => {
      const picked = pick(item);
      const key = { externalId: keyText(picked.externalId), slug: keyText(picked.slug) };
      if (key.externalId === undefined && key.slug === undefined) {
        const what = items.length > 1 ? `post ${index + 1} of the event` : 'the event';
        throw new ServiceError(
          'bad_request',
          `Invalid ${event || kind} delivery: ${what} names no article id and no slug.`
        );
      }
      return key;
    }),
  };
}
