import type { ErrorBody } from '../errors';
import { ServiceError } from '../errors';
import { everyWarning, toWebhookReceipt, type PublishResult } from '../publish-result';
import type { HookDelivery, ReplyShape } from './preset';

/** What became of one article of a delivery. */
export type ArticleOutcome =
  | { ok: true; externalId: string | undefined; result: PublishResult }
  | { ok: false; error: ServiceError };

/** One article's line in the answer. */
export type ArticleReply =
  | {
      ok: true;
      id: string | null;
      postId: number;
      documentId: string;
      url: string;
      status: PublishResult['status'];
      created: boolean;
      /** Nothing written: a repeat (core/src/repeat-rule.ts), and `stale` when sent before the newest one applied. */
      duplicate: boolean;
      stale: boolean;
      /** What became of the featured image, as publish-post's `featured_image_result` says it. */
      featuredImage: string;
      /** The body's images, as publish-post's `inline_images_result`. */
      inlineImages: PublishResult['images'];
      /** Every warning, the images' first: what did not land as sent. */
      warnings: string[];
    }
  | { ok: false; error: ErrorBody };

/**
 * The answer of a custom webhook endpoint. A single article answers its post at the top level
 * (`{postId, url, status}`: Arvow and Journalist attach the `url`; with what was lost, `featuredImage`
 * and `warnings`, for a service that shows the answer), a batch one line per article;
 * an article that failed is reported in its line while the others land. When nothing landed, the
 * (first) failure is the answer, in the contract's error shape, so the service retries what a retry
 * can fix (a 503) and stops on what it cannot (a 400).
 */
export function hookReply(
  shape: ReplyShape,
  event: string,
  outcomes: readonly ArticleOutcome[]
): Record<string, unknown> {
  const failures = outcomes.filter((outcome) => !outcome.ok);
  if (failures.length === outcomes.length && failures[0]) throw failures[0].error;
  if (shape === 'contract' && outcomes.length === 1 && outcomes[0].ok)
    return { ...toWebhookReceipt(outcomes[0].result) };
  const lines = articleReplyLines(outcomes);
  const [only] = lines;
  const single =
    lines.length === 1 && only?.ok
      ? {
          postId: only.postId,
          url: only.url,
          status: only.status,
          featuredImage: only.featuredImage,
          warnings: only.warnings,
        }
      : {};
  return { received: true, event, ...single, results: lines };
}

/** The answer to a test, a ping or an event this version does not act on: 200, nothing written. */
export function ignoredReply(delivery: Extract<HookDelivery, { kind: 'ignored' }>): Record<string, unknown> {
  return { received: true, event: delivery.event, ignored: delivery.reason, ...(delivery.echo ?? {}) };
}

/** What became of one post an unpublish or delete event named. */
export type WithdrawOutcome =
  | {
      ok: true;
      externalId: string | undefined;
      slug: string | undefined;
      /** What was done: `none` when the post was already so (a draft, or gone) or never came from this endpoint. */
      done: 'unpublished' | 'deleted' | 'none';
      postId: number | null;
      documentId: string | null;
      /** Why nothing was done, when nothing was. */
      reason?: string;
    }
  | { ok: false; error: ServiceError };

/**
 * The answer to an unpublish or delete event: a line per post it named. As for articles, when every
 * post failed the (first) failure is the answer, so the service retries what a retry can fix.
 */
export function withdrawReply(
  event: string,
  action: 'unpublish' | 'delete',
  outcomes: readonly WithdrawOutcome[]
): Record<string, unknown> {
  const failures = outcomes.filter((outcome) => !outcome.ok);
  if (failures.length === outcomes.length && failures[0]) throw failures[0].error;
  const results = outcomes.map((outcome) =>
    outcome.ok
      ? {
          ok: true,
          id: outcome.externalId ?? null,
          slug: outcome.slug ?? null,
          done: outcome.done,
          postId: outcome.postId,
          documentId: outcome.documentId,
          ...(outcome.reason ? { reason: outcome.reason } : {}),
        }
      : { ok: false, error: outcome.error.toBody() }
  );
  return { received: true, event, action, results };
}

/** Each article's line of a reply: its post, or the refusal the sender is told. */
export function articleReplyLines(outcomes: readonly ArticleOutcome[]): ArticleReply[] {
  return outcomes.map((outcome) =>
    outcome.ok
      ? {
          ok: true,
          id: outcome.externalId ?? null,
          postId: outcome.result.postId,
          documentId: outcome.result.documentId,
          url: outcome.result.postUrl,
          status: outcome.result.status,
          created: outcome.result.created,
          duplicate: outcome.result.duplicate,
          stale: outcome.result.stale,
          featuredImage: outcome.result.featuredImage,
          inlineImages: outcome.result.images,
          warnings: everyWarning(outcome.result),
        }
      : { ok: false, error: outcome.error.toBody() }
  );
}
