/**
 * Relies on (beyond the documented plugin API), checked on Strapi 5.0.0 and 5.54.0 by
 * test/strapi-contract.test.ts ("Strapi's upload refuses a truncated image before storing anything"):
 * Strapi's upload service, before its provider writes anything and before a file row exists, reads an
 * image's format with sharp (`metadata().format`) and, for the formats of its `FORMATS_TO_PROCESS`,
 * decodes the whole image (`sharp(file).stats()`, sharp's default `failOn: 'warning'`) and throws an
 * ApplicationError "File is not a valid image" when that fails (@strapi/upload
 * dist/server/services/upload.js `enhanceAndValidateFile`, image-manipulation.js `isFaultyImage`).
 *
 * Why: that decode is the plugin's own corrupt-data check done again (issue #62: nothing decoded
 * twice). For the formats below the plugin hands the file over without decoding it and reads Strapi's
 * refusal as its own; for any other accepted format (AVIF: sharp names it `heif`, which Strapi does not
 * process) the plugin decodes it itself, as before.
 */

/** sharp's format names for which Strapi's upload decodes the whole image and refuses a faulty one. */
const DECODED_BY_STRAPI: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif']);

/** Whether Strapi's upload decodes an image of this format (sharp's name) and refuses it when corrupt. */
export const strapiUploadDecodes = (format: string): boolean => DECODED_BY_STRAPI.has(format);

/** Whether `error` is Strapi's upload refusing an image whose data does not decode. */
export function isStrapiFaultyImageRefusal(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.name === 'ApplicationError' &&
    error.message === 'File is not a valid image'
  );
}
