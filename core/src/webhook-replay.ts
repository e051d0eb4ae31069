import { createHash } from 'node:crypto';

/**
 * Replays of signed webhook deliveries. A signature proves who wrote a body, not when it was sent: a
 * delivery captured (or retried late) can arrive again after a newer one. The ledger remembers the
 * digest of each applied body and its signed `timestamp`, and these rules decide from them.
 */

/** The SHA-256 (lowercase hex) of a body's exact bytes, as the signature covers them. */
export function rawBodyDigest(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** Ends with `Z` or a `±hh:mm` offset. */
const HAS_OFFSET = /(?:[zZ]|[+-]\d{2}:\d{2})$/;

/**
 * The instant of a payload's `timestamp` (already checked to be an ISO 8601 date-time); one written
 * without an offset is read as UTC, never as this server's local time.
 */
export function deliveryTime(timestamp: string | null | undefined): Date | undefined {
  if (!timestamp) return undefined;
  const instant = new Date(HAS_OFFSET.test(timestamp) ? timestamp : `${timestamp}Z`);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

export interface ReplayFacts {
  /** A delivery with exactly these bytes was applied before (at any time). */
  sameBytesApplied: boolean;
  /** This delivery's signed timestamp. */
  deliveryTime: Date | undefined;
  /** The newest timestamp among the deliveries applied for the same article_id + slug (+ locale). */
  newestAppliedTime: Date | undefined;
}

export interface ReplayVerdict {
  /** Acknowledged and nothing written. */
  duplicate: boolean;
  /** Older than the newest delivery applied for the article. */
  stale: boolean;
}

/**
 * A delivery is a replay when its bytes were applied before, or when it was generated before the newest
 * one applied (an equal timestamp is not older: such a delivery is applied). Without a timestamp on
 * either side, only the bytes decide.
 */
export function replayVerdict({
  sameBytesApplied,
  deliveryTime,
  newestAppliedTime,
}: ReplayFacts): ReplayVerdict {
  const stale =
    deliveryTime !== undefined &&
    newestAppliedTime !== undefined &&
    deliveryTime.getTime() < newestAppliedTime.getTime();
  return { duplicate: sameBytesApplied || stale, stale };
}
