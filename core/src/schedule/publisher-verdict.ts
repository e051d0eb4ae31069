/**
 * What became of a schedule kept as a strapi-plugin-publisher action, read from what is left: its action
 * runs once and is then deleted, and it sets the published version's `publishedAt` to its `executeAt`.
 */
export type PublisherVerdict =
  | { kind: 'waiting'; publishAt: Date }
  | { kind: 'published'; at: Date }
  | { kind: 'cancelled' };

export interface PublisherFacts {
  /** The action's `executeAt` while it exists (an editor may have moved it in the publisher's UI). */
  actionExecuteAt: Date | null;
  /** When the entry's published version was published, if it has one. */
  publishedAt: Date | null;
  /** The time the schedule was last known to be for. */
  publishAt: Date;
}

/** The action still there: waiting (at its own time). Gone: published by it when the published version dates from then, else removed. */
export function publisherVerdict(facts: PublisherFacts): PublisherVerdict {
  if (facts.actionExecuteAt) return { kind: 'waiting', publishAt: facts.actionExecuteAt };
  // The publisher writes executeAt (to the millisecond) into publishedAt; an editor's earlier publish is older.
  if (facts.publishedAt && facts.publishedAt.getTime() >= facts.publishAt.getTime() - 1000)
    return { kind: 'published', at: facts.publishedAt };
  return { kind: 'cancelled' };
}
