import type { MediaLibraryImage } from '../../src/blocks/types';

/** A media library image as a blocks image holds it, for a file at `url` under the library's `base` address. */
export function libraryImageAt(url: string, base: string): MediaLibraryImage {
  const name = url.slice(base.length + 1);
  return {
    name,
    alternativeText: null,
    url,
    caption: null,
    width: 800,
    height: 600,
    formats: null,
    hash: name.split('.')[0],
    ext: `.${name.split('.')[1]}`,
    mime: 'image/jpeg',
    size: 10,
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}
