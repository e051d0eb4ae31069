import { PLUGIN_ID } from './pluginId';

const action = (uid: string) => [{ action: `plugin::${PLUGIN_ID}.${uid}`, subject: null }];

/** Mirrors server/src/permissions.ts. */
export const PERMISSIONS = {
  readSettings: action('settings.read'),
  updateSettings: action('settings.update'),
  regenerateSecrets: action('secrets.regenerate'),
  readActivity: action('activity.read'),
};
