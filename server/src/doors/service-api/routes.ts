import { PLUGIN_ID, SERVICE_ROUTE_BASE } from '../../shared/plugin-id';
import { atRestPrefixRoot } from '../../shared/http/rest-prefix-root';

const contractErrors = `plugin::${PLUGIN_ID}.contract-errors`;
const serviceKey = `plugin::${PLUGIN_ID}.service-key`;
const webhookSignature = `plugin::${PLUGIN_ID}.webhook-signature`;
const jsonBody = `plugin::${PLUGIN_ID}.json-body`;

/**
 * Integration A and B routes (the content API router, server/src/routes.ts), mounted right under Strapi's REST prefix (see `atRestPrefixRoot`), so they
 * are served at /api/service/v1/... on every Strapi 5. Strapi's users-permissions auth is off (`auth: false`): the route
 * middlewares authenticate with the service's key or signature instead, and read the body themselves
 * (Strapi's global body parser skips these paths): after the key, or around the signature check.
 */
export const serviceApiRoutes = atRestPrefixRoot([
  {
    method: 'GET',
    path: `${SERVICE_ROUTE_BASE}/ping`,
    handler: 'service-api.ping',
    config: { auth: false, middlewares: [contractErrors, serviceKey] },
  },
  {
    method: 'POST',
    path: `${SERVICE_ROUTE_BASE}/publish-post`,
    handler: 'service-api.publishPost',
    config: { auth: false, middlewares: [contractErrors, serviceKey, jsonBody] },
  },
  {
    method: 'POST',
    path: `${SERVICE_ROUTE_BASE}/webhook`,
    handler: 'webhook.receive',
    config: { auth: false, middlewares: [contractErrors, webhookSignature] },
  },
  {
    // The plugin's own: the conformance check removes the post it wrote (not part of the contract).
    method: 'DELETE',
    path: `${SERVICE_ROUTE_BASE}/check-post`,
    handler: 'service-api.removeCheckPost',
    config: { auth: false, middlewares: [contractErrors, serviceKey] },
  },
]);
