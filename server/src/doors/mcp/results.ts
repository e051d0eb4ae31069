import type { Core } from '@strapi/strapi';
import { errorBody, isServiceError } from '../../../../core/src/errors';
import { currentClientAddress } from '../../strapi/request-context';
import { describeError } from '../../common/describe-error';
import { getService } from '../../common/get-service';
import type { McpToolResult } from '../../strapi/mcp-server';

/**
 * A tool's answer: the contract's result as structured content, and a line an agent can relay. The
 * content is its JSON as sent (dates as ISO text), which is what the SDK checks against the tool's
 * output schema.
 */
export function answer(summary: string, structuredContent: object): McpToolResult {
  const json = JSON.stringify(structuredContent);
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: json },
    ],
    structuredContent: JSON.parse(json) as Record<string, unknown>,
  };
}

/** The client of the call (its address, as the other doors key their throttle and refusals), or `unknown`. */
export const mcpClient = (strapi: Core.Strapi) => currentClientAddress(strapi) ?? 'unknown';

/**
 * Runs a tool's work; a refusal answers as a tool error whose text is the contract's error body
 * (`{code, message, data: {status}}`), anything unexpected as `internal_error`, logged, never a stack.
 * A refusal is also written to the refused requests of Activity, door `mcp`, as the other doors'
 * are (the log keeps the 4xx it keeps for them: not 404 nor 429); the route names the tool.
 */
export async function asTool(
  strapi: Core.Strapi,
  tool: string,
  work: () => Promise<McpToolResult>
): Promise<McpToolResult> {
  try {
    return await work();
  } catch (error) {
    const body = isServiceError(error)
      ? error.toBody()
      : errorBody('internal_error', 'The site could not process the request. Try again later.');
    if (!isServiceError(error))
      strapi.log.error(`[article-publisher] MCP ${tool} failed: ${describeError(error)}`);
    else
      await getService(strapi, 'refusals').record({
        door: 'mcp',
        method: 'POST',
        path: `/mcp tools/call ${tool}`,
        status: error.status,
        code: error.code,
        message: error.message,
        client: mcpClient(strapi),
      });
    return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
  }
}

/** A post's status as a summary says it in words ("is published", not "is publish"). */
export const statusInWords = (status: 'draft' | 'publish' | 'pending' | 'future'): string =>
  ({ publish: 'published', draft: 'a draft', pending: 'pending review', future: 'scheduled' })[status];
