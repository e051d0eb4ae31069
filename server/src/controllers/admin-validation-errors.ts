import { errors } from '@strapi/utils';
import { ZodError } from 'zod';
import type { SettingsFieldError, SettingsValidationDetails } from '../../../core/src/contracts';

const CONFIG_ERROR_PREFIX = 'Invalid article-publisher config';

/** One error per offending setting, keyed by its dotted path (`images.maxBytes`, `videoEmbedHosts.0`). */
export function settingsFieldErrors(error: ZodError): SettingsFieldError[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key].join('.'), message: 'is not a setting' }));
    }
    return [{ path: path.join('.'), message: issue.message }];
  });
}

/**
 * Turns a failure of `plugin-config.saveSettings` (zod issues, or the whole-config check's Error) into
 * Strapi's 400 ValidationError whose details list the field errors; anything else is rethrown.
 */
export function asSettingsValidationError(error: unknown): unknown {
  if (error instanceof ZodError) {
    const details: SettingsValidationDetails = { errors: settingsFieldErrors(error) };
    const count = details.errors.length;
    return new errors.ValidationError(`${count} setting${count === 1 ? ' is' : 's are'} invalid`, details);
  }
  if (error instanceof Error && error.message.startsWith(CONFIG_ERROR_PREFIX)) {
    const details: SettingsValidationDetails = { errors: [] };
    return new errors.ValidationError(error.message, details);
  }
  return error;
}
