import type { Core } from '@strapi/strapi';
import { wordpressApi } from './api';
import { wordpressPaths } from './paths';
import { xmlrpcEndpoint } from './xmlrpc';

/**
 * WordPress's door, mounted as server middlewares (not routes): added in bootstrap, after Strapi
 * registered its global middlewares and before it mounts the router, so it runs last before routing:
 * errors, security, CORS and the (scoped) body parser see the request as sent.
 */
export function mountWordPressDoor(strapi: Core.Strapi): void {
  // WordPress-style paths of the service routes (`/wp-json/...` aliases).
  strapi.server.use(wordpressPaths({ strapi }));
  // WordPress's own core REST API (/wp-json/wp/v2/...), answered by the plugin itself.
  strapi.server.use(wordpressApi({ strapi }));
  // `/xmlrpc.php`: the answer of a WordPress with XML-RPC disabled.
  strapi.server.use(xmlrpcEndpoint({ strapi }));
}
