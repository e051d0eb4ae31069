import contractErrors from './contract-errors';
import hookAuth from './hook-auth';
import jsonBody from './json-body';
import serviceKey from './service-key';
import webhookSignature from './webhook-signature';

/** Route middlewares; the global body parser wrapper is installed by `register`. */
export default {
  'contract-errors': contractErrors,
  'hook-auth': hookAuth,
  'json-body': jsonBody,
  'service-key': serviceKey,
  'webhook-signature': webhookSignature,
};
