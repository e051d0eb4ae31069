import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { errorBody, isServiceError } from '../../../../core/src/errors';
import { serviceRouteDoor } from '../../../../core/src/refusals';
import { describeError } from '../describe-error';
import { getService } from '../get-service';

/**
 * Route middleware placed first on every service route: whatever a later step throws reaches the
 * caller in the contract's error shape (spec 2.4) instead of Strapi's `{data, error}` envelope, and a
 * refusal is written down for the activity page (the webhook's route is its own door).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (error) {
      if (isServiceError(error)) {
        ctx.set(error.headers);
        ctx.status = error.status;
        ctx.body = error.toBody();
        await getService(strapi, 'refusals').record({
          door: serviceRouteDoor(ctx.path),
          method: ctx.method,
          path: ctx.path,
          status: error.status,
          code: error.code,
          message: error.message,
          client: ctx.request.ip,
        });
        return;
      }
      strapi.log.error(`[article-publisher] ${ctx.method} ${ctx.path} failed: ${describeError(error)}`);
      ctx.status = 500;
      ctx.body = errorBody('internal_error', 'The site could not process the request. Try again later.');
    }
  };
