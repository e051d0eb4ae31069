import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { ServiceError } from '../../../core/src/errors';
import { getService } from '../utils/get-service';

export const SERVICE_KEY_HEADER = 'x-service-key';

/**
 * Route middleware for integration A: refuses throttled clients, then checks X-Service-Key.
 * Runs after `contract-errors`, which turns the ServiceErrors thrown here into the contract's shape.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const throttle = getService(strapi, 'auth-throttle');
    const client = ctx.request.ip;

    await throttle.assertAllowed(client, 'key');

    const presented = ctx.get(SERVICE_KEY_HEADER) || undefined;
    const check = await getService(strapi, 'api-key').check(presented);
    if (check === 'valid') return next();
    if (check === 'not_configured') {
      throw new ServiceError(
        'not_configured',
        'No API key is set on this site yet. Generate one in Settings > Article Publisher.'
      );
    }
    await throttle.recordFailure(client);
    if (check === 'missing') {
      throw new ServiceError('missing_api_key', 'The X-Service-Key header is required.');
    }
    throw new ServiceError(
      'invalid_api_key',
      'The X-Service-Key header does not match the key set on this site.'
    );
  };
