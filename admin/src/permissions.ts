import { ACTIONS, actionId, type ActionUid } from '../../core/src/plugin-identity';

const permission = (uid: ActionUid) => [{ action: actionId(uid), subject: null }];

/** The server's actions (core/src/plugin-identity.ts) in the shape `useRBAC` and `Page.Protect` take. */
export const PERMISSIONS = {
  readSettings: permission(ACTIONS.readSettings),
  updateSettings: permission(ACTIONS.updateSettings),
  regenerateSecrets: permission(ACTIONS.regenerateSecrets),
  readActivity: permission(ACTIONS.readActivity),
  cancelSchedules: permission(ACTIONS.cancelSchedules),
};
