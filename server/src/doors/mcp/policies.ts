import type { Core } from '@strapi/strapi';
import { ACTIONS, actionId } from '../../../../core/src/plugin-identity';
import { getService } from '../../common/get-service';
import { UPLOAD_ACTION } from '../../common/services/content-rights';
import type { McpAuthPolicy } from '../../strapi/mcp-server';

/**
 * Which tokens see the tools: Strapi lists a tool when the token's ability allows any one policy
 * (node_modules/@strapi/core/dist/services/mcp/internal/syncMcpSessionCapabilities.js). This is a
 * coarse list fixed at startup (the target the config files name); each handler checks the rights
 * a call needs against the target of the moment.
 */
export function articlePolicies(
  strapi: Core.Strapi,
  actions: [string, ...string[]]
): [McpAuthPolicy, ...McpAuthPolicy[]] {
  const subject = getService(strapi, 'plugin-config').static().targetContentType;
  const [first, ...rest] = actions.map((action) => ({
    action: `plugin::content-manager.explorer.${action}`,
    subject,
  }));
  return [first, ...rest];
}

export const activityPolicy = (): McpAuthPolicy => ({ action: actionId(ACTIONS.readActivity) });
export const settingsPolicy = (): McpAuthPolicy => ({ action: actionId(ACTIONS.readSettings) });
/** The Media Library's upload, as an admin role grants it (on no subject): a publish with images needs it. */
export const uploadPolicy = (): McpAuthPolicy => ({ action: UPLOAD_ACTION });

/** A tool's `auth`: at least one policy, as Strapi requires of a tool that is not dev-mode only. */
export const anyOf = (
  first: McpAuthPolicy,
  ...rest: McpAuthPolicy[]
): { policies: [McpAuthPolicy, ...McpAuthPolicy[]] } => ({ policies: [first, ...rest] });
