/**
 * The plugin's name and its admin permission actions, shared by the server (which registers them)
 * and the admin (which asks for them). Plain constants: the admin bundle imports this file.
 */
export const PLUGIN_ID = 'article-publisher';

/** RBAC actions of the plugin; each becomes `plugin::article-publisher.<uid>`. */
export const ACTIONS = {
  readSettings: 'settings.read',
  updateSettings: 'settings.update',
  regenerateSecrets: 'secrets.regenerate',
  readActivity: 'activity.read',
  cancelSchedules: 'schedules.cancel',
} as const;

export type ActionUid = (typeof ACTIONS)[keyof typeof ACTIONS];

export const actionId = (uid: ActionUid) => `plugin::${PLUGIN_ID}.${uid}`;
