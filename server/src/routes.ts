import { adminDoor } from './doors/admin';
import { customWebhooksDoor } from './doors/custom-webhooks';
import { serviceApiDoor } from './doors/service-api';

/**
 * The content API router holds the service API's and the custom webhooks' routes, each mounted right
 * under Strapi's REST prefix by its own declaration (common/http/rest-prefix-root.ts); WordPress's door
 * and MCP's are not routes (doors/wordpress/index.ts, doors/mcp/index.ts).
 */
export default {
  'content-api': {
    type: 'content-api',
    prefix: '',
    routes: [...serviceApiDoor.routes, ...customWebhooksDoor.routes],
  },
  admin: adminDoor.routes,
};
