import { z } from 'zod';
import { publishRequestSchema } from '../../../core/src/publish-request';

/**
 * How `content` is written. Said, not guessed: a short text without tags reads as HTML and as Markdown
 * alike, and a guess that turns `# Title` into a heading, or `a_b_c` into emphasis, the agent did not
 * ask for would be worse than a paragraph it can see and resend. HTML unless said otherwise, as on
 * publish-post.
 */
export const contentFormatSchema = z
  .enum(['html', 'markdown'])
  .optional()
  .describe(
    'How content is written: "html" (the default) or "markdown" (GitHub-flavoured: headings, lists, tables, links, images), converted to HTML and then sanitized like HTML.'
  );

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
    content_format: contentFormatSchema,
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
