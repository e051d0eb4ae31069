import type { z } from 'zod';
import { parseWithSchema } from '../../../../core/src/publish-request';

/**
 * A tool's input schema whose JSON Schema is what `tools/list` shows an agent, while the arguments
 * reach the handler as sent: the MCP SDK validates them with the schema's `~standard.validate`,
 * replaced here, so that the handler's parse answers a bad call as the other doors answer a bad
 * request (the contract's `bad_request` naming every offending field, not the SDK's wording), and
 * can name the fields it ignores instead of having the SDK strip them unseen.
 */
export function sentAsIs<Schema extends z.ZodObject>(schema: Schema): Schema {
  const standard = schema['~standard'];
  Object.defineProperty(schema, '~standard', {
    value: { ...standard, validate: (value: unknown) => ({ value }) },
    configurable: true,
  });
  return schema;
}

/** The argument names a tool does not take (`meta_title`), which it answers it ignored. */
export const unknownFields = (shape: object, args: Record<string, unknown>): string[] =>
  Object.keys(args).filter((key) => !Object.hasOwn(shape, key));

/** A summary's line naming the ignored fields, or nothing. */
export const ignoredLine = (ignored: readonly string[]) =>
  ignored.length ? ` Ignored (not fields of this tool): ${ignored.join(', ')}.` : '';

/** Parses a tool's arguments (a 400 naming each bad field) and names the ones it ignores. */
export function readArguments<Schema extends z.ZodObject>(
  schema: Schema,
  args: Record<string, unknown> | undefined,
  what: string
): { values: z.output<Schema>; ignored: string[] } {
  const sent = args ?? {};
  return { values: parseWithSchema(schema, sent, what), ignored: unknownFields(schema.shape, sent) };
}
