import type { Core } from '@strapi/strapi';

/**
 * Strapi's admin tokens (5.47 and later, with its MCP server), created with the admin's own service, as
 * its `POST /admin/admin-tokens` does (node_modules/@strapi/admin/dist/server/server/src/controllers/
 * admin-token.js): `api-token-admin`'s `create` checks each permission exists, keeps them within the
 * calling admin's own (conditions inherited, a super admin excepted), stores the key's hash (and a copy
 * encrypted for its owner) and answers the key once.
 */

/** A permission given to a token: a Strapi admin action, on a content type or on none. */
export interface AdminTokenPermission {
  action: string;
  subject: string | null;
}

/** The admin creating the token, as Strapi's admin authentication sets it (`ctx.state.user`, its roles read). */
export interface AdminTokenOwner {
  id: number | string;
  roles?: { code?: string }[];
}

interface AdminTokenService {
  exists(where: { name: string }): Promise<boolean>;
  create(
    attributes: {
      kind: 'admin';
      name: string;
      description: string;
      lifespan: null;
      adminPermissions: (AdminTokenPermission & { properties: object; conditions: string[] })[];
      adminUserOwner: number | string;
    },
    callingUser: AdminTokenOwner
  ): Promise<{ id: number; name: string; accessKey: string }>;
}

/** Strapi's admin token service, or undefined on a release without admin tokens. */
function adminTokenService(strapi: Core.Strapi): AdminTokenService | undefined {
  try {
    const service = strapi.service('admin::api-token-admin') as Partial<AdminTokenService> | undefined;
    return typeof service?.create === 'function' ? (service as AdminTokenService) : undefined;
  } catch {
    return undefined;
  }
}

export const hasAdminTokens = (strapi: Core.Strapi): boolean => adminTokenService(strapi) !== undefined;

/** Whether an admin token (of any owner) has this name: Strapi's names are unique. */
export async function adminTokenNameTaken(strapi: Core.Strapi, name: string): Promise<boolean> {
  return (await adminTokenService(strapi)?.exists({ name })) === true;
}

/**
 * A token that never expires, owned by `owner`, with exactly `permissions` (Strapi refuses one its owner
 * lacks with a ValidationError naming it). Answers its key, which Strapi answers only this once.
 */
export async function createAdminToken(
  strapi: Core.Strapi,
  owner: AdminTokenOwner,
  token: { name: string; description: string; permissions: readonly AdminTokenPermission[] }
): Promise<{ id: number; name: string; accessKey: string }> {
  const service = adminTokenService(strapi);
  if (!service) throw new Error('This Strapi release has no admin tokens.');
  const created = await service.create(
    {
      kind: 'admin',
      name: token.name,
      description: token.description,
      lifespan: null,
      adminPermissions: token.permissions.map(({ action, subject }) => ({
        action,
        subject,
        properties: {},
        conditions: [],
      })),
      adminUserOwner: owner.id,
    },
    owner
  );
  return { id: created.id, name: created.name, accessKey: created.accessKey };
}

/** An admin action as Strapi's roles page names it. */
export interface AdminActionName {
  displayName: string;
  /** `contentTypes` for the Content Manager's actions, `plugins` for a plugin's. */
  section: string;
  pluginName?: string;
}

interface ActionProvider {
  get(actionId: string): AdminActionName | undefined;
}

/** What Strapi's permission registry calls an action (undefined for one it does not know). */
export function adminActionName(strapi: Core.Strapi, actionId: string): AdminActionName | undefined {
  const permissions = strapi.service('admin::permission') as unknown as { actionProvider: ActionProvider };
  return permissions.actionProvider.get(actionId);
}
