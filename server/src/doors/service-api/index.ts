import serviceApi from './controllers/service-api';
import webhook from './controllers/webhook';
import serviceKey from './middlewares/service-key';
import webhookSignature from './middlewares/webhook-signature';
import { serviceApiRoutes } from './routes';

/** The contract's door: Integration A (`X-Service-Key`) and B (the signed webhook). */
export const serviceApiDoor = {
  controllers: { 'service-api': serviceApi, webhook },
  middlewares: { 'service-key': serviceKey, 'webhook-signature': webhookSignature },
  routes: serviceApiRoutes,
};
