import { PLUGIN_ID, SERVICE_ROUTE_BASE } from '../../shared/plugin-id';
import { atRestPrefixRoot } from '../../shared/http/rest-prefix-root';

const contractErrors = `plugin::${PLUGIN_ID}.contract-errors`;
const hookAuth = `plugin::${PLUGIN_ID}.hook-auth`;

/**
 * Custom webhook endpoints (issue #42), beside the service routes under Strapi's REST prefix: the
 * endpoint's preset decides auth and payload, read by the `hook-auth` route middleware. PUT for SEOLadders.
 */
export const customWebhookRoutes = atRestPrefixRoot(
  ['POST', 'PUT'].map((method) => ({
    method,
    path: `${SERVICE_ROUTE_BASE}/hooks/:id`,
    handler: 'hooks.receive',
    config: { auth: false, middlewares: [contractErrors, hookAuth] },
  }))
);
