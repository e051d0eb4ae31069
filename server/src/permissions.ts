import { PLUGIN_ID } from './utils/plugin-id';

/** RBAC actions of the plugin; uids become `plugin::article-publisher.<uid>`. */
export const ACTIONS = {
  readSettings: 'settings.read',
  updateSettings: 'settings.update',
  regenerateSecrets: 'secrets.regenerate',
  readActivity: 'activity.read',
} as const;

export const actionId = (uid: (typeof ACTIONS)[keyof typeof ACTIONS]) => `plugin::${PLUGIN_ID}.${uid}`;

export const PERMISSION_ACTIONS = [
  { uid: ACTIONS.readSettings, displayName: 'Read settings', subCategory: 'settings' },
  { uid: ACTIONS.updateSettings, displayName: 'Change settings', subCategory: 'settings' },
  {
    uid: ACTIONS.regenerateSecrets,
    displayName: 'Generate and regenerate the API key and webhook secret',
    subCategory: 'settings',
  },
  { uid: ACTIONS.readActivity, displayName: 'Read activity', subCategory: 'activity' },
].map((action) => ({ ...action, section: 'plugins', pluginName: PLUGIN_ID }));
