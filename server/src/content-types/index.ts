import authFailureSchema from './auth-failure/schema.json';

export default {
  'auth-failure': { schema: authFailureSchema },
};
