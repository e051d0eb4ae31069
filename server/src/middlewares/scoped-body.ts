import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { isServiceRequest } from '../../../core/src/service-paths';
import { wordpressApiRoute } from '../../../core/src/wordpress/route-path';
import { SERVICE_ROUTE_BASE } from '../utils/plugin-id';

type MiddlewareFactory = (
  config: Record<string, unknown>,
  context: { strapi: Core.Strapi }
) => Core.MiddlewareHandler;

/**
 * Strapi parses bodies in one global middleware, before routing. `register` wraps it with this: on
 * any path the router could send to a service route, natively or through a WordPress path (which
 * `wordpress-paths` rewrites only after this ran), nothing is read here, so the route middlewares
 * read the body themselves in the contract's order (key before body; raw bytes, signature, then
 * parse). Every other route goes through Strapi's parser with the app's config, as before.
 */
export const scopeBodyParser =
  (strapiBody: MiddlewareFactory): MiddlewareFactory =>
  (appConfig, { strapi }) => {
    const forOtherRoutes = strapiBody(appConfig ?? {}, { strapi });
    const restPrefix = String(strapi.config.get('api.rest.prefix', '/api'));

    return async (ctx: Context, next: Next) => {
      if (isServiceRequest(ctx.path, ctx.querystring, restPrefix, SERVICE_ROUTE_BASE)) return next();
      // The WordPress API reads its body itself, after the application password was checked
      // (wordpress/request-body: JSON, forms, and multipart as PHP reads it).
      if (wordpressApiRoute(ctx.path, ctx.querystring, SERVICE_ROUTE_BASE, restPrefix) !== null)
        return next();
      return forOtherRoutes(ctx, next);
    };
  };
