import { ACTIONS, actionId } from '../permissions';

const requires = (action: (typeof ACTIONS)[keyof typeof ACTIONS]) => ({
  policies: [
    'admin::isAuthenticatedAdmin',
    { name: 'admin::hasPermissions', config: { actions: [actionId(action)] } },
  ],
});

/** Admin API used by the settings page; served at /article-publisher/... */
export default {
  type: 'admin',
  routes: [
    {
      method: 'GET',
      path: '/settings',
      handler: 'admin-settings.getSettings',
      config: requires(ACTIONS.readSettings),
    },
    {
      method: 'POST',
      path: '/api-key',
      handler: 'admin-settings.regenerateApiKey',
      config: requires(ACTIONS.regenerateSecrets),
    },
    {
      method: 'POST',
      path: '/webhook-secret',
      handler: 'admin-settings.setWebhookSecret',
      config: requires(ACTIONS.regenerateSecrets),
    },
  ],
};
