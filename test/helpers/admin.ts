import { request } from './http';

const PASSWORD = 'Playground-Passw0rd!';

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
export async function createAdminWithoutPluginPermissions(baseUrl: string, superToken: string): Promise<string> {
  const auth = { authorization: `Bearer ${superToken}` };
  const role = await request(`${baseUrl}/admin/roles`, {
    method: 'POST',
    headers: auth,
    body: { name: 'Writers', description: 'No Article Publisher permissions' },
  });
  if (role.status !== 201 && role.status !== 200) throw new Error(`create role failed: ${role.status} ${role.text}`);
  const user = await request(`${baseUrl}/admin/users`, {
    method: 'POST',
    headers: auth,
    body: { firstname: 'Wendy', lastname: 'Writer', email: 'writer@example.com', roles: [role.json.data.id] },
  });
  if (user.status !== 201 && user.status !== 200) throw new Error(`create user failed: ${user.status} ${user.text}`);
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
