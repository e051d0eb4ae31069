import type { Core } from '@strapi/strapi';
import { isServiceError } from '../../../../../core/src/errors';
import type { WebhookEndpoint } from '../../../../../core/src/hooks/endpoints';
import { storedOutcome } from '../../../../../core/src/hooks/queue';
import type { ArticleOutcome, WithdrawOutcome } from '../../../../../core/src/hooks/reply';
import { describeError } from '../../../common/describe-error';
import type { DirectHookDelivery, HookDeliveryRecordsService } from './delivery-records';

/** What a delivery answered after it ran came to, as its record keeps it. */
type DirectVerdict = Pick<DirectHookDelivery, 'status'> &
  Partial<Pick<DirectHookDelivery, 'outcome' | 'problem' | 'note'>>;

/** A delivery's articles: failed when none landed (the sender was answered the first refusal). */
export function articlesRecord(outcomes: readonly ArticleOutcome[]): DirectVerdict {
  const failures = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.error.message]));
  const failed = failures.length === outcomes.length && failures.length > 0;
  return {
    status: failed ? 'failed' : 'done',
    outcome: storedOutcome(outcomes),
    problem: failed ? failures[0] : null,
  };
}

/** An unpublish or delete event: a line per post it named. */
export function withdrawalRecord(outcomes: readonly WithdrawOutcome[]): DirectVerdict {
  const lines = outcomes.map((outcome) =>
    outcome.ok
      ? `${outcome.documentId ?? outcome.slug ?? outcome.externalId ?? 'post'}: ${outcome.done}${outcome.reason ? ` (${outcome.reason})` : ''}`
      : `refused: ${outcome.error.message}`
  );
  const failed = outcomes.length > 0 && outcomes.every((outcome) => !outcome.ok);
  return {
    status: failed ? 'failed' : 'done',
    note: lines.join('\n') || null,
    problem: failed ? lines[0] : null,
  };
}

/** Why a delivery was refused, as the owner reads it. */
export const describeRefusal = (error: unknown): string =>
  isServiceError(error) ? `${error.code}: ${error.message}` : describeError(error);

/**
 * The record of one delivery answered after it ran, written once (a second `record` is a no-op). A
 * record that cannot be written is logged, never the sender's problem: its answer stands.
 */
export function directRecord(
  uses: { hookDeliveryRecords: HookDeliveryRecordsService },
  strapi: Core.Strapi,
  delivery: {
    endpoint: WebhookEndpoint;
    body: unknown;
    bodyHash: string;
    headers: () => Record<string, string>;
  }
) {
  let recorded = false;
  return {
    /** The event, once the preset read it. */
    event: '(not read)',
    async record(verdict: DirectVerdict): Promise<void> {
      if (recorded) return;
      recorded = true;
      try {
        await uses.hookDeliveryRecords.recordDirect({
          endpointId: delivery.endpoint.id,
          preset: delivery.endpoint.preset,
          event: this.event,
          payload: delivery.body,
          headers: delivery.headers(),
          bodyHash: delivery.bodyHash,
          outcome: verdict.outcome ?? [],
          problem: verdict.problem ?? null,
          note: verdict.note ?? null,
          status: verdict.status,
        });
      } catch (error) {
        strapi.log.warn(
          `[article-publisher] a custom webhook delivery to ${delivery.endpoint.id} could not be recorded for the inspector: ${describeError(error)}`
        );
      }
    },
  };
}
