import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type {
  AgentRight,
  AgentTokenPlanResponse,
  CreatedAgentTokenResponse,
  McpServerState,
} from '../../../../../core/src/mcp/agent-token-api';
import { PLUGIN_ID } from '../../../common/plugin-id';
import {
  adminActionName,
  adminTokenNameTaken,
  createAdminToken,
  hasAdminTokens,
  type AdminTokenOwner,
} from '../../../strapi/admin-tokens';
import { strapiMcp, type McpAuthPolicy } from '../../../strapi/mcp-server';

/** Strapi's MCP server answers here (its McpConfiguration's fixed path). */
const MCP_PATH = '/mcp';

const NOT_ON: Record<Exclude<McpServerState, 'on'>, string> = {
  off: "Strapi's MCP server is off. Turn it on in config/server.js (or .ts) with `mcp: { enabled: true }` and restart Strapi; then connect an agent here.",
  absent:
    'This Strapi release has no MCP server (Strapi 5.47 and later have one, with admin tokens): upgrade Strapi, turn it on with `mcp: { enabled: true }` in config/server.js, and connect an agent here.',
};

/** Whose actions are whose in the labels: Strapi's roles page calls these plugins so. */
const PLUGIN_NAMES: Record<string, string> = {
  'content-manager': 'Content Manager',
  upload: 'Media Library',
  [PLUGIN_ID]: 'Article Publisher',
};

/**
 * An admin token for an AI agent, made in one step from the settings page (issue #60): given exactly the
 * rights the plugin's MCP tools need (`toolRights` of doors/mcp/tools.ts, read from the tools' own
 * declarations and handed in by the caller), owned by the admin who asks, its key answered once. Strapi keeps the key's hash (and a copy only its owner may read);
 * the plugin keeps nothing.
 */
const agentTokens = ({ strapi }: { strapi: Core.Strapi }) => {
  const mcpState = (): McpServerState => {
    const mcp = strapiMcp(strapi);
    if (!mcp || !hasAdminTokens(strapi)) return 'absent';
    return mcp.isEnabled() ? 'on' : 'off';
  };

  /** "Content Manager: Create (Article)", "Article Publisher: Read activity". */
  const labelOf = (action: string, subject: string | null): string => {
    const known = adminActionName(strapi, action);
    const owner =
      known?.section === 'contentTypes'
        ? PLUGIN_NAMES['content-manager']
        : (PLUGIN_NAMES[known?.pluginName ?? ''] ?? known?.pluginName ?? action.split('.')[0]);
    const model = subject
      ? (strapi.contentTypes as unknown as Record<string, { info?: { displayName?: string } } | undefined>)[
          subject
        ]
      : undefined;
    const on = subject ? ` (${model?.info?.displayName ?? subject})` : '';
    return `${owner}: ${known?.displayName ?? action}${on}`;
  };

  const named = (needs: readonly McpAuthPolicy[]): AgentRight[] =>
    needs.map(({ action, subject }) => ({
      action,
      subject: subject ?? null,
      label: labelOf(action, subject ?? null),
    }));

  return {
    /** What a token would be given, and whether an agent can connect at all. */
    plan(needs: readonly McpAuthPolicy[]): AgentTokenPlanResponse {
      const mcp = mcpState();
      return { mcp, message: mcp === 'on' ? null : NOT_ON[mcp], mcpPath: MCP_PATH, rights: named(needs) };
    },

    /** Creates the token (400 when the server is not on, the name is taken, or the owner lacks a right). */
    async create(
      owner: AdminTokenOwner,
      needs: readonly McpAuthPolicy[],
      input: { name?: string }
    ): Promise<CreatedAgentTokenResponse> {
      const mcp = mcpState();
      if (mcp !== 'on') throw new errors.ApplicationError(NOT_ON[mcp], { mcp });
      const name = input.name ?? `AI agent (Article Publisher), ${new Date().toISOString()}`;
      if (await adminTokenNameTaken(strapi, name))
        throw new errors.ValidationError(`name "${name}" is taken by another admin token`);
      const given = named(needs);
      const token = await createAdminToken(strapi, owner, {
        name,
        description:
          "Made by Article Publisher's settings page for an AI agent: the rights its MCP tools need.",
        permissions: given,
      });
      return {
        accessKey: token.accessKey,
        token: { id: token.id, name: token.name, rights: given },
        mcpPath: MCP_PATH,
      };
    },
  };
};

export type AgentTokensService = ReturnType<typeof agentTokens>;
export default agentTokens;
