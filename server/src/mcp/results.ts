import type { Core } from '@strapi/strapi';
import { errorBody, isServiceError } from '../../../core/src/errors';
import { describeError } from '../utils/describe-error';
import type { McpToolResult } from './strapi-mcp';

/** A tool's answer: the contract's result as structured content, and a line an agent can relay. */
export function answer(summary: string, structuredContent: object): McpToolResult {
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: JSON.stringify(structuredContent) },
    ],
    structuredContent: structuredContent as Record<string, unknown>,
  };
}

/**
 * Runs a tool's work; a refusal answers as a tool error whose text is the contract's error body
 * (`{code, message, data: {status}}`), anything unexpected as `internal_error`, logged, never a stack.
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
    return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
  }
}
