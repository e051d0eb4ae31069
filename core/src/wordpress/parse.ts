import type { z } from 'zod';
import { fieldIssues } from '../schema-issues';
import { WordPressError } from './errors';

/**
 * Parses a request part with its schema, or throws WordPress's `400 rest_invalid_param` naming each
 * offending parameter in `data.params` (as WordPress's own argument validation does).
 */
export function parseWordPress<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new WordPressError('rest_invalid_json', 'The request body must be a JSON object.', 400);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const params: Record<string, string> = {};
  for (const { path, kind, message } of fieldIssues(result.error))
    params[path || 'body'] ??= kind === 'missing' ? 'is required' : message;
  throw new WordPressError(
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    400,
    { data: { params } }
  );
}
