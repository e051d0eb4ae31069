import { ACTIONS, actionId } from './permissions';

const requires = (action: (typeof ACTIONS)[keyof typeof ACTIONS]) => ({
  policies: [
    'admin::isAuthenticatedAdmin',
    { name: 'admin::hasPermissions', config: { actions: [actionId(action)] } },
  ],
});

/** Admin API used by the settings and activity pages; served at /article-publisher/... */
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
      method: 'PUT',
      path: '/settings',
      handler: 'admin-settings.updateSettings',
      config: requires(ACTIONS.updateSettings),
    },
    {
      // Read-only: checks unsaved target settings against the schema, so readers may run it too.
      method: 'POST',
      path: '/settings/check',
      handler: 'admin-settings.checkTarget',
      config: requires(ACTIONS.readSettings),
    },
    {
      // Read-only as well: a dry run of a sample article into unsaved target settings; nothing is written.
      method: 'POST',
      path: '/settings/preview',
      handler: 'admin-settings.previewTarget',
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
    {
      method: 'GET',
      path: '/application-passwords',
      handler: 'admin-application-passwords.list',
      config: requires(ACTIONS.readSettings),
    },
    {
      method: 'POST',
      path: '/application-passwords',
      handler: 'admin-application-passwords.create',
      config: requires(ACTIONS.regenerateSecrets),
    },
    {
      method: 'DELETE',
      path: '/application-passwords/:id',
      handler: 'admin-application-passwords.revoke',
      config: requires(ACTIONS.regenerateSecrets),
    },
    {
      // Connect an AI agent: the rights its token would get, and whether Strapi's MCP server is on.
      method: 'GET',
      path: '/agent-token',
      handler: 'admin-agent-token.plan',
      config: requires(ACTIONS.regenerateSecrets),
    },
    {
      // Creates an admin token: a secret like the others, and Strapi's own right to create admin tokens.
      method: 'POST',
      path: '/agent-token',
      handler: 'admin-agent-token.create',
      config: {
        policies: [
          'admin::isAuthenticatedAdmin',
          {
            name: 'admin::hasPermissions',
            config: { actions: [actionId(ACTIONS.regenerateSecrets), 'admin::admin-tokens.create'] },
          },
        ],
      },
    },
    {
      method: 'GET',
      path: '/hook-endpoints',
      handler: 'admin-hook-endpoints.list',
      config: requires(ACTIONS.readSettings),
    },
    {
      method: 'POST',
      path: '/hook-endpoints',
      handler: 'admin-hook-endpoints.create',
      config: requires(ACTIONS.regenerateSecrets),
    },
    {
      method: 'PUT',
      path: '/hook-endpoints/:id',
      handler: 'admin-hook-endpoints.update',
      config: requires(ACTIONS.regenerateSecrets),
    },
    {
      method: 'POST',
      path: '/hook-endpoints/:id/secret',
      handler: 'admin-hook-endpoints.regenerate',
      config: requires(ACTIONS.regenerateSecrets),
    },
    {
      method: 'DELETE',
      path: '/hook-endpoints/:id',
      handler: 'admin-hook-endpoints.remove',
      config: requires(ACTIONS.regenerateSecrets),
    },
    {
      // The delivery inspector: an endpoint's deliveries, one with its redacted payload and field map.
      method: 'GET',
      path: '/hook-endpoints/:id/deliveries',
      handler: 'admin-hook-deliveries.list',
      config: requires(ACTIONS.readActivity),
    },
    {
      // "Send a sample": the preset's documented sample as a dry run; nothing is written.
      method: 'POST',
      path: '/hook-endpoints/:id/sample',
      handler: 'admin-hook-deliveries.sample',
      config: requires(ACTIONS.readSettings),
    },
    {
      method: 'GET',
      path: '/hook-deliveries/:id',
      handler: 'admin-hook-deliveries.show',
      config: requires(ACTIONS.readActivity),
    },
    {
      // Writes posts again (through the queue): the right that manages the endpoints.
      method: 'POST',
      path: '/hook-deliveries/:id/again',
      handler: 'admin-hook-deliveries.again',
      config: requires(ACTIONS.regenerateSecrets),
    },
    {
      method: 'GET',
      path: '/activity',
      handler: 'admin-activity.listDeliveries',
      config: requires(ACTIONS.readActivity),
    },
    {
      method: 'GET',
      path: '/activity/refusals',
      handler: 'admin-activity.listRefusals',
      config: requires(ACTIONS.readActivity),
    },
    {
      // Custom webhook deliveries answered before their import: waiting, in progress, done or failed.
      method: 'GET',
      path: '/activity/hook-queue',
      handler: 'admin-activity.listHookQueue',
      config: requires(ACTIONS.readActivity),
    },
    {
      method: 'GET',
      path: '/activity/auth-failures',
      handler: 'admin-activity.listAuthFailures',
      config: requires(ACTIONS.readActivity),
    },
    {
      method: 'POST',
      path: '/activity/:id/cancel-schedule',
      handler: 'admin-schedules.cancelSchedule',
      config: requires(ACTIONS.cancelSchedules),
    },
  ],
};
