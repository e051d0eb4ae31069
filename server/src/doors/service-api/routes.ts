import { atRestPrefixRoot } from '../../common/http/rest-prefix-root';
import { serviceRoute } from '../../common/http/service-route';

/**
 * Integration A and B routes (the content API router, server/src/routes.ts), mounted right under Strapi's
 * REST prefix (see `atRestPrefixRoot`), so they are served at /api/service/v1/... on every Strapi 5. The
 * route middlewares authenticate with the service's key or signature, and read the body themselves
 * (Strapi's global body parser skips these paths): after the key, or around the signature check.
 */
export const serviceApiRoutes = atRestPrefixRoot([
  serviceRoute('GET', 'ping', 'service-api.ping', ['service-key']),
  serviceRoute('POST', 'publish-post', 'service-api.publishPost', ['service-key', 'json-body']),
  serviceRoute('POST', 'webhook', 'webhook.receive', ['webhook-signature']),
  // The plugin's own: the conformance check removes the post it wrote (not part of the contract).
  serviceRoute('DELETE', 'check-post', 'service-api.removeCheckPost', ['service-key']),
]);
