import { isFetchError } from '@strapi/strapi/admin';
import type { SettingsFieldError, SettingsValidationDetails } from '../../../core/src/contracts';

/** Field errors by dotted path, e.g. `{ postUrlTemplate: 'must contain {slug}, ...' }`. */
export type FieldErrors = Record<string, string>;

/** The field errors of a 400 ValidationError from the settings API, or null for any other failure. */
export function settingsErrorsFrom(error: unknown): { message: string; fields: FieldErrors } | null {
  if (!isFetchError(error)) return null;
  const apiError = error.response?.data.error;
  if (!apiError || apiError.name !== 'ValidationError') return null;
  const details = apiError.details as Partial<SettingsValidationDetails> | undefined;
  const list: SettingsFieldError[] = Array.isArray(details?.errors) ? details.errors : [];
  const fields: FieldErrors = {};
  for (const { path, message } of list) {
    // A list item's error (videoEmbedHosts.1) is shown on the list's field, naming the line.
    const [head, index] = path.split('.');
    if (head === 'videoEmbedHosts' && index !== undefined) {
      fields.videoEmbedHosts = `${fields.videoEmbedHosts ? `${fields.videoEmbedHosts}; ` : ''}${Number(index) + 1}: ${message}`;
    } else fields[path] ??= message;
  }
  return { message: apiError.message, fields };
}
