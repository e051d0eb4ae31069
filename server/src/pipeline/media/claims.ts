import { mediaContentLock } from '../../../../core/src/images/upload-journal';
import { describeError } from '../../common/describe-error';
import { withContentLock, type MediaContext } from './context';
import { isSettledFor, sha256, sourceKeyOf } from './keys';
import { holdsRecordedBytes, type MediaFile, type MediaSourceRow } from './sources';
import type { Importer, KnownSource, SourceKeys } from './types';

/**
 * Which earlier imports a delivery may reuse, and its claims on them: every delivery that uses a file
 * records a media-source row for it, so a failed delivery of another post cannot remove it under us.
 */

/**
 * Earlier imports of some sources, one per source key, from their rows (newest first): this post's own
 * settled row first, else the newest.
 */
export function knownSourcesOf(
  rows: (MediaSourceRow & { file: MediaFile })[],
  importer: Importer
): Map<string, KnownSource> {
  const known = new Map<string, KnownSource>();
  for (const row of rows) {
    const settled = isSettledFor(row, importer);
    const current = known.get(row.sourceKeyHash);
    if (!current || (settled && !current.settled))
      known.set(row.sourceKeyHash, {
        rowId: row.id,
        file: row.file,
        contentHash: row.contentHash,
        settled,
      });
  }
  return known;
}

/** Records that this delivery uses the file for this source, unless a settled row of the post already does. Under the content lock. */
export async function claim(
  media: MediaContext,
  file: MediaFile,
  keys: SourceKeys,
  importer: Importer
): Promise<void> {
  const sources = media.uses.mediaSources;
  const uses = await sources.findUses(keys.sourceKeyHash, file.id);
  if (uses.some((row) => isSettledFor(row, importer))) return;
  await sources.insert({ ...keys, fileId: file.id, fileFingerprint: file.fingerprint, ...importer });
}

/**
 * Claims another post's import of a source under its content lock: the file, when it still exists
 * with the media the earlier delivery recorded, else null (the source is then imported anew).
 */
export async function claimKnown(
  media: MediaContext,
  prior: KnownSource,
  keys: SourceKeys,
  importer: Importer
): Promise<MediaFile | null> {
  return withContentLock(media, prior.contentHash, async () => {
    const file = await media.uses.mediaSources.findFile(prior.file.id);
    if (!file || file.fingerprint !== prior.file.fingerprint) return null;
    await claim(media, file, keys, importer);
    return file;
  });
}

/**
 * Claims at once every source that another post's delivery imported: one set of content locks and
 * one transaction for the rows, where claiming image by image costs a lock and commits per image.
 * A claimed source becomes settled in `known`. It is a fast path only: when one of the locks is held
 * elsewhere right now, or the claim fails, nothing is claimed here, and a file that is gone or whose
 * media was replaced stays unsettled; importSource then decides each of those on its own (waiting
 * for its lock), as it always could.
 */
export async function claimEarlierImports(
  media: MediaContext,
  sourceList: string[],
  known: Map<string, KnownSource>,
  importer: Importer
): Promise<void> {
  const claims = new Map<string, { keys: SourceKeys; prior: KnownSource }>();
  for (const source of sourceList) {
    const sourceKey = sourceKeyOf(source);
    const sourceKeyHash = sha256(sourceKey);
    const prior = known.get(sourceKeyHash);
    if (prior && !prior.settled)
      claims.set(sourceKeyHash, {
        keys: { sourceKey, sourceKeyHash, contentHash: prior.contentHash },
        prior,
      });
  }
  if (!claims.size) return;
  const pending = [...claims.values()];
  const lockNames = pending.map(({ keys }) => mediaContentLock(keys.contentHash));
  try {
    await media.uses.locks.withLocksIfFree(lockNames, async () => {
      const files = await media.uses.mediaSources.findFiles(pending.map(({ prior }) => prior.file.id));
      const current = pending.filter(
        ({ prior }) => files.get(prior.file.id)?.fingerprint === prior.file.fingerprint
      );
      await media.strapi.db.transaction(async () => {
        for (const { prior, keys } of current) await claim(media, prior.file, keys, importer);
      });
      for (const { prior, keys } of current) known.set(keys.sourceKeyHash, { ...prior, settled: true });
    });
  } catch (error) {
    media.strapi.log.debug(
      `[article-publisher] claiming reused images at once failed, each is claimed on its own: ${describeError(error)}`
    );
  }
}

/**
 * The library file an earlier import of these bytes made, if it still exists. Under the content
 * lock, a row without a file is an upload whose instance died: its file is adopted when it made it
 * into the library under the row's exact (unguessable) name, and the row dropped otherwise.
 */
export async function findImportedContent(
  media: MediaContext,
  contentHash: string,
  importer: Importer
): Promise<MediaFile | null> {
  const sources = media.uses.mediaSources;
  for (const row of await sources.findByContentHash(contentHash)) {
    if (row.fileId !== null) {
      const file = await sources.findFile(row.fileId);
      if (file && holdsRecordedBytes(row, file)) return file;
      continue;
    }
    if (row.importToken === importer.importToken) continue;
    const leftover = row.uploadName ? await sources.findFileNamed(row.uploadName) : null;
    if (leftover) {
      await sources.setFile(row.id, leftover);
      return leftover;
    }
    await sources.remove(row.id);
  }
  return null;
}
