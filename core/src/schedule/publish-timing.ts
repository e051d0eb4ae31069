import type { PostStatus } from '../config';

/** When a delivery goes live, and what its publication date is. */
export interface PublishTiming {
  status: PostStatus;
  /** Set for `future` only: the instant the scheduled publish happens. */
  scheduledAt?: Date;
  /** The publication date the request named (any status): the target's date role receives it. */
  date?: Date;
}

/**
 * What is wrong with a status and date together, for a 400 naming `date`; undefined when they fit.
 * `future` needs a date after `now` (a past one would be published at once, which the sender did not ask).
 */
export function scheduleProblem(
  status: PostStatus | undefined,
  date: Date | undefined,
  now: Date
): string | undefined {
  if (status !== 'future') return undefined;
  if (!date) return 'is required when status is "future"';
  if (date.getTime() <= now.getTime())
    return `must be in the future when status is "future" (it is ${date.toISOString()}, now is ${now.toISOString()})`;
  return undefined;
}

/**
 * The timing of a delivery, as WordPress decides it: `future` is scheduled at its date; `publish` with a
 * date still to come is scheduled too (WordPress turns it into `future`), with a past date it publishes
 * now and keeps that date (backdating). Other statuses keep the date as the publication date only.
 * A `future` without a usable date is refused before this (see scheduleProblem).
 */
export function publishTiming(status: PostStatus, date: Date | undefined, now: Date): PublishTiming {
  if (!date) return { status };
  const upcoming = date.getTime() > now.getTime();
  if (status === 'future' || (status === 'publish' && upcoming))
    return { status: 'future', scheduledAt: date, date };
  return { status, date };
}
