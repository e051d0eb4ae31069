import type { Core } from '@strapi/strapi';
import { verifyImageDecodes, type ImageHeader } from '../../../../core/src/images/image-check';
import { ImageRejected } from '../../../../core/src/images/image-rejected';
import { isStrapiFaultyImageRefusal, strapiUploadDecodes } from '../../strapi/upload-image-check';
import { requestWaitsOnImages } from '../../common/reader-activity';
import { processImage } from './image-processing';

/**
 * Runs `work` (which hands a header-checked file to Strapi's upload) under the process's image
 * scheduler and pixel budget, with the image decoded once (issue #62). Strapi's upload decodes most
 * formats whole and refuses corrupt data before storing anything: for those, `check` does nothing and
 * Strapi's refusal is answered as the plugin's own (ImageRejected, "corrupt"), as is a later failure of
 * its upload on data the plugin's own decode finds corrupt. For a format Strapi's
 * upload does not decode (AVIF), `check` decodes it, as the plugin always did, before the upload.
 * The request being answered, if any, waits on image work from now on: the scheduler does not count it
 * as one of the site's readers.
 */
export function decodedOnce<T>(
  strapi: Core.Strapi,
  filepath: string,
  header: ImageHeader,
  policy: { maxPixels: number; maxPixelsInFlight: number },
  work: (check: () => Promise<void>) => Promise<T>
): Promise<T> {
  const check = strapiUploadDecodes(header.format)
    ? () => Promise.resolve()
    : () => verifyImageDecodes(filepath, policy.maxPixels);
  requestWaitsOnImages(strapi);
  return processImage(header.pixels, policy.maxPixelsInFlight, async () => {
    try {
      return await work(check);
    } catch (error) {
      if (isStrapiFaultyImageRefusal(error))
        throw new ImageRejected(`the image data is corrupt (${(error as Error).message})`);
      // Strapi's decode passed, yet a later step of its upload (optimizing, the formats) could not read
      // the data: libvips sometimes reads a truncated PNG to its end only there ("libpng read error").
      // Only on this failure the plugin decodes the file itself, and names corrupt data as such.
      if (strapiUploadDecodes(header.format)) await verifyImageDecodes(filepath, policy.maxPixels);
      throw error;
    }
  });
}
