import { request } from './http';

/** The password of every admin these helpers create (browser tests log in with it). */
export const ADMIN_PASSWORD = 'Playground-Passw0rd!';
const PASSWORD = ADMIN_PASSWORD;

/** Registers the first super admin of a fresh playground and returns its session token. */
export async function registerSuperAdmin(baseUrl: string): Promise<string> {
  const response = await request(`${baseUrl}/admin/register-admin`, {
    method: 'POST',
    body: { firstname: 'Site', lastname: 'Owner', email: 'owner@example.com', password: PASSWORD },
  });
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(`register-admin failed: ${response.status} ${response.text}`);
  }
  return response.json.data.token as string;
}

/** Creates an admin whose role has no plugin permission and returns its session token. */
export function createAdminWithoutPluginPermissions(baseUrl: string, superToken: string): Promise<string> {
  return createAdminInNewRole(baseUrl, superToken, {
    role: 'Writers',
    description: 'No Article Publisher permissions',
    firstname: 'Wendy',
    lastname: 'Writer',
    email: 'writer@example.com',
  });
}

/** Creates a role without permissions and an admin in it; returns the admin's session token. */
export async function createAdminInNewRole(
  baseUrl: string,
  superToken: string,
  admin: { role: string; description: string; firstname: string; lastname: string; email: string }
): Promise<string> {
  const auth = { authorization: `Bearer ${superToken}` };
  const role = await request(`${baseUrl}/admin/roles`, {
    method: 'POST',
    headers: auth,
    body: { name: admin.role, description: admin.description },
  });
  if (role.status !== 201 && role.status !== 200)
    throw new Error(`create role failed: ${role.status} ${role.text}`);
  const { firstname, lastname, email } = admin;
  const user = await request(`${baseUrl}/admin/users`, {
    method: 'POST',
    headers: auth,
    body: { firstname, lastname, email, roles: [role.json.data.id] },
  });
  if (user.status !== 201 && user.status !== 200)
    throw new Error(`create user failed: ${user.status} ${user.text}`);
  const registered = await request(`${baseUrl}/admin/register`, {
    method: 'POST',
    body: {
      registrationToken: user.json.data.registrationToken,
      userInfo: { firstname, lastname, password: PASSWORD },
    },
  });
  if (registered.status !== 200 && registered.status !== 201) {
    throw new Error(`register failed: ${registered.status} ${registered.text}`);
  }
  return registered.json.data.token as string;
}

/** Gives an admin role exactly these plugin actions (uids without the `plugin::article-publisher.` prefix). */
export function grantPluginActions(baseUrl: string, superToken: string, roleName: string, uids: string[]) {
  return setRolePermissions(
    baseUrl,
    superToken,
    roleName,
    uids.map((uid) => ({ action: `plugin::article-publisher.${uid}` }))
  );
}

/** An admin permission: an action, and for a content type's actions the type's uid. */
export interface AdminPermission {
  action: string;
  subject?: string;
  /** Conditions the permission holds under (`admin::is-creator`); none by default. */
  conditions?: string[];
}

/** Gives an admin role exactly these permissions (every field of a content type, conditions as given). */
export async function setRolePermissions(
  baseUrl: string,
  superToken: string,
  roleName: string,
  permissions: AdminPermission[]
) {
  const auth = { authorization: `Bearer ${superToken}` };
  const roles = await request(`${baseUrl}/admin/roles`, { headers: auth });
  const role = (roles.json.data as { id: number; name: string }[]).find(
    (candidate) => candidate.name === roleName
  );
  if (!role) throw new Error(`role ${roleName} does not exist`);
  const updated = await request(`${baseUrl}/admin/roles/${role.id}/permissions`, {
    method: 'PUT',
    headers: auth,
    body: {
      permissions: permissions.map(({ action, subject, conditions }) => ({
        action,
        subject: subject ?? null,
        properties: {},
        conditions: conditions ?? [],
      })),
    },
  });
  if (updated.status !== 200)
    throw new Error(`setting permissions failed: ${updated.status} ${updated.text}`);
}
