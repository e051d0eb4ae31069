import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lowercase hex HMAC-SHA256 of the exact raw body, keyed with the webhook secret (spec 5, integration B). */
export function signWebhook(rawBody: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

const LOWERCASE_HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Whether a header can be a signature at all (lowercase hex of 32 bytes). A header that cannot is
 * refused before the body is read.
 */
export function isWellFormedSignature(signature: string | undefined | null): signature is string {
  return typeof signature === 'string' && LOWERCASE_HEX_SHA256.test(signature);
}

/**
 * Checks a signature header in constant time. Only the lowercase hex the spec names is accepted:
 * an uppercase digest is refused, so there is exactly one valid header per body. Pass the body as
 * the bytes received (a Buffer): a string would be re-encoded, and a BOM or invalid UTF-8 lost.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signature: string | undefined | null,
  secret: string
): boolean {
  if (!isWellFormedSignature(signature)) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
