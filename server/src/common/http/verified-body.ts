import type { Context } from 'koa';

/** Where the digest of the verified webhook bytes waits for the controller (replay detection). */
const VERIFIED_BODY_DIGEST = Symbol('article-publisher verified webhook body digest');

type StateWithDigest = Record<symbol, unknown>;

/** Set by the webhook-signature middleware once the signature is verified over the body's bytes. */
export function setVerifiedBodyDigest(ctx: Context, digest: string): void {
  (ctx.state as StateWithDigest)[VERIFIED_BODY_DIGEST] = digest;
}

/** The SHA-256 of the webhook body the signature was verified over. */
export function verifiedBodyDigest(ctx: Context): string {
  const digest = (ctx.state as StateWithDigest)[VERIFIED_BODY_DIGEST];
  if (typeof digest !== 'string') throw new Error('the webhook route runs without its signature middleware');
  return digest;
}
