import { errors } from '@strapi/utils';
import { z, ZodError } from 'zod';
import { InvalidConfigError } from '../../../../../core/src/config';
import type { SettingsFieldError, SettingsValidationDetails } from '../../../../../core/src/contracts';
import { fieldIssues } from '../../../../../core/src/schema-issues';

/** One error per offending setting, keyed by its dotted path (`images.maxBytes`, `videoEmbedHosts.0`). */
export function settingsFieldErrors(error: ZodError): SettingsFieldError[] {
  return fieldIssues(error).map(({ path, kind, message }) => ({
    path,
    message: kind === 'unknown' ? 'is not a setting' : message,
  }));
}

/**
 * Turns a failure of `plugin-config.saveSettings` (zod issues, or the whole-config check's
 * InvalidConfigError) into Strapi's 400 ValidationError whose details list the field errors; anything
 * else is rethrown.
 */
export function asSettingsValidationError(error: unknown): unknown {
  if (error instanceof ZodError) {
    const details: SettingsValidationDetails = { errors: settingsFieldErrors(error) };
    const count = details.errors.length;
    return new errors.ValidationError(`${count} setting${count === 1 ? ' is' : 's are'} invalid`, details);
  }
  if (error instanceof InvalidConfigError) {
    const details: SettingsValidationDetails = { errors: settingsFieldErrors(error.issues) };
    return new errors.ValidationError(error.message, details);
  }
  return error;
}

/** Zod's issues as Strapi's 400 ValidationError, one field error each (the admin shows them under the fields). */
export function asValidationError(error: ZodError): errors.ValidationError {
  const details: SettingsValidationDetails = {
    errors: fieldIssues(error).map(({ path, kind, message }) => ({
      path,
      message: kind === 'unknown' ? 'is not accepted here' : message,
    })),
  };
  const first = details.errors[0];
  return new errors.ValidationError(
    first ? `${first.path || 'request'} ${first.message}` : 'invalid request',
    details
  );
}

export function parsed<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw asValidationError(result.error);
}
