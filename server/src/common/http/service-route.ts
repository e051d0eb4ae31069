import { PLUGIN_ID, SERVICE_ROUTE_BASE } from '../plugin-id';

/** A route middleware of the plugin, by name (`service-key`), as a route's config names it. */
export const pluginMiddleware = (name: string) => `plugin::${PLUGIN_ID}.${name}`;

/**
 * A service route under /api/service/v1/: Strapi's users-permissions auth off (the route's middlewares
 * authenticate instead), and every error answered in the contract's shape (`contract-errors`, first).
 */
export const serviceRoute = (method: string, path: string, handler: string, middlewares: string[]) => ({
  method,
  path: `${SERVICE_ROUTE_BASE}/${path}`,
  handler,
  config: {
    auth: false,
    middlewares: [pluginMiddleware('contract-errors'), ...middlewares.map(pluginMiddleware)],
  },
});
