import { adminDoor } from './doors/admin';
import { customWebhooksDoor } from './doors/custom-webhooks';
import { serviceApiDoor } from './doors/service-api';

/** Every controller, gathered from the doors that answer over routes. */
export default {
  ...adminDoor.controllers,
  ...serviceApiDoor.controllers,
  ...customWebhooksDoor.controllers,
};
