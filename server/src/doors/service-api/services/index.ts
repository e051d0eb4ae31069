import apiKey from './api-key';
import webhookSecret from './webhook-secret';

/** The service API's credentials: the key (Integration A) and the webhook's signing secret (B). */
export const serviceApiServices = {
  'api-key': apiKey,
  'webhook-secret': webhookSecret,
};
