import contractErrors from './contract-errors';
import serviceKey from './service-key';
import webhookSignature from './webhook-signature';

/** Route middlewares; the global body parser wrapper is installed by `register`. */
export default {
  'contract-errors': contractErrors,
  'service-key': serviceKey,
  'webhook-signature': webhookSignature,
};
