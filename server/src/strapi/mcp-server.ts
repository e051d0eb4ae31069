import type { Core } from '@strapi/strapi';
import type { z } from 'zod';

/**
 * Strapi's MCP server, as far as the plugin uses it. Restated here (not imported from @strapi/types)
 * so that the plugin builds and runs on Strapi releases without it. The shapes are Strapi 5.54's:
 * - node_modules/@strapi/core/dist/services/mcp/index.js: `strapi.ai.mcp` has `isEnabled()` (the
 *   server config's `mcp.enabled`, internal/McpConfiguration.js) and `registerTool()`, which throws
 *   once the server started: tools are registered in the register phase (as the Content Manager's
 *   register-content-manager-mcp-tools.js and the upload plugin's register-upload-mcp-tools.js do).
 * - node_modules/@strapi/types/dist/modules/mcp.d.ts: a tool names `auth.policies` (any one the
 *   token's ability allows lists the tool: internal/syncMcpSessionCapabilities.js), zod objects for
 *   its input and output (`resolveInputSchema`, `resolveOutputSchema`), and `createHandler(strapi,
 *   context)`, where `context.userAbility` is the admin token's CASL ability (the token's own
 *   permissions under its owner's: authentication.js, the admin's api-token service
 *   `authenticateAdminToken`) and `context.user` its owner.
 * - A result is `{ content, structuredContent }` or `{ content, isError: true }`; what a handler
 *   throws reaches the agent as "execution failed: <message>" (tool-registry.js), so handlers here
 *   answer their own errors.
 */
export interface McpAuthPolicy {
  action: string;
  subject?: string;
}

export interface McpHandlerContext {
  userAbility: unknown;
  user: { id: string | number };
}

export type McpTextContent = { type: 'text'; text: string };

export type McpToolResult =
  | { content: McpTextContent[]; structuredContent: Record<string, unknown>; isError?: never }
  | { content: McpTextContent[]; isError: true; structuredContent?: never };

/**
 * MCP's tool annotations (the protocol's ToolAnnotations): hints a client reads to decide whether to
 * ask the person before a call. Strapi 5.54's tool registry does not pass them to the SDK (it registers
 * title, description and schemas only); tool-annotations.ts adds them.
 */
export interface McpToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface McpToolDefinition {
  name: string;
  /** Carried in the definition for a Strapi release that passes them on; tool-annotations.ts does today. */
  annotations: McpToolAnnotations;
  title: string;
  description: string;
  auth: { policies: [McpAuthPolicy, ...McpAuthPolicy[]] };
  resolveInputSchema?: () => z.ZodObject;
  resolveOutputSchema: () => z.ZodObject;
  createHandler: (
    strapi: Core.Strapi,
    context: McpHandlerContext
  ) => (params: { args?: Record<string, unknown> }) => Promise<McpToolResult>;
}

export interface StrapiMcp {
  isEnabled(): boolean;
  registerTool(tool: McpToolDefinition): void;
}

/** Logged at start when the config enables Strapi's MCP server on a release that has none. */
export const MCP_UNAVAILABLE_MESSAGE =
  '[article-publisher] server.mcp.enabled is set, but this Strapi release has no MCP server (Strapi 5.47 and later have one): no MCP tools are registered.';

/** Strapi's MCP server, or undefined on a release without one (before 5.47). */
export function strapiMcp(strapi: Core.Strapi): StrapiMcp | undefined {
  // `strapi.ai` is a getter on the releases that have it; older ones have no such property.
  const ai = (strapi as unknown as { ai?: { mcp?: Partial<StrapiMcp> } }).ai;
  const mcp = ai?.mcp;
  if (typeof mcp?.isEnabled !== 'function' || typeof mcp.registerTool !== 'function') return undefined;
  return mcp as StrapiMcp;
}
