import { UPLOAD_FILE_UID } from '../../common/plugin-tables';
import { uploadServiceOf, withContentLock, type MediaContext } from './context';
import type { MediaSourceRow } from './sources';

/**
 * Drops the rows' uses of each file (`dropUse`), then removes the files nothing uses any more: no
 * other media-source row (another delivery's, maybe still in flight) and no entry.
 */
export async function releaseFiles(
  media: MediaContext,
  rows: MediaSourceRow[],
  dropUse: (fileId: number) => Promise<void>
): Promise<void> {
  const sources = media.uses.mediaSources;
  const contentOf = new Map<number, string>();
  for (const row of rows) if (row.fileId !== null) contentOf.set(row.fileId, row.contentHash);
  for (const [fileId, contentHash] of contentOf) {
    await withContentLock(media, contentHash, async () => {
      await dropUse(fileId);
      if ((await sources.isUsed(fileId)) || (await sources.isLinkedByEntries(fileId))) return;
      const file = await media.strapi.db.query(UPLOAD_FILE_UID).findOne({ where: { id: fileId } });
      if (file) await uploadServiceOf(media).remove(file);
    });
  }
}
