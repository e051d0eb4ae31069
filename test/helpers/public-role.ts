import { request } from './http';

/** users-permissions' role as its admin API answers it: permissions by type, controller and action. */
interface RoleWithPermissions {
  id: number;
  name: string;
  description: string;
  permissions: Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>;
}

/**
 * Allows or forbids the site's Public role actions (`api::article.article.find`,
 * `plugin::upload.content-api.find`) through the admin API an admin's Settings → Users & Permissions
 * page uses.
 */
export async function setPublicPermissions(
  baseUrl: string,
  adminToken: string,
  actions: Record<string, boolean>
): Promise<void> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const roles = await request(`${baseUrl}/users-permissions/roles`, { headers });
  if (roles.status !== 200) throw new Error(`listing roles failed: ${roles.status} ${roles.text}`);
  const publicRole = (roles.json.roles as { id: number; type: string }[]).find(
    (role) => role.type === 'public'
  );
  if (!publicRole) throw new Error('the site has no Public role');
  const read = await request(`${baseUrl}/users-permissions/roles/${publicRole.id}`, { headers });
  if (read.status !== 200) throw new Error(`reading the Public role failed: ${read.status} ${read.text}`);
  const role = read.json.role as RoleWithPermissions;
  for (const [action, enabled] of Object.entries(actions)) {
    // `api::article.article.find`: the type `api::article`, the controller `article`, the action `find`.
    const [, plugin, controller, name] = /^(.+?::[^.]+)\.(.+)\.([^.]+)$/.exec(action) ?? [];
    const entry = role.permissions[plugin]?.controllers[controller]?.[name];
    if (!entry) throw new Error(`the Public role has no action ${action}`);
    entry.enabled = enabled;
  }
  const saved = await request(`${baseUrl}/users-permissions/roles/${publicRole.id}`, {
    method: 'PUT',
    headers,
    body: { name: role.name, description: role.description, permissions: role.permissions },
  });
  if (saved.status !== 200) throw new Error(`saving the Public role failed: ${saved.status} ${saved.text}`);
}
