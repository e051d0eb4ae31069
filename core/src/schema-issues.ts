import type { z } from 'zod';

/** One problem with one field, by its dotted path ('' for the value as a whole). */
export interface FieldIssue {
  path: string;
  /** `missing`: required and absent; `unknown`: a key the schema does not have; `invalid`: anything else. */
  kind: 'missing' | 'unknown' | 'invalid';
  /** zod's message for an invalid value; for the other kinds the reader words it. */
  message: string;
}

/** zod's own wording of a type error, which names what it received: "undefined" when absent. */
const ZOD_TYPE_MESSAGE = /^Invalid input: expected (\w+), received (\w+)$/;

const TYPE_NAMES: Record<string, string> = { array: 'an array', object: 'an object', int: 'an integer' };

/**
 * A type error: missing when nothing was sent, else what was wanted ("must be a string"). zod 4 does
 * not report the input with the issue unless asked (`reportInput`, which would carry a whole request
 * into the error); its own message names the type received, and a schema's own message is its own
 * wording, where "is required" is the plugin's word for missing (schema-fields.ts).
 */
function typeIssue(path: string, message: string): FieldIssue {
  const zodWording = ZOD_TYPE_MESSAGE.exec(message);
  if (zodWording) {
    const [, expected, received] = zodWording;
    if (received === 'undefined') return { path, kind: 'missing', message };
    return { path, kind: 'invalid', message: `must be ${TYPE_NAMES[expected] ?? `a ${expected}`}` };
  }
  return { path, kind: message === 'is required' ? 'missing' : 'invalid', message };
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
    if (issue.code === 'invalid_type') return [typeIssue(path.join('.'), issue.message)];
    return [{ path: path.join('.'), kind: 'invalid', message: issue.message }];
  });
}
