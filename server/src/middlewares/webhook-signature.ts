import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { ServiceError } from '../../../core/src/errors';
import { verifyWebhook } from '../../../core/src/webhook-signature';
import { getService } from '../utils/get-service';

export const SIGNATURE_HEADER = 'x-service-signature';
const UNPARSED_BODY = Symbol.for('unparsedBody');

/** The exact request body as received; the scoped body parser keeps it for the service routes. */
export function rawBody(ctx: Context): string {
  const body = ctx.request.body as Record<symbol, unknown> | undefined;
  const raw = body?.[UNPARSED_BODY];
  return typeof raw === 'string' ? raw : '';
}

/**
 * Route middleware for integration B: verifies X-Service-Signature over the raw bytes before the
 * payload is looked at. Failures count towards the same per-client throttle as bad API keys.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const throttle = getService(strapi, 'auth-throttle');
    const client = ctx.request.ip;
    await throttle.assertAllowed(client, 'signature');
    const secret = await getService(strapi, 'webhook-secret').current();
    if (!secret) {
      throw new ServiceError('not_configured', 'No webhook secret is set on this site yet. Set one in Settings > Article Publisher.');
    }
    if (!verifyWebhook(rawBody(ctx), ctx.get(SIGNATURE_HEADER) || undefined, secret)) {
      await throttle.recordFailure(client);
      throw new ServiceError(
        'invalid_signature',
        'The X-Service-Signature header is missing or is not the HMAC-SHA256 (lowercase hex) of the body with the webhook secret.'
      );
    }
    await next();
  };
