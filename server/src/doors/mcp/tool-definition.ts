import type { Core } from '@strapi/strapi';
import type { z } from 'zod';
import type { EffectiveConfig } from '../../../../core/src/config';
import { getService } from '../../common/get-service';
import type {
  McpAuthPolicy,
  McpHandlerContext,
  McpToolAnnotations,
  McpToolDefinition,
  McpToolResult,
} from '../../strapi/mcp-server';
import { answer, asTool } from './results';
import { ignoredLine, readArguments, sentAsIs } from './tool-input';

/** The annotations of a tool that only reads the site: a client may call it without asking. */
export const READS_ONLY: McpToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** What a tool's work is handed: the call, its arguments as read, the fields it ignored, the site's settings. */
export interface ToolCall<Values> {
  strapi: Core.Strapi;
  context: McpHandlerContext;
  values: Values;
  ignored: string[];
  /** The site's settings, read when a tool first asks (a tool that needs none reads none). */
  config: Promise<EffectiveConfig>;
}

/**
 * A tool as the plugin declares it: Strapi's definition, and the rights a call may need beyond those that
 * list the tool (`auth.policies`, any one of which lists it). Strapi reads neither this nor the
 * annotations; the settings page's agent token is given both (tool-rights.ts).
 */
export type PluginMcpTool = McpToolDefinition & { alsoNeeds?: McpAuthPolicy[] };

type ToolDeclaration = Omit<
  McpToolDefinition,
  'resolveInputSchema' | 'resolveOutputSchema' | 'createHandler'
>;

/**
 * A tool that takes arguments: they are read as every door reads a request (tool-input.ts: a 400 naming
 * each bad field, the unknown ones named), and what its work throws answers as a tool error (results.ts).
 */
export function toolWithArguments<Schema extends z.ZodObject>(
  declaration: ToolDeclaration & {
    input: Schema;
    output: z.ZodObject;
    run(call: ToolCall<z.output<Schema>>): Promise<McpToolResult>;
  }
): McpToolDefinition {
  const { input, output, run, ...definition } = declaration;
  return {
    ...definition,
    resolveInputSchema: () => sentAsIs(input),
    resolveOutputSchema: () => output,
    createHandler:
      (strapi, context) =>
      async ({ args }) =>
        asTool(strapi, definition.name, async () => {
          const { values, ignored } = readArguments(input, args, 'request');
          let config: Promise<EffectiveConfig> | undefined;
          return run({
            strapi,
            context,
            values,
            ignored,
            get config() {
              if (!config) {
                config = getService(strapi, 'plugin-config').get();
                // Awaited by the tool's work; a refusal thrown before that must not leave it unhandled.
                config.catch(() => undefined);
              }
              return config;
            },
          });
        }),
  };
}

/** A tool's answer that names the fields it ignored, in its summary and its structured content. */
export const answerNoting = (ignored: readonly string[], summary: string, structured: object) =>
  answer(summary + ignoredLine(ignored), ignored.length ? { ...structured, ignored } : structured);
