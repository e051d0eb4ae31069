import type { Core } from '@strapi/strapi';
import { getService } from '../../common/get-service';
import { raiseMcpBodyLimit } from '../../strapi/mcp-body-limit';
import { MCP_UNAVAILABLE_MESSAGE, strapiMcp } from '../../strapi/mcp-server';
import { annotateTools } from '../../strapi/mcp-tool-annotations';
import { mcpTools } from './tools';

/**
 * Gives AI agents the plugin's door on Strapi's own MCP server (issues #43, #58): publish, site, recent,
 * get, list, unpublish. Called in the register phase, the only time Strapi takes tools
 * (node_modules/@strapi/core/dist/services/mcp/index.js). A release without the server, or a site that
 * has not enabled it (`server.mcp.enabled`), gets nothing registered.
 */
export function registerMcpTools(strapi: Core.Strapi): void {
  const mcp = strapiMcp(strapi);
  if (!mcp) {
    // Said once at start, only to a site that asked for the server: why the agents see no tools.
    if (strapi.config.get('server.mcp.enabled') === true) strapi.log.info(MCP_UNAVAILABLE_MESSAGE);
    return;
  }
  if (!mcp.isEnabled()) return;
  const tools = mcpTools(strapi);
  annotateTools(strapi, tools);
  raiseMcpBodyLimit(strapi, getService(strapi, 'plugin-config').static().bodyLimitBytes);
  for (const tool of tools) mcp.registerTool(tool);
}
