import type { z } from 'zod';

/** One problem with one field, by its dotted path ('' for the value as a whole). */
export interface FieldIssue {
  path: string;
  /** `missing`: required and absent; `unknown`: a key the schema does not have; `invalid`: anything else. */
  kind: 'missing' | 'unknown' | 'invalid';
  /** zod's message for an invalid value; for the other kinds the reader words it. */
  message: string;
}

/**
 * The one reading of zod's issues that every error message of the plugin is made from: the request
 * bodies' 400s, the config validator's error and the admin form's field errors.
 */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: [...path, key].join('.'),
        kind: 'unknown',
        message: issue.message,
      }));
    }
    const kind = issue.code === 'invalid_type' && issue.input === undefined ? 'missing' : 'invalid';
    return [{ path: path.join('.'), kind, message: issue.message }];
  });
}
