import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { SERVICE_SIGNATURE_HEADER } from '../../../core/src/wire-names';
import { ByteBudget } from '../../../core/src/byte-budget';
import { ServiceError } from '../../../core/src/errors';
import { parseJsonBody } from '../../../core/src/json-body';
import { isWellFormedSignature, verifyWebhook } from '../../../core/src/webhook-signature';
import { getService } from '../utils/get-service';
import { bodyAlreadyRead, declaredLength, payloadTooLarge, readRawBody } from './raw-body';

/** Unverified bodies buffered at once, per process: at most this many times the body limit. */
const UNVERIFIED_BODY_BUDGET_IN_BODY_LIMITS = 2;
/** What a sender is told to wait when the budget is full. */
const BUSY_RETRY_AFTER_SECONDS = 5;

let unverifiedBodies: ByteBudget | undefined;
/** One budget for the whole process, whichever route reads a webhook body. */
function unverifiedBodyBudget(bodyLimitBytes: number): ByteBudget {
  unverifiedBodies ??= new ByteBudget(UNVERIFIED_BODY_BUDGET_IN_BODY_LIMITS * bodyLimitBytes);
  return unverifiedBodies;
}

const invalidSignature = () =>
  new ServiceError(
    'invalid_signature',
    'The X-Service-Signature header is missing or is not the HMAC-SHA256 (lowercase hex) of the body with the webhook secret.'
  );

/**
 * Route middleware for integration B (spec 4.2: read raw, verify, then parse). The body is read as
 * bytes under the body limit and a per-process budget, the signature is checked over exactly those
 * bytes, and only a verified body is parsed (into `ctx.request.body`). Failed checks count towards
 * the per-client throttle; a valid signature never meets it.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const throttle = getService(strapi, 'auth-throttle');
    const client = ctx.request.ip;
    const secret = await getService(strapi, 'webhook-secret').current();
    if (!secret) {
      throw new ServiceError(
        'not_configured',
        'No webhook secret is set on this site yet. Set one in Settings > Article Publisher.'
      );
    }
    if (bodyAlreadyRead(ctx)) {
      // Verifying whatever is left (nothing) would accept the signature of an empty body.
      strapi.log.warn(
        `[article-publisher] ${ctx.method} ${ctx.path}: the request body was read before the webhook route (another body parser?); the delivery is refused.`
      );
      throw new ServiceError(
        'invalid_signature',
        'The signature cannot be checked: the site read the request body before the webhook receiver could.'
      );
    }
    const signature = ctx.get(SERVICE_SIGNATURE_HEADER) || undefined;
    // A header that cannot be a signature is refused without reading the body.
    if (!isWellFormedSignature(signature)) return throttle.refuse(client, 'signature', invalidSignature());

    const { bodyLimitBytes } = getService(strapi, 'plugin-config').static();
    const length = declaredLength(ctx);
    if (length !== null && length > bodyLimitBytes) throw payloadTooLarge(bodyLimitBytes);
    const release = unverifiedBodyBudget(bodyLimitBytes).tryReserve(length ?? bodyLimitBytes);
    if (!release) {
      throw new ServiceError(
        'temporarily_unavailable',
        `The site is receiving too many webhook bodies at once. Retry in ${BUSY_RETRY_AFTER_SECONDS} s.`,
        { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) }
      );
    }
    let raw: Buffer;
    let verified: boolean;
    try {
      raw = await readRawBody(ctx, bodyLimitBytes);
      verified = verifyWebhook(raw, signature, secret);
    } finally {
      release();
    }
    if (!verified) return throttle.refuse(client, 'signature', invalidSignature());
    ctx.request.body = parseJsonBody(raw);
    await next();
  };
