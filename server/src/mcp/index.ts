import type { Core } from '@strapi/strapi';
import { publishTool } from './publish-tool';
import { recentTool } from './recent-tool';
import { siteTool } from './site-tool';
import { strapiMcp } from './strapi-mcp';

/**
 * Gives AI agents the plugin's door on Strapi's own MCP server (issue #43): publish, site, recent.
 * Called in the register phase, the only time Strapi takes tools (node_modules/@strapi/core/dist/
 * services/mcp/index.js). A release without the server, or a site that has not enabled it
 * (`server.mcp.enabled`), gets nothing registered.
 */
export function registerMcpTools(strapi: Core.Strapi): void {
  const mcp = strapiMcp(strapi);
  if (!mcp?.isEnabled()) return;
  for (const tool of [publishTool(strapi), siteTool(strapi), recentTool()]) mcp.registerTool(tool);
}
