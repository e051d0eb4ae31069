import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { SERVICE_KEY_HEADER } from '../../../../../core/src/wire-names';
import { ServiceError } from '../../../../../core/src/errors';
import { getService } from '../../../common/get-service';

/**
 * Route middleware for integration A: checks X-Service-Key from the headers alone, before any body is
 * read (`json-body` comes after it). A valid key passes without consulting the throttle; a wrong or
 * missing one is refused with 429 when the client is over the limit, else counted and refused.
 * Runs after `contract-errors`, which turns the ServiceErrors thrown here into the contract's shape.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const presented = ctx.get(SERVICE_KEY_HEADER) || undefined;
    const check = await getService(strapi, 'api-key').check(presented);
    if (check === 'valid') return next();
    if (check === 'not_configured') {
      throw new ServiceError(
        'not_configured',
        'No API key is set on this site yet. Generate one in Settings > Article Publisher.'
      );
    }
    const throttle = getService(strapi, 'auth-throttle');
    if (check === 'missing') {
      return throttle.refuse(
        ctx.request.ip,
        'key',
        new ServiceError('missing_api_key', 'The X-Service-Key header is required.')
      );
    }
    return throttle.refuse(
      ctx.request.ip,
      'key',
      new ServiceError('invalid_api_key', 'The X-Service-Key header does not match the key set on this site.')
    );
  };
