/**
 * Strapi's ValidationError (from `@strapi/utils`), read by shape so that core needs no Strapi import:
 * a permanent problem with the values written, which a retry cannot fix.
 */
interface ValidationErrorShape {
  name: 'ValidationError';
  message: string;
  details?: { errors?: { path?: unknown; message?: unknown }[] };
}

function isValidationError(error: unknown): error is ValidationErrorShape {
  return error instanceof Error && error.name === 'ValidationError';
}

/**
 * What Strapi refused, one `field: reason` per problem ("title: title must be at most 255
 * characters"), or undefined when the error is not a validation error.
 */
export function describeValidationFailure(error: unknown): string | undefined {
  if (!isValidationError(error)) return undefined;
  const problems = (error.details?.errors ?? []).map((problem) => {
    const path = Array.isArray(problem.path) ? problem.path.map(String).join('.') : '';
    const message = typeof problem.message === 'string' ? problem.message : '';
    return path ? `${path}: ${message || 'is invalid'}` : message;
  });
  const named = [...new Set(problems.filter(Boolean))];
  return named.length ? named.join('; ') : error.message;
}
