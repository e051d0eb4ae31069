import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lowercase hex HMAC-SHA256 of the exact raw body, keyed with the webhook secret (spec 5, integration B). */
export function signWebhook(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

const LOWERCASE_HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Checks a signature header in constant time. Only the lowercase hex the spec names is accepted:
 * an uppercase digest is refused, so there is exactly one valid header per body.
 */
export function verifyWebhook(rawBody: string | Buffer, signature: string | undefined | null, secret: string): boolean {
  if (!signature || !LOWERCASE_HEX_SHA256.test(signature)) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
