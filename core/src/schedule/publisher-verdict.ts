import { publishedSinceScheduled } from './hand-publish';

/**
 * What became of a schedule kept as a strapi-plugin-publisher action, read from what is left: its action
 * runs once and is then deleted, and it sets the published version's `publishedAt` to its `executeAt`.
 */
export type PublisherVerdict =
  | { kind: 'waiting'; publishAt: Date }
  | { kind: 'published'; at: Date }
  | { kind: 'published-by-hand'; at: Date }
  | { kind: 'cancelled' };

export interface PublisherFacts {
  /** The action's `executeAt` while it exists (an editor may have moved it in the publisher's UI). */
  actionExecuteAt: Date | null;
  /** When the entry's published version was published, if it has one. */
  publishedAt: Date | null;
  /** The time the schedule was last known to be for. */
  publishAt: Date;
  /** When the schedule was set. */
  scheduledSince: Date;
}

/** The publisher writes executeAt (to the millisecond) into publishedAt; this much earlier is someone else's publish. */
const PUBLISHER_TOLERANCE_MS = 1000;

/**
 * The action still there: waiting (at its own time), unless an editor published the entry since the
 * schedule was set (the schedule then ends). Gone: published by it when the published version dates
 * from then, else removed.
 */
export function publisherVerdict(facts: PublisherFacts): PublisherVerdict {
  const { actionExecuteAt, publishedAt } = facts;
  if (actionExecuteAt) {
    const byHand =
      publishedAt &&
      publishedSinceScheduled({ scheduledSince: facts.scheduledSince, publishedAt }) &&
      publishedAt.getTime() < actionExecuteAt.getTime() - PUBLISHER_TOLERANCE_MS;
    if (byHand) return { kind: 'published-by-hand', at: publishedAt };
    return { kind: 'waiting', publishAt: actionExecuteAt };
  }
  if (publishedAt && publishedAt.getTime() >= facts.publishAt.getTime() - PUBLISHER_TOLERANCE_MS)
    return { kind: 'published', at: publishedAt };
  return { kind: 'cancelled' };
}
