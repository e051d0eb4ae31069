/**
 * Publishing a scheduled post by hand ends its schedule, as in WordPress: its cron publishes only a post
 * still `future`, and a hand publish makes it `publish`. The published version's `publishedAt` is the
 * time of its latest publish; a schedule set before that time was overtaken by an editor.
 */
export interface HandPublishFacts {
  /** When the schedule was set (its row's createdAt). */
  scheduledSince: Date;
  /** When the post's published version was published, if it has one. */
  publishedAt: Date | null;
}

export function publishedSinceScheduled(facts: HandPublishFacts): boolean {
  return facts.publishedAt !== null && facts.publishedAt.getTime() > facts.scheduledSince.getTime();
}

/** Why the schedule ended, as the activity row's schedule `problem` says it. */
export const handPublishProblem = (publishedAt: Date) =>
  `published by hand at ${publishedAt.toISOString()}, before its time: the schedule ended without publishing (later drafts stay drafts)`;
