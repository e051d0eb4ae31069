import { z } from 'zod';
import { publishRequestSchema } from '../../../core/src/publish-request';

/**
 * The publish tool's input: the contract's publish request (publish-post's own zod schema, core/src/
 * publish-request.ts) and `dry_run`. Its JSON Schema is what `tools/list` shows an agent; the
 * arguments themselves reach the handler as sent (the MCP SDK validates them with the schema's
 * `~standard.validate`, replaced here), so that the handler's parse answers a bad request as
 * publish-post does: the contract's `bad_request` naming every offending field, not the SDK's wording.
 */
export function publishToolInput() {
  const schema = z.object({
    ...publishRequestSchema.shape,
    dry_run: z
      .boolean()
      .optional()
      .describe('true: validate, map and fit the article as a publish would, and write nothing.'),
  });
  const standard = schema['~standard'];
  Object.defineProperty(schema, '~standard', {
    value: { ...standard, validate: (value: unknown) => ({ value }) },
    configurable: true,
  });
  return schema;
}
