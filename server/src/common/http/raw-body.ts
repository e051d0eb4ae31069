import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { ServiceError } from '../../../../core/src/errors';

/**
 * Reading request bodies on the service routes. The global body parser leaves these routes alone
 * (see scoped-body.ts), so each route middleware reads the bytes itself, after authentication
 * where it can, and parses them only when it may.
 */

/**
 * Whether someone read the request stream before us (a body parser the plugin did not expect).
 * The bytes are gone then: a signature cannot be checked over them.
 */
export function bodyAlreadyRead(ctx: Context): boolean {
  const parsed = (ctx.request as { body?: unknown }).body;
  return parsed !== undefined || ctx.req.readableDidRead || ctx.req.readableEnded;
}

/**
 * Refuses a delivery whose body someone read before its check (`bodyAlreadyRead`), and logs it: checking
 * whatever is left (nothing) would accept the signature or credentials of an empty body.
 */
export function refuseBodyReadBefore(
  ctx: Context,
  log: { warn(message: string): unknown },
  refusal: { code: 'invalid_credentials' | 'invalid_signature'; message: string }
): void {
  if (!bodyAlreadyRead(ctx)) return;
  log.warn(
    `[article-publisher] ${ctx.method} ${ctx.path}: the request body was read before the webhook route (another body parser?); the delivery is refused.`
  );
  throw new ServiceError(refusal.code, refusal.message);
}

/** The body's declared length, or null when it is sent chunked (unknown until read). */
export function declaredLength(ctx: Context): number | null {
  const header = ctx.get('content-length');
  if (!/^\d+$/.test(header)) return null;
  return Number(header);
}

export function payloadTooLarge(limitBytes: number): ServiceError {
  return new ServiceError('payload_too_large', `The request body is larger than ${limitBytes} bytes.`);
}

/** Bodies are read as sent: a compressed one is refused (a signature covers the bytes sent, not what they inflate to). */
export function assertIdentityEncoding(ctx: Context): void {
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    throw new ServiceError(
      'bad_request',
      `Content-Encoding "${encoding}" is not supported: send the JSON body uncompressed.`
    );
  }
}

interface RawBodyError {
  status?: number;
  type?: string;
  message?: string;
}

/**
 * The exact bytes of the body, as received: no decoding, no decompression, a BOM kept.
 * Refuses a body over `limitBytes` (413) as soon as it is known to be, without buffering the rest.
 */
export async function readRawBody(ctx: Context, limitBytes: number): Promise<Buffer> {
  assertIdentityEncoding(ctx);
  const length = declaredLength(ctx);
  if (length !== null && length > limitBytes) throw payloadTooLarge(limitBytes);
  try {
    return await getRawBody(ctx.req, { length, limit: limitBytes });
  } catch (error) {
    const failure = error as RawBodyError;
    if (failure.type === 'entity.too.large') throw payloadTooLarge(limitBytes);
    throw new ServiceError(
      'bad_request',
      `The request body could not be read: ${failure.message ?? 'read error'}`
    );
  }
}
