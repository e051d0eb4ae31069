import { z } from 'zod';
import { REQUEST_BOUNDS } from '../request-bounds';
import { lineText } from '../schema-fields';

/** Field types WordPress's REST API accepts, shared by the request schemas of this folder. */

/** A rendered field sent as text or as `{raw}` (what the edit context returns and some clients echo). */
export const rawText = (max: number) =>
  z
    .union([z.string(), z.object({ raw: z.string() }).transform((value) => value.raw)])
    .pipe(z.string().max(max, `must be at most ${max} characters`));

/**
 * A one-line rendered field (a title, a caption), as text or `{raw}`: controls, bidi and zero-width
 * characters removed before it is measured, as the service contract's door cleans its one-line fields
 * (control-characters.ts).
 */
export const lineRawText = (max: number) =>
  z.union([z.string(), z.object({ raw: z.string() }).transform((value) => value.raw)]).pipe(lineText(max));

/** An id: WordPress takes integers, and numeric strings from form-encoded clients. */
export const wpId = () =>
  z.coerce
    .number({ error: 'is not of type integer' })
    .int('is not of type integer')
    .min(0, 'must be a positive integer')
    .max(REQUEST_BOUNDS.categoryId, `must be at most ${REQUEST_BOUNDS.categoryId}`);

/**
 * A list of ids: an array, or a comma-separated string as WordPress also accepts; at most `max` of them,
 * counted before the ids are read, so a list far over the bound is one issue.
 */
export const wpIdList = (max: number) =>
  z
    .union([z.array(z.unknown()), z.string().transform((text) => (text.trim() ? text.split(',') : []))])
    .pipe(z.array(z.unknown()).max(max, `must have at most ${max} entries (the limit)`))
    .pipe(z.array(wpId()));
