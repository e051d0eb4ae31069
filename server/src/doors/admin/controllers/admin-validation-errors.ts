import { errors } from '@strapi/utils';
import { ZodError } from 'zod';
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
