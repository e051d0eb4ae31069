import { customWebhooksDoor } from './doors/custom-webhooks';
import { serviceApiDoor } from './doors/service-api';
import contractErrors from './common/http/contract-errors';
import jsonBody from './common/http/json-body';

/** Route middlewares, by the doors' routes; the global body parser wrapper is installed by `register`. */
export default {
  'contract-errors': contractErrors,
  'json-body': jsonBody,
  ...serviceApiDoor.middlewares,
  ...customWebhooksDoor.middlewares,
};
