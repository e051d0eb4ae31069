/** What became of an article's featured image in one delivery (the media step's typed answer). */
export type FeaturedImageOutcome =
  | { kind: 'none' }
  | { kind: 'no-field' }
  | { kind: 'attached'; fileId: number }
  | { kind: 'failed'; reason: string }
  | { kind: 'unchanged'; stale: boolean };

/** The contract's `featured_image` text for an outcome (docs/api.md). */
export function featuredImageText(outcome: FeaturedImageOutcome): string {
  switch (outcome.kind) {
    case 'none':
      return 'none: no featured image in the request';
    case 'no-field':
      return `warning: ${NO_FIELD}`;
    case 'attached':
      return 'success';
    case 'failed':
      return `warning: ${outcome.reason}`;
    case 'unchanged':
      return outcome.stale
        ? 'unchanged: a newer delivery of this article was already processed'
        : 'unchanged: this delivery was already processed';
  }
}

const NO_FIELD = 'the target has no media field for a featured image';

/** The delivery's warning for a featured image that could not be attached, if any. */
export function featuredImageWarning(outcome: FeaturedImageOutcome): string | undefined {
  if (outcome.kind === 'no-field') return `featured image: ${NO_FIELD}`;
  if (outcome.kind === 'failed') return `featured image: ${outcome.reason}`;
  return undefined;
}

/** The featured image's library file id, when one was attached. */
export const featuredFileId = (outcome: FeaturedImageOutcome): number | undefined =>
  outcome.kind === 'attached' ? outcome.fileId : undefined;
