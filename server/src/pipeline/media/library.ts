import { mediaLibraryImage, type UploadFileRow } from '../../../../core/src/blocks/media-library-image';
import type { LibraryFile } from '../../../../core/src/body-formats';
import { UPLOAD_FILE_UID } from '../../common/plugin-tables';
import { absoluteUrl, type MediaContext } from './context';
import type { MediaFile } from './sources';

/**
 * Each imported source's library file: id and absolute URL, and for body formats that need more
 * than a URL (blocks, zone: BODY_WRITERS' `needsLibraryFiles`) the file as a blocks image, from the
 * upload rows read in one query.
 */
export async function libraryFilesOf(
  media: MediaContext,
  files: ReadonlyMap<string, MediaFile>,
  withImages: boolean
): Promise<Map<string, LibraryFile>> {
  const libraryFiles = new Map<string, LibraryFile>();
  const ids = [...new Set([...files.values()].map((file) => file.id))];
  const rows =
    withImages && ids.length
      ? ((await media.strapi.db
          .query(UPLOAD_FILE_UID)
          .findMany({ where: { id: { $in: ids } } })) as (UploadFileRow & { id: number })[])
      : [];
  for (const [source, file] of files) {
    const url = absoluteUrl(media, file.url);
    const row = rows.find((candidate) => candidate.id === file.id);
    const image = row && mediaLibraryImage(row, url);
    libraryFiles.set(source, { id: file.id, url, ...(image ? { image } : {}) });
  }
  return libraryFiles;
}
