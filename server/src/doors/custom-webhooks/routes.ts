import { atRestPrefixRoot } from '../../common/http/rest-prefix-root';
import { serviceRoute } from '../../common/http/service-route';

/**
 * Custom webhook endpoints (issue #42), beside the service routes under Strapi's REST prefix: the
 * endpoint's preset decides auth and payload, read by the `hook-auth` route middleware. PUT for SEOLadders.
 */
export const customWebhookRoutes = atRestPrefixRoot(
  ['POST', 'PUT'].map((method) => serviceRoute(method, 'hooks/:id', 'hooks.receive', ['hook-auth']))
);
