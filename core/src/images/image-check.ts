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

/** What the header tells of an image, before anything is decoded. */
export interface ImageHeader extends CheckedImage {
  /** Frames of an animated image (1 for a still one). */
  frames: number;
  /** Pixels a full decode produces: every frame counts. */
  pixels: number;
  /** sharp's name for the format (`jpeg`, `png`, `gif`, `webp`; `heif` for AVIF). */
  format: string;
}

/**
 * Trusts the bytes, never the name or the Content-Type header: the type is read from the file's
 * signature, SVG and anything else outside the list is refused, and the pixels of every frame are
 * counted against the limit (a tiny animated GIF can hold hundreds of full-size frames). Only the
 * header is read, so this is cheap whatever the image's size.
 */
export async function inspectImage(bytes: Buffer | string, maxPixels: number): Promise<ImageHeader> {
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
  const frames = Math.max(1, metadata.pages ?? 1);
  const frameHeight = metadata.pageHeight ?? height;
  const pixels = width * frameHeight * frames;
  if (pixels > maxPixels) {
    const size =
      frames > 1 ? `${width}x${frameHeight} with ${frames} frames (${pixels} pixels)` : `${width}x${height}`;
    throw new ImageRejected(`the image is ${size}, more than the limit of ${maxPixels} pixels`);
  }
  const format = metadata.format ?? type.ext;
  return { mimeType: type.mime, extension: type.ext, width, height: frameHeight, frames, pixels, format };
}

/**
 * A full decode at a tiny size finds truncated or garbled data that the header alone hides. It
 * decodes the whole image, so callers run it under the pixel budget, and only where nothing else
 * decodes the image anyway (server/src/strapi/upload-image-check.ts: Strapi's upload does for most
 * formats).
 */
export async function verifyImageDecodes(bytes: Buffer | string, maxPixels: number): Promise<void> {
  try {
    await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .resize(16, 16, { fit: 'inside' })
      .toBuffer();
  } catch (error) {
    throw new ImageRejected(`the image data is corrupt (${(error as Error).message})`);
  }
}
