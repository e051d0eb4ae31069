import type { MediaLibraryImage } from './types';

/** A row of Strapi's upload plugin (plugin::upload.file), as far as an image block needs it. */
export interface UploadFileRow {
  name: string;
  alternativeText?: string | null;
  caption?: string | null;
  width?: number | null;
  height?: number | null;
  formats?: Record<string, unknown> | null;
  hash: string;
  ext?: string | null;
  mime: string;
  size: number | string;
  previewUrl?: string | null;
  provider: string;
  provider_metadata?: unknown;
  createdAt?: Date | string | null;
  updatedAt?: Date | string | null;
}

const isoDate = (value: Date | string | null | undefined) =>
  value ? new Date(value).toISOString() : new Date(0).toISOString();

/**
 * The image of a media library file as an image block holds it, with its absolute URL (what the
 * admin editor stores). Undefined for a file without pixel size, which no image block can show.
 */
export function mediaLibraryImage(file: UploadFileRow, absoluteUrl: string): MediaLibraryImage | undefined {
  if (!file.width || !file.height) return undefined;
  return {
    name: file.name,
    alternativeText: file.alternativeText ?? null,
    url: absoluteUrl,
    caption: file.caption ?? null,
    width: file.width,
    height: file.height,
    formats: file.formats ?? null,
    hash: file.hash,
    ext: file.ext ?? '',
    mime: file.mime,
    size: Number(file.size),
    previewUrl: file.previewUrl ?? null,
    provider: file.provider,
    provider_metadata: file.provider_metadata ?? null,
    createdAt: isoDate(file.createdAt),
    updatedAt: isoDate(file.updatedAt),
  };
}
