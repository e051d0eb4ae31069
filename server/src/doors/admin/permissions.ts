import { ACTIONS, PLUGIN_ID } from '../../../../core/src/plugin-identity';

export { ACTIONS, actionId } from '../../../../core/src/plugin-identity';

/** The actions as Strapi's permission provider registers them. */
export const PERMISSION_ACTIONS = [
  { uid: ACTIONS.readSettings, displayName: 'Read settings', subCategory: 'settings' },
  { uid: ACTIONS.updateSettings, displayName: 'Change settings', subCategory: 'settings' },
  {
    uid: ACTIONS.regenerateSecrets,
    displayName:
      'Generate and regenerate the API key and webhook secret; create and revoke WordPress application passwords; create, change and delete webhook endpoints',
    subCategory: 'settings',
  },
  { uid: ACTIONS.readActivity, displayName: 'Read activity', subCategory: 'activity' },
  { uid: ACTIONS.cancelSchedules, displayName: 'Cancel scheduled publishing', subCategory: 'activity' },
].map((action) => ({ ...action, section: 'plugins', pluginName: PLUGIN_ID }));
