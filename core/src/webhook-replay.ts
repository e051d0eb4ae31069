import { createHash } from 'node:crypto';

/**
 * What the ledger remembers of a delivery to tell a replay: the digest of its exact bytes and its
 * signed `timestamp`. The rule that decides from them is core/src/repeat-rule.ts, one for every door.
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
