import { z } from 'zod';
import type { ActivityPagination } from '../contracts';
import type { DryRunResponse } from '../dry-run';
import type { FieldMap } from './field-map';
import type { HookQueueStatus, StoredArticleOutcome } from './queue';

/**
 * The delivery inspector's admin API (issue #59): Settings -> Article Publisher -> Webhook endpoints ->
 * an endpoint. Shared by the server and the admin. Never a secret: payloads are redacted on the way out
 * (payload-redaction.ts) and the auth headers are never kept.
 */

/** How a delivery came: queued (answered once stored), direct (answered after it ran), or run again by the owner. */
export type DeliveryArrival = 'queued' | 'direct' | 'again';

/** One delivery in an endpoint's list, newest first. */
export interface InspectedDeliverySummary {
  id: number;
  receivedAt: string;
  event: string;
  status: HookQueueStatus;
  arrival: DeliveryArrival;
  /** The delivery this one runs again, when it does. */
  againOf: number | null;
  /** The owner asked to write it even where the repeat rule would call it a duplicate. */
  writeAgain: boolean;
  attempts: number;
  finishedAt: string | null;
  problem: string | null;
  /** What was done when no article was written (a test event ignored, posts withdrawn). */
  note: string | null;
  /** Each article's line: its post, or why it was refused. */
  outcome: StoredArticleOutcome[];
  /** The posts it wrote, each with its Content Manager path (under /admin). */
  posts: { documentId: string; url: string; contentManagerPath: string | null }[];
  /** Every warning of its articles (what did not land as sent). */
  warnings: string[];
  /** Whether its payload is still kept (it can be looked at and run again). */
  payloadKept: boolean;
}

/** GET /article-publisher/hook-endpoints/:id/deliveries?page&pageSize */
export interface InspectedDeliveriesResponse {
  results: InspectedDeliverySummary[];
  pagination: ActivityPagination;
  /** How long and how large payloads are kept (hookQueue.keepPayloadDays, keepPayloadKb). */
  kept: { keepPayloadDays: number; keepPayloadKb: number; keepDays: number };
}

/** GET /article-publisher/hook-deliveries/:id */
export interface InspectedDelivery extends InspectedDeliverySummary {
  endpointId: string;
  preset: string;
  /** The payload as received, credentials redacted; null once it is no longer kept. */
  payload: unknown;
  /** Why the payload is not shown, when it is not. */
  payloadNote: string | null;
  /** Where each of the payload's fields went, read with the endpoint's current options. */
  fieldMap: FieldMap | null;
  /** The headers the preset read (never a credential). */
  headers: Record<string, string>;
}

/** POST /article-publisher/hook-deliveries/:id/again: process a kept delivery again, through the queue. */
export const deliveryAgainBody = z
  .object({
    /** Write even where the repeat rule would call it a duplicate (the same bytes applied before). */
    writeAgain: z.boolean().default(false),
  })
  .strict();
export type DeliveryAgainBody = z.output<typeof deliveryAgainBody>;

/** The answer: the new delivery, queued. */
export interface DeliveryAgainResponse {
  id: number;
  status: HookQueueStatus;
}

/** POST /article-publisher/hook-endpoints/:id/sample: the preset's documented sample as a dry run. */
export interface SampleRunResponse {
  event: string;
  /** The sample's payload, as the docs show it. */
  payload: unknown;
  fieldMap: FieldMap;
  /** What would land, per article, on the site's real target type: the dry run's answer, or why it was refused. */
  articles: (
    | { ok: true; preview: DryRunResponse }
    | { ok: false; error: { code: string; message: string } }
  )[];
  /** Why nothing would be published (a test event, an unpublish event). */
  ignored: string | null;
}
