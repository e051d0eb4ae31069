import type { z } from 'zod';

/** One problem with one field, by its dotted path ('' for the value as a whole). */
export interface FieldIssue {
  path: string;
  /** `missing`: required and absent; `unknown`: a key the schema does not have; `invalid`: anything else. */
  kind: 'missing' | 'unknown' | 'invalid';
  /** zod's message for an invalid value; for the other kinds the reader words it. */
  message: string;
}

/** zod's own wording of a type error ("Invalid input: expected string, received number"). */
const ZOD_TYPE_MESSAGE = /^Invalid input: expected /;

/** A wrong type says the type wanted ("must be a string"); a schema's own message is kept. */
function typeMessage(message: string, expected: string): string {
  if (!ZOD_TYPE_MESSAGE.test(message)) return message;
  const named = { array: 'an array', object: 'an object', int: 'an integer' }[expected];
  return `must be ${named ?? `a ${expected}`}`;
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
    if (issue.code !== 'invalid_type')
      return [{ path: path.join('.'), kind: 'invalid', message: issue.message }];
    // zod 4 reports the input only when asked (`reportInput`); unreported, a type error reads as missing.
    if (issue.input === undefined) return [{ path: path.join('.'), kind: 'missing', message: issue.message }];
    return [{ path: path.join('.'), kind: 'invalid', message: typeMessage(issue.message, issue.expected) }];
  });
}
