import hooks from './controllers/hooks';
import hookAuth from './middlewares/hook-auth';
import { customWebhookRoutes } from './routes';

/** The custom webhooks' door: one URL an endpoint, its preset's auth and payload (docs/custom-webhooks.md). */
export const customWebhooksDoor = {
  controllers: { hooks },
  middlewares: { 'hook-auth': hookAuth },
  routes: customWebhookRoutes,
};
