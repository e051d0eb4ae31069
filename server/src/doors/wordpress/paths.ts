import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { errorBody } from '../../../../core/src/errors';
import { isServiceRoutePath, wordpressServiceRoute } from '../../../../core/src/service-paths';
import { getService } from '../../common/get-service';
import { SERVICE_ROUTE_BASE } from '../../common/plugin-id';

/**
 * App middleware, installed by `bootstrap` after Strapi's global middlewares (so just before the
 * router): a request to a service route under WordPress's paths (`/wp-json/service/v1/...` or
 * `/?rest_route=/service/v1/...`) is routed as the native `/api/service/v1/...` one. Only the path
 * changes (the query string stays), so the same route middlewares run: key or signature, throttle,
 * body limit, error shapes. With `wordpressPaths` off, such a request is answered 404 here: left to
 * the router it would meet Strapi's catch-all public routes instead (`GET /` redirects to the admin,
 * a POST anywhere is 405), which would tell a connector the route exists.
 */
export const wordpressPaths = ({ strapi }: { strapi: Core.Strapi }) => {
  const restPrefix = String(strapi.config.get('api.rest.prefix', '/api'));

  return async (ctx: Context, next: Next) => {
    // A site whose REST prefix is `/wp-json` serves these natively, whatever the option says.
    if (isServiceRoutePath(ctx.path, restPrefix, SERVICE_ROUTE_BASE)) return next();
    const route = wordpressServiceRoute(ctx.path, ctx.querystring, SERVICE_ROUTE_BASE);
    if (route === null) return next();

    // Read per request (from the database): the setting is admin-editable and every instance must agree.
    let enabled: boolean;
    try {
      enabled = (await getService(strapi, 'plugin-config').get()).wordpressPaths;
    } catch (error) {
      strapi.log.error(
        `[article-publisher] ${ctx.method} ${ctx.path}: reading the config failed: ${String(error)}`
      );
      ctx.status = 500;
      ctx.body = errorBody('internal_error', 'The site could not process the request. Try again later.');
      return;
    }
    if (!enabled) {
      ctx.status = 404;
      return;
    }
    ctx.path = `${restPrefix}${route}`;
    return next();
  };
};
