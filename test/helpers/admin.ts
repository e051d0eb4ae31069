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
export async function createAdminWithoutPluginPermissions(
  baseUrl: string,
  superToken: string
): Promise<string> {
  const auth = { authorization: `Bearer ${superToken}` };
  const role = await request(`${baseUrl}/admin/roles`, {
    method: 'POST',
    headers: auth,
    body: { name: 'Writers', description: 'No Article Publisher permissions' },
  });
  if (role.status !== 201 && role.status !== 200)
    throw new Error(`create role failed: ${role.status} ${role.text}`);
  const user = await request(`${baseUrl}/admin/users`, {
    method: 'POST',
    headers: auth,
    body: { firstname: 'Wendy', lastname: 'Writer', email: 'writer@example.com', roles: [role.json.data.id] },
  });
  if (user.status !== 201 && user.status !== 200)
    throw new Error(`create user failed: ${user.status} ${user.text}`);
  const registered = await request(`${baseUrl}/admin/register`, {
    method: 'POST',
    body: {
      registrationToken: user.json.data.registrationToken,
      userInfo: { firstname: 'Wendy', lastname: 'Writer', password: PASSWORD },
    },
  });
  if (registered.status !== 200 && registered.status !== 201) {
    throw new Error(`register failed: ${registered.status} ${registered.text}`);
  }
  return registered.json.data.token as string;
}

/** Gives an admin role exactly these plugin actions (uids without the `plugin::article-publisher.` prefix). */
export async function grantPluginActions(
  baseUrl: string,
  superToken: string,
  roleName: string,
  uids: string[]
) {
  const auth = { authorization: `Bearer ${superToken}` };
  const roles = await request(`${baseUrl}/admin/roles`, { headers: auth });
  const role = (roles.json.data as { id: number; name: string }[]).find(
    (candidate) => candidate.name === roleName
  );
  if (!role) throw new Error(`role ${roleName} does not exist`);
  const permissions = uids.map((uid) => ({
    action: `plugin::article-publisher.${uid}`,
    subject: null,
    properties: {},
    conditions: [],
  }));
  const updated = await request(`${baseUrl}/admin/roles/${role.id}/permissions`, {
    method: 'PUT',
    headers: auth,
    body: { permissions },
  });
  if (updated.status !== 200)
    throw new Error(`setting permissions failed: ${updated.status} ${updated.text}`);
}
