import authFailureSchema from './auth-failure/schema.json';
import deliverySchema from './delivery/schema.json';

export default {
  'auth-failure': { schema: authFailureSchema },
  delivery: { schema: deliverySchema },
};
