import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MIME_TYPES } from '../image-source';
import { ImageRejected } from './image-rejected';

export interface CheckedImage {
  mimeType: string;
  extension: string;
  width: number;
  height: number;
}

/**
 * Trusts the bytes, never the name or the Content-Type header: the type is read from the file's
 * signature, SVG and anything else outside the list is refused, and the image is decoded (under a
 * pixel limit, against decompression bombs) so a corrupt file is refused before it reaches the library.
 */
export async function checkImageBytes(bytes: Buffer | string, maxPixels: number): Promise<CheckedImage> {
  // A string is a file path: the image is read from disk, never whole into memory.
  const type = typeof bytes === 'string' ? await fileTypeFromFile(bytes) : await fileTypeFromBuffer(bytes);
  if (!type) throw new ImageRejected('the file is not a recognised image (unknown type)');
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) {
    throw new ImageRejected(`the file is ${type.mime}, which is not an accepted image type`);
  }
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
  } catch (error) {
    throw new ImageRejected(`the image could not be read (${(error as Error).message})`);
  }
  const { width = 0, height = 0 } = metadata;
  if (width < 1 || height < 1) throw new ImageRejected('the image has no dimensions');
  if (width * height > maxPixels) {
    throw new ImageRejected(`the image is ${width}x${height}, more than the limit of ${maxPixels} pixels`);
  }
  try {
    // A full decode at a tiny size finds truncated or garbled data that the header alone hides.
    await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).resize(16, 16, { fit: 'inside' }).toBuffer();
  } catch (error) {
    throw new ImageRejected(`the image data is corrupt (${(error as Error).message})`);
  }
  return { mimeType: type.mime, extension: type.ext, width, height };
}
