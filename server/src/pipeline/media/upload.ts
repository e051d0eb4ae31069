import { randomBytes } from 'node:crypto';
import type { ImageHeader } from '../../../../core/src/images/image-check';
import { mediaContentLock } from '../../../../core/src/images/upload-journal';
import type { StageClock } from '../../../../core/src/stage-timings';
import { decodedOnce } from './decode-once';
import { uploadServiceOf, type MediaContext } from './context';
import { mediaFileOf, type MediaFile } from './sources';
import type { ImportGates, Importer, SourceImage, SourceKeys } from './types';
import type { HeldLocks } from '../publish/types';

/**
 * A file name for the library: a readable stem, a random part, the real extension. The random part
 * makes the name unguessable before the upload, so an upload whose instance died before recording it
 * is recognised by the exact name its row holds, never by a name an editor could give another file.
 */
function fileNameFor(stem: string, extension: string): string {
  return `${stem}-${randomBytes(8).toString('hex')}.${extension}`;
}

/** A checked file on disk, and what goes into the library with it. */
interface UploadFile {
  filepath: string;
  size: number;
  name: string;
  mimeType: string;
  alt: string | undefined;
}

/**
 * Uploads a checked file through Strapi's upload service (any provider). Each object the provider
 * writes for it is journaled first (the `upload-journal` service) and cleared once the file row
 * exists (recordStored), so a crash in between leaves nothing the orphan sweep cannot find.
 * `lockName`: the lock the upload runs under.
 */
async function upload(media: MediaContext, file: UploadFile, lockName: string): Promise<MediaFile> {
  const { filepath, size, name, mimeType, alt } = file;
  const journal = media.uses.uploadJournal;
  const [row] = await journal.track(name, lockName, () =>
    uploadServiceOf(media).upload({
      data: { fileInfo: { name, alternativeText: alt ?? null, caption: null } },
      files: { filepath, originalFilename: name, mimetype: mimeType, size },
    })
  );
  return mediaFileOf(row);
}

/** The downloaded bytes an upload is made of, and the checks their header passed. */
export interface Downloaded {
  filepath: string;
  size: number;
  header: ImageHeader;
}

/**
 * Uploads new bytes. The row goes in first, with the file's name, so a crash between upload and
 * record leaves something the next import can find. The image is decoded once: by Strapi's upload,
 * which refuses corrupt data before storing anything, or by the plugin where Strapi's upload does not
 * decode that format (decode-once.ts). Under the process's image scheduler and
 * pixel budget (shared with the WordPress uploads) and the content lock.
 */
export async function uploadNew(
  media: MediaContext,
  downloaded: Downloaded,
  image: SourceImage,
  keys: SourceKeys,
  importer: Importer,
  policy: { maxPixels: number; maxPixelsInFlight: number },
  gates: ImportGates,
  clock: StageClock,
  held: HeldLocks
): Promise<MediaFile> {
  const { filepath, size, header } = downloaded;
  const sources = media.uses.mediaSources;
  const uploadName = fileNameFor(image.nameStem, header.extension);
  const rowId = await sources.insert({
    ...keys,
    fileId: null,
    fileFingerprint: null,
    uploadName,
    ...importer,
  });
  let file: MediaFile;
  try {
    // The article's processing slot, then the process's (utils/image-processing): always in this order,
    // and whoever holds pixel budget waits for nothing else.
    const queued = clock.begin('queue');
    file = await gates.processing(() =>
      decodedOnce(media.strapi, filepath, header, policy, async (check) => {
        queued();
        await clock.time('checks', check);
        const checked = { filepath, size, name: uploadName, mimeType: header.mimeType, alt: image.alt };
        return clock.time('strapi upload', () => upload(media, checked, mediaContentLock(keys.contentHash)));
      })
    );
  } catch (error) {
    await sources.remove(rowId);
    throw error;
  }
  await recordStored(media, { rowId, uploadName, file }, held);
  return file;
}

/**
 * After Strapi's upload stored the file and its row, in one commit (each commit is about a millisecond
 * of the event loop on SQLite, and an image had three here: issue #62): the upload's journal entries
 * go, the media-source row names the file, and the content lock is given back. Should it fail, the
 * row keeps the file's name (the next import of these bytes adopts it), the sweep drops entries a file
 * row holds, and the lock is released when its holder's work ends.
 */
async function recordStored(
  media: MediaContext,
  stored: { rowId: number; uploadName: string; file: MediaFile },
  held: HeldLocks
): Promise<void> {
  await media.strapi.db.transaction(async ({ trx }) => {
    await media.uses.uploadJournal.clearWithin(stored.uploadName);
    await media.uses.mediaSources.setFile(stored.rowId, stored.file);
    await held.releaseWithin(trx);
  });
}
