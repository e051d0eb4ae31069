import type { Core } from '@strapi/strapi';
import { UPLOAD_FILE_UID } from '../utils/plugin-tables';
import { sourcesOf, uploadServiceOf, withContentLock } from './context';
import type { MediaSourceRow } from './sources';

/**
 * Drops the rows' uses of each file (`dropUse`), then removes the files nothing uses any more: no
 * other media-source row (another delivery's, maybe still in flight) and no entry.
 */
export async function releaseFiles(
  strapi: Core.Strapi,
  rows: MediaSourceRow[],
  dropUse: (fileId: number) => Promise<void>
): Promise<void> {
  const sources = sourcesOf(strapi);
  const contentOf = new Map<number, string>();
  for (const row of rows) if (row.fileId !== null) contentOf.set(row.fileId, row.contentHash);
  for (const [fileId, contentHash] of contentOf) {
    await withContentLock(strapi, contentHash, async () => {
      await dropUse(fileId);
      if ((await sources.isUsed(fileId)) || (await sources.isLinkedByEntries(fileId))) return;
      const file = await strapi.db.query(UPLOAD_FILE_UID).findOne({ where: { id: fileId } });
      if (file) await uploadServiceOf(strapi).remove(file);
    });
  }
}
