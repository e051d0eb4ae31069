import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isServiceError } from '../../../../core/src/errors';
import {
  downloadImageToFile,
  loadImageSource,
  type FetchPolicy,
  type HashTimer,
} from '../../../../core/src/images/fetch-image';
import { inspectImage } from '../../../../core/src/images/image-check';
import { ImageRejected } from '../../../../core/src/images/image-rejected';
import { TEMP_FOLDER_PREFIX } from '../../../../core/src/images/temp-folders';
import { redactUrlsIn } from '../../../../core/src/redact-url';
import type { StageClock } from '../../../../core/src/stage-timings';
import { describeError } from '../../common/describe-error';
import { stageTimings } from '../../common/stage-timings';
import { claim, claimKnown, findImportedContent } from './claims';
import { withContentLock, type MediaContext } from './context';
import { sha256, sourceKeyOf } from './keys';
import { uploadNew } from './upload';
import type { ImportGates, Importer, ImportResult, KnownSource, SourceImage } from './types';

/** Puts the image's bytes in a temporary file: decoded from a data URL, or streamed from its URL. */
async function downloadSource(
  source: string,
  policy: FetchPolicy,
  filepath: string,
  onHashed: HashTimer | undefined
): Promise<{ size: number; sha256: string }> {
  if (!source.trim().toLowerCase().startsWith('data:'))
    return downloadImageToFile(source, policy, filepath, onHashed);
  const { bytes } = await loadImageSource(source, policy);
  await fs.writeFile(filepath, bytes);
  return { size: bytes.length, sha256: sha256(bytes) };
}

/**
 * One image source into the library: reused when an earlier delivery imported it (same URL, or same
 * bytes, decided under the content lock), else downloaded, checked and uploaded. A failure is an
 * answer (the reason the contract reports), never an exception.
 */
export async function importSource(
  media: MediaContext,
  source: string,
  image: SourceImage,
  known: ReadonlyMap<string, KnownSource>,
  policy: FetchPolicy & { maxPixels: number; maxPixelsInFlight: number },
  gates: ImportGates,
  importer: Importer,
  clock: StageClock
): Promise<ImportResult> {
  const sourceKey = sourceKeyOf(source);
  const sourceKeyHash = sha256(sourceKey);
  const prior = known.get(sourceKeyHash);
  let directory: string | undefined;
  try {
    // A source imported before is not fetched again: a republish costs no download and no upload.
    if (prior?.settled) return { ok: true, file: prior.file, uploaded: false };
    if (prior) {
      // Another post's delivery imported it, and may still fail and remove it: claim it under the lock.
      const keys = { sourceKey, sourceKeyHash, contentHash: prior.contentHash };
      const claimed = await clock.time('database', () => claimKnown(media, prior, keys, importer));
      if (claimed) return { ok: true, file: claimed, uploaded: false };
    }
    directory = await clock.time('temp files', () => fs.mkdtemp(path.join(os.tmpdir(), TEMP_FOLDER_PREFIX)));
    const filepath = path.join(directory, 'download');
    const onHashed = stageTimings.enabled ? (ms: number) => clock.add('hashing', ms) : undefined;
    const downloaded = await clock.time('download', () => downloadSource(source, policy, filepath, onHashed));
    // The header (type, every frame's pixels) is checked before waiting for any lock.
    const header = await clock.time('checks', () => inspectImage(filepath, policy.maxPixels));
    const keys = { sourceKey, sourceKeyHash, contentHash: downloaded.sha256 };
    return await clock.time('database', () =>
      withContentLock(media, downloaded.sha256, async (held): Promise<ImportResult> => {
        const existing = await findImportedContent(media, downloaded.sha256, importer);
        if (existing) {
          await claim(media, existing, keys, importer);
          return { ok: true, file: existing, uploaded: false };
        }
        const file = await uploadNew(
          media,
          { filepath, size: downloaded.size, header },
          image,
          keys,
          importer,
          policy,
          gates,
          clock,
          held
        );
        return { ok: true, file, uploaded: true };
      })
    );
  } catch (error) {
    if (error instanceof ImageRejected) return { ok: false, reason: error.message };
    if (isServiceError(error))
      return { ok: false, reason: 'another delivery held the same image for too long; retry later' };
    media.strapi.log.warn(`[article-publisher] image import failed: ${describeError(error)}`);
    return {
      ok: false,
      reason: `the media library refused the file (${redactUrlsIn((error as Error).message)})`,
    };
  } finally {
    const folder = directory;
    if (folder) await clock.time('temp files', () => fs.rm(folder, { recursive: true, force: true }));
    clock.finish();
  }
}
