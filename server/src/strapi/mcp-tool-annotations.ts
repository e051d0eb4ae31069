import { createRequire } from 'node:module';
import type { Core } from '@strapi/strapi';
import type { McpToolAnnotations, McpToolDefinition } from './mcp-server';

/** The MCP SDK's server class, as far as this file touches it. */
type RegisterTool = (
  this: unknown,
  name: string,
  config: Record<string, unknown>,
  callback: unknown
) => unknown;
interface SdkServerModule {
  McpServer?: {
    prototype: { registerTool?: RegisterTool & { [ANNOTATED]?: Map<string, McpToolAnnotations> } };
  };
}

const ANNOTATED = Symbol.for('article-publisher.mcp-tool-annotations');

/**
 * Gives the plugin's tools their annotations in `tools/list`. Strapi 5.54 registers each session's
 * tools with the SDK's `McpServer.registerTool(name, { title, description, inputSchema, outputSchema })`
 * (node_modules/@strapi/core/dist/services/mcp/tool-registry.js) and drops any other field of the
 * definition, so the SDK's own registerTool, which takes `annotations`, is wrapped once to add them to
 * these tools only (a tool registered with annotations of its own keeps them). The SDK is the one
 * Strapi's core loads. Answers whether the annotations are in place.
 */
export function annotateTools(strapi: Core.Strapi, tools: readonly McpToolDefinition[]): boolean {
  let sdk: SdkServerModule;
  try {
    sdk = createRequire(require.resolve('@strapi/core'))('@modelcontextprotocol/server') as SdkServerModule;
  } catch {
    strapi.log.warn(
      '[article-publisher] the MCP SDK was not found: the tools are listed without annotations.'
    );
    return false;
  }
  const prototype = sdk.McpServer?.prototype;
  const original = prototype?.registerTool;
  if (!prototype || typeof original !== 'function') return false;
  let annotations = original[ANNOTATED];
  if (!annotations) {
    const byName = new Map<string, McpToolAnnotations>();
    const registerTool: RegisterTool = function (this: unknown, name, config, callback) {
      const own = byName.get(name);
      const withAnnotations =
        own && config.annotations === undefined ? { ...config, annotations: own } : config;
      return original.call(this, name, withAnnotations, callback);
    };
    prototype.registerTool = Object.assign(registerTool, { [ANNOTATED]: byName });
    annotations = byName;
  }
  for (const tool of tools) annotations.set(tool.name, tool.annotations);
  return true;
}
