import { createHash } from 'node:crypto';
import { parseImageDataUrl } from '../../../../core/src/image-source';
import type { MediaSourceRow } from './sources';
import type { Importer } from './types';

/** How imports are keyed: sources, bytes and posts by their SHA-256. */

export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** Whose media-source rows these are: one post, by its type and slug. */
export const postOwner = (targetUid: string, slug: string) => sha256(`${targetUid}\n${slug}`);

/** The key an import is remembered by: a URL itself, a data URL by the digest of its bytes. */
export function sourceKeyOf(source: string): string {
  const dataImage = parseImageDataUrl(source);
  return dataImage ? `data:${sha256(Buffer.from(dataImage.base64, 'base64'))}` : source;
}

/** A row counts as this post's own, settled use when a finished delivery of the post made it. */
export function isSettledFor(row: MediaSourceRow, importer: Importer): boolean {
  return row.owner === null || row.owner === importer.owner || row.importToken === importer.importToken;
}
