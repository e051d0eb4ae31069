import type { Core } from '@strapi/strapi';
import type { McpAuthPolicy } from '../../strapi/mcp-server';
import { getTool } from './get-tool';
import { listTool } from './list-tool';
import { publishTool } from './publish-tool';
import { recentTool } from './recent-tool';
import { siteTool } from './site-tool';
import type { PluginMcpTool } from './tool-definition';
import { unpublishTool } from './unpublish-tool';

/** The plugin's tools on Strapi's MCP server, in the order an agent sees them. */
export const mcpTools = (strapi: Core.Strapi): PluginMcpTool[] => [
  siteTool(strapi),
  publishTool(strapi),
  getTool(strapi),
  listTool(strapi),
  unpublishTool(strapi),
  recentTool(),
];

/**
 * Every right the tools need, read from their own declarations: each policy that lists a tool and each
 * right a call may also need, once each. A token with all of them sees every tool and may make every call.
 */
export function toolRights(tools: readonly PluginMcpTool[]): McpAuthPolicy[] {
  const rights = new Map<string, McpAuthPolicy>();
  for (const tool of tools)
    for (const policy of [...tool.auth.policies, ...(tool.alsoNeeds ?? [])])
      rights.set(`${policy.action} ${policy.subject ?? ''}`, policy);
  return [...rights.values()];
}

/** What an AI agent's admin token is given (the settings page's "Connect an AI agent"): every tool's needs. */
export const agentRights = (strapi: Core.Strapi): McpAuthPolicy[] => toolRights(mcpTools(strapi));
