import type { ErrorBody } from '../errors';
import { ServiceError } from '../errors';
import { toWebhookReceipt, type PublishResult } from '../publish-result';
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
      duplicate: boolean;
      warnings: string[];
    }
  | { ok: false; error: ErrorBody };

/**
 * The answer of a custom webhook endpoint. A single article answers its post at the top level
 * (`{postId, url, status}`: Arvow and Journalist attach the `url`), a batch one line per article;
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
  const lines: ArticleReply[] = outcomes.map((outcome) =>
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
          warnings: outcome.result.warnings,
        }
      : { ok: false, error: outcome.error.toBody() }
  );
  const [only] = lines;
  const single =
    lines.length === 1 && only?.ok ? { postId: only.postId, url: only.url, status: only.status } : {};
  return { received: true, event, ...single, results: lines };
}

/** The answer to a test, a ping or an event this version does not act on: 200, nothing written. */
export function ignoredReply(delivery: Extract<HookDelivery, { kind: 'ignored' }>): Record<string, unknown> {
  return { received: true, event: delivery.event, ignored: delivery.reason, ...(delivery.echo ?? {}) };
}
