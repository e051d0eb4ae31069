import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { isServiceError } from '../../../../core/src/errors';
import {
  apiLinkHeader,
  discoveryHomePage,
  isAdminRedirect,
  isDiscoveryPage,
  pathOf,
} from '../../../../core/src/wordpress/discovery';
import { fromServiceError, noRoute, WordPressError } from '../../../../core/src/wordpress/errors';
import { matchEndpoint, routedMethod, wordpressApiRoute } from '../../../../core/src/wordpress/route-path';
import { describeError } from '../../common/describe-error';
import { getService } from '../../common/get-service';
import { SERVICE_ROUTE_BASE } from '../../common/plugin-id';
import { authenticate } from './authenticate';
import { answerIndex, HANDLERS } from './handlers';

/**
 * The answer to anything thrown on the WordPress API: WordPress's error shape, never Strapi's envelope.
 * A refusal is written down for the activity page, under the REST route (`/wp/v2/posts`) it was for.
 */
async function answerError(strapi: Core.Strapi, ctx: Context, error: unknown, route: string) {
  let answer: WordPressError;
  if (error instanceof WordPressError) answer = error;
  else if (isServiceError(error)) answer = fromServiceError(error);
  else {
    strapi.log.error(
      `[article-publisher] ${ctx.method} ${ctx.path} (WordPress API) failed: ${describeError(error)}`
    );
    answer = new WordPressError(
      'rest_internal_error',
      'The site could not process the request. Try again later.',
      500
    );
  }
  ctx.set(answer.headers);
  ctx.status = answer.status;
  ctx.body = answer.toBody();
  await getService(strapi, 'refusals').record({
    door: 'wordpress',
    method: ctx.method,
    path: route,
    status: answer.status,
    code: answer.code,
    message: answer.message,
    client: ctx.request.ip,
  });
}

/**
 * App middleware, installed by `bootstrap` just before the router (with `wordpress-paths`): answers
 * WordPress's core REST API under `/wp-json/` and `/?rest_route=/`, when the `wordpressPaths` option is
 * on (the default). The index needs no credentials; every other route takes an application password
 * over Basic auth first (reads the site's Public role may make excepted), and reads its body only
 * then. On the site's home page (`GET`/`HEAD /`) and the admin panel it redirects to, it adds the
 * `Link` header WordPress clients discover the API by.
 */
export const wordpressApi = ({ strapi }: { strapi: Core.Strapi }) => {
  const siteInfo = () => getService(strapi, 'site-info');
  const restPrefix = String(strapi.config.get('api.rest.prefix', '/api'));
  const adminPath = pathOf(String(strapi.config.get('admin.url', '/admin')));
  const cmsUrl = () =>
    siteInfo().cmsUrl() ?? String(strapi.config.get('server.absoluteUrl', '')).replace(/\/+$/, '');

  return async (ctx: Context, next: Next) => {
    const route = wordpressApiRoute(ctx.path, ctx.querystring, SERVICE_ROUTE_BASE, restPrefix);
    // The site's pages: the home page and the admin panel it redirects to, where clients discover the API.
    const home =
      route === null &&
      (ctx.method === 'GET' || ctx.method === 'HEAD') &&
      isDiscoveryPage(ctx.path, adminPath);
    if (route === null && !home) return next();

    let config;
    try {
      config = await getService(strapi, 'plugin-config').get();
    } catch (error) {
      if (home) return next();
      return answerError(strapi, ctx, error, route ?? ctx.path);
    }
    if (!config.wordpressPaths) {
      if (home) return next();
      ctx.status = 404;
      return;
    }
    if (home) {
      await next();
      const apiRoot = `${cmsUrl()}/wp-json`;
      ctx.set('Link', apiLinkHeader(apiRoot));
      // Strapi's bare redirect from the home page to its admin: answered as WordPress's home page is.
      if (
        ctx.path.replace(/\/+$/, '') === '' &&
        isAdminRedirect(ctx.status, ctx.response.get('Location'), adminPath)
      ) {
        const adminUrl = ctx.response.get('Location');
        ctx.remove('Location');
        ctx.status = 200;
        ctx.type = 'html';
        const name = config.siteName || String(strapi.config.get('info.name', 'Strapi'));
        ctx.body = discoveryHomePage({ name, apiRoot, adminUrl });
      }
      return;
    }

    // WordPress sends its discovery link on every REST answer, errors included; a list's page links
    // and a post's page link replace it, as in WordPress.
    ctx.set('Link', apiLinkHeader(`${cmsUrl()}/wp-json`));
    try {
      const routed = routedMethod(
        ctx.method,
        ctx.querystring,
        ctx.headers['x-http-method-override']?.toString()
      );
      const endpoint = 'method' in routed ? matchEndpoint(routed.method, route as string) : null;
      if (!endpoint) throw noRoute();
      const siteUrl = siteInfo().siteUrl(config);
      if (endpoint.name === 'index') {
        const name = config.siteName || String(strapi.config.get('info.name', 'Strapi'));
        return answerIndex(ctx, { name, cmsUrl: cmsUrl(), siteUrl });
      }
      // Null: a read made without credentials that the site's Public role may make.
      const caller = (await authenticate(strapi, ctx, endpoint, config)) ?? {
        user: null,
        rights: null,
        ability: undefined,
      };
      const handler = HANDLERS[endpoint.name] as (strapi: Core.Strapi, input: object) => Promise<void>;
      const cms = cmsUrl();
      await handler(strapi, {
        ctx,
        endpoint,
        ...caller,
        config,
        cmsUrl: cms,
        apiRoot: `${cms}/wp-json`,
        siteUrl,
      });
    } catch (error) {
      await answerError(strapi, ctx, error, route as string);
    }
  };
};
