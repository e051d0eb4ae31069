import { deliveryTime } from './webhook-replay';

/**
 * The one repeat rule of every door that has deliveries: the signed webhook and the custom webhook
 * endpoints (issue #55). A signature proves who wrote a body, not when it was sent: a delivery
 * retried late, or captured and replayed, can arrive after a newer one of the same article. The
 * service API, WordPress and MCP have no deliveries: each request is a deliberate republish, and
 * always updates. The pipeline decides under the post's lock (server/src/pipeline/publish/repeat.ts), from the
 * ledger's entries for the same door (the endpoint, for a custom webhook) and article:
 *
 * - a delivery whose exact bytes were applied before, at any time, is a duplicate;
 * - one sent before the newest one applied (by the service's own time: the contract's signed
 *   `timestamp`, the time a service signs with its body) is stale, and a duplicate;
 * - one with the same content as the newest applied, whose post still exists, is a duplicate.
 *
 * A duplicate changes nothing and is answered 2xx in the door's shape, saying `duplicate` (and
 * `stale`). An equal time is not older: two versions sent in the same instant apply in their order.
 * A service's unpublish or delete event starts its article anew: what was applied before it no
 * longer counts, so the service can publish the same article again.
 */
export interface RepeatFacts {
  /** This door applied a delivery of exactly these bytes for the article before. */
  sameBytesApplied: boolean;
  /** The service's own time of this delivery, when its payload (or signature) has one. */
  sentAt: Date | undefined;
  /** The newest such time among the deliveries applied for the article. */
  newestAppliedSentAt: Date | undefined;
  /** The newest delivery applied for the article had this content, and its post still exists. */
  sameContentStands: boolean;
}

export interface RepeatVerdict {
  /** Acknowledged, and nothing written. */
  duplicate: boolean;
  /** Sent before the newest delivery applied for the article. */
  stale: boolean;
}

export function repeatVerdict({
  sameBytesApplied,
  sentAt,
  newestAppliedSentAt,
  sameContentStands,
}: RepeatFacts): RepeatVerdict {
  const stale =
    sentAt !== undefined &&
    newestAppliedSentAt !== undefined &&
    sentAt.getTime() < newestAppliedSentAt.getTime();
  return { duplicate: sameBytesApplied || stale || sameContentStands, stale };
}

/** Digits only: unix seconds (CiteFlow's signed timestamp). */
const UNIX_SECONDS = /^\d{1,12}$/;

/**
 * A service's own time of a delivery as it sends it: unix seconds (a number, or digits), or an ISO
 * 8601 date-time (without an offset read as UTC); anything else is no time (only the bytes decide).
 */
export function serviceTime(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value * 1000) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (UNIX_SECONDS.test(text)) return new Date(Number(text) * 1000);
  return deliveryTime(text);
}
