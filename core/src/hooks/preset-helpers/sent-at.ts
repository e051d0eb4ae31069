import type { HookRequest } from '../preset';
import { member } from './fields';

/**
 * When a delivery was sent, as the article's `sentAt`: the repeat rule (core/src/repeat-rule.ts)
 * treats a version sent before the newest one applied as stale.
 */

/** The delivery's own `timestamp` member (Outrank's docs' sample, SEOcraftAI, SEOGrove, Ranket). */
export const bodyTimestamp = (body: unknown): unknown => member(body, 'timestamp');

/**
 * The time signed with the body, in the header a timestamped signature names (CiteFlow, Ranket). It is
 * read while the delivery is read: a queued delivery keeps the headers its preset read.
 */
export const signedTimestamp = (request: HookRequest, header: string): string | undefined =>
  request.header(header);
