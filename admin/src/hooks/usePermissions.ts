import { useRBAC } from '@strapi/strapi/admin';
import * as React from 'react';
import { PERMISSIONS } from '../permissions';

type PermissionName = keyof typeof PERMISSIONS;

/**
 * Which of these plugin permissions the current role holds, by the names Strapi gives their actions
 * ("can" and the action's last word: canUpdate, canRegenerate, canCancel), each true or false; null
 * while Strapi is still checking.
 */
export function usePermissions(...names: PermissionName[]): Record<string, boolean> | null {
  // useRBAC wants the same list on every render: it is rebuilt only when the names change.
  const key = names.join(' ');
  const permissions = React.useMemo(
    () => key.split(' ').flatMap((name) => PERMISSIONS[name as PermissionName]),
    [key]
  );
  const { isLoading, allowedActions } = useRBAC(permissions);
  return React.useMemo(
    () =>
      isLoading
        ? null
        : Object.fromEntries(
            Object.entries(allowedActions).map(([action, allowed]) => [action, Boolean(allowed)])
          ),
    [isLoading, allowedActions]
  );
}
