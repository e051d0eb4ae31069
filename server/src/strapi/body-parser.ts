import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';

/**
 * Relies on (beyond the documented plugin API), checked on Strapi 5.0.0 and 5.54.0 by
 * test/strapi-contract.test.ts (also in the compat check for each release):
 * - the middlewares registry's `strapi.get('middlewares').extend(uid, wrap)` (@strapi/core
 *   dist/registries/middlewares.js), called in `register`, before Strapi builds its middleware chain;
 * - `strapi::body` is a factory `(config, { strapi }) => koa middleware`, called once with the app's
 *   options for it (config/middlewares.js: `jsonLimit`, `formLimit`, `multipart`, ...), and mounted
 *   before routing (@strapi/core dist/middlewares/body.js): a request it passes over keeps its stream
 *   unread for the route's own middlewares.
 *
 * The plugin's rule of which requests keep their body unread is server/src/common/http/scoped-body.ts.
 */

type MiddlewareFactory = (
  config: Record<string, unknown>,
  context: { strapi: Core.Strapi }
) => Core.MiddlewareHandler;

/**
 * Wraps `strapi::body`: a request `leavesBodyUnread` names goes on unread; every other goes through
 * Strapi's parser with the app's options, as before.
 */
export function scopeStrapiBodyParser(
  strapi: Core.Strapi,
  leavesBodyUnread: (ctx: Context, restPrefix: string) => boolean
): void {
  strapi.get('middlewares').extend(
    'strapi::body',
    (strapiBody: MiddlewareFactory): MiddlewareFactory =>
      (appConfig, context) => {
        const forOtherRoutes = strapiBody(appConfig ?? {}, context);
        const restPrefix = String(context.strapi.config.get('api.rest.prefix', '/api'));
        return async (ctx: Context, next: Next) =>
          leavesBodyUnread(ctx, restPrefix) ? next() : forOtherRoutes(ctx, next);
      }
  );
}
