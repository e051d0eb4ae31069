import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { NormalizedArticle } from '../../../core/src/article';
import { mediaLibraryImage, type UploadFileRow } from '../../../core/src/blocks/media-library-image';
import type { LibraryFile } from '../../../core/src/body-formats';
import type { EffectiveConfig } from '../../../core/src/config';
import type { ImageWarning, ImportedImage } from '../../../core/src/contracts';
import { createLimiter } from '../../../core/src/images/concurrency';
import {
  downloadImageToFile,
  loadImageSource,
  type FetchPolicy,
  type HashTimer,
} from '../../../core/src/images/fetch-image';
import { inspectImage, verifyImageDecodes, type ImageHeader } from '../../../core/src/images/image-check';
import { ImageRejected } from '../../../core/src/images/image-rejected';
import { articleBodyOf } from '../../../core/src/html/article-body';
import type { FeaturedImageOutcome } from '../../../core/src/images/featured-outcome';
import { decideImages } from '../../../core/src/images/image-decisions';
import { imagesToImport } from '../../../core/src/images/images-to-import';
import { displayedSource, libraryFileStem, warningSource } from '../../../core/src/images/library-names';
import { TEMP_FOLDER_PREFIX } from '../../../core/src/images/temp-folders';
import { mediaContentLock } from '../../../core/src/images/upload-journal';
import { parseImageDataUrl } from '../../../core/src/image-source';
import { redactUrlsIn } from '../../../core/src/redact-url';
import { isServiceError } from '../../../core/src/errors';
import type { StageClock } from '../../../core/src/stage-timings';
import { describeError } from '../utils/describe-error';
import { getService } from '../utils/get-service';
import { siteMediaOf } from '../utils/site-media';
import { UPLOAD_FILE_UID } from '../utils/plugin-tables';
import { processPixelBudget } from '../utils/pixel-budget';
import { stageTimings } from '../utils/stage-timings';
import { holdsRecordedBytes, mediaFileOf, type MediaFile, type MediaSourceRow } from './media-sources';

/** What the media step needs of the target: whose images these are, whether a featured image has a field, and whether its body format needs the library files' details. */
export interface MediaTarget {
  uid: string;
  hasFeaturedImageField: boolean;
  needsLibraryFiles: boolean;
}

/** What the media step hands to the write step: media, not HTML. */
export interface ArticleMedia {
  /** The library file each imported inline image became, by its source in the article's HTML. */
  libraryFiles: Map<string, LibraryFile>;
  featured: FeaturedImageOutcome;
  /** The contract's list of imported inline images. */
  imported: ImportedImage[];
  warnings: ImageWarning[];
  /** The inline sources those warnings are about, as the body names them: the body says nothing more of them. */
  refusedSources: string[];
  /** Files uploaded for this delivery (not reused ones). */
  uploadedFileIds: number[];
  /**
   * Marks the media-source rows this delivery made; when the post write fails, `discard` drops them
   * and removes each file nothing else uses any more. Absent when nothing was imported.
   */
  importToken?: string;
}

type ImportResult = { ok: true; file: MediaFile; uploaded: boolean } | { ok: false; reason: string };

interface UploadService {
  upload(input: object): Promise<Record<string, unknown>[]>;
  remove(file: object): Promise<unknown>;
}

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
/** Whose media-source rows these are: one post, by its type and slug. */
const postOwner = (targetUid: string, slug: string) => sha256(`${targetUid}\n${slug}`);

type Gate = <T>(task: () => Promise<T>) => Promise<T>;

/** How many images of one article may be in flight (downloading or processing), and how many may decode and upload, at once. */
interface ImportGates {
  inFlight: Gate;
  processing: Gate;
}

/** Images decoded and resized at once: one per core, since that work is CPU bound. */
const PROCESSING_SLOTS = Math.max(1, os.availableParallelism());

/** Decoded pixels in flight, shared with the WordPress uploads (see utils/pixel-budget). */
const pixelBudget = processPixelBudget;

/** Who imports: the post (its deliveries run one at a time under its lock) and this one delivery. */
interface Importer {
  owner: string;
  importToken: string;
}

/** The identity of an image source and its bytes, as media-source rows record them. */
interface SourceKeys {
  sourceKey: string;
  sourceKeyHash: string;
  contentHash: string;
}

/** What an earlier delivery recorded for a source key. */
interface KnownSource {
  file: MediaFile;
  contentHash: string;
  /**
   * Recorded by a finished delivery of this same post (or before deliveries were recorded), or claimed
   * by this delivery: nothing can remove it under us.
   */
  settled: boolean;
}

/** How an image source is named and described in the library. */
interface SourceImage {
  alt: string | undefined;
  /** The readable part of its library file name (libraryFileStem). */
  nameStem: string;
}

/**
 * A file name for the library: a readable stem, a random part, the real extension. The random part
 * makes the name unguessable before the upload, so an upload whose instance died before recording it
 * is recognised by the exact name its row holds, never by a name an editor could give another file.
 */
function fileNameFor(stem: string, extension: string): string {
  return `${stem}-${randomBytes(8).toString('hex')}.${extension}`;
}

/** A row counts as this post's own, settled use when a finished delivery of the post made it. */
function isSettledFor(row: MediaSourceRow, importer: Importer): boolean {
  return row.owner === null || row.owner === importer.owner || row.importToken === importer.importToken;
}

/**
 * Featured and inline images into the media library through Strapi's upload service (so any upload
 * provider works). Each source is imported once per article, and a source imported by an earlier
 * delivery (same URL, or same bytes) is reused without being fetched or uploaded again.
 *
 * Reuse is decided by content (SHA-256 of the bytes) under a database lock on that digest, so
 * concurrent deliveries of the same bytes, on any instance, import them once. Every delivery that
 * uses a file records a media-source row for it; a failed delivery drops its rows and removes a
 * file only when no row and no entry uses it any more.
 */
const mediaImport = ({ strapi }: { strapi: Core.Strapi }) => {
  const uploadService = () => strapi.plugin('upload').service('upload') as unknown as UploadService;
  const sources = () => getService(strapi, 'media-sources');
  /** Find-or-upload of some bytes, and removal of their file, never overlap (on any instance). */
  const contentLockName = mediaContentLock;
  const withContentLock = <T>(contentHash: string, work: () => Promise<T>) =>
    getService(strapi, 'locks').withLocks([contentLockName(contentHash)], work);

  /** An absolute URL: the HTML is rendered by a frontend on another origin. */
  const absoluteUrl = (url: string) =>
    url.startsWith('/')
      ? `${String(strapi.config.get('server.absoluteUrl', '')).replace(/\/+$/, '')}${url}`
      : url;

  /**
   * Uploads a checked file through Strapi's upload service (any provider). Each object the provider
   * writes for it is journaled first and cleared once the file row exists, so a crash in between
   * leaves nothing the orphan sweep cannot find. `lockName`: the lock the upload runs under.
   */
  async function upload(
    filepath: string,
    size: number,
    name: string,
    mimeType: string,
    alt: string | undefined,
    lockName: string
  ): Promise<MediaFile> {
    const journal = getService(strapi, 'upload-journal');
    const [file] = await journal.track(name, lockName, () =>
      uploadService().upload({
        data: { fileInfo: { name, alternativeText: alt ?? null, caption: null } },
        files: { filepath, originalFilename: name, mimetype: mimeType, size },
      })
    );
    await journal.clear(name);
    return mediaFileOf(file);
  }

  /**
   * Each imported source's library file: id and absolute URL, and for body formats that need more
   * than a URL (blocks, zone) the file as a blocks image, from the upload rows read in one query.
   */
  async function libraryFilesOf(
    files: ReadonlyMap<string, MediaFile>,
    withImages: boolean
  ): Promise<Map<string, LibraryFile>> {
    const libraryFiles = new Map<string, LibraryFile>();
    const ids = [...new Set([...files.values()].map((file) => file.id))];
    const rows =
      withImages && ids.length
        ? ((await strapi.db
            .query(UPLOAD_FILE_UID)
            .findMany({ where: { id: { $in: ids } } })) as (UploadFileRow & { id: number })[])
        : [];
    for (const [source, file] of files) {
      const url = absoluteUrl(file.url);
      const row = rows.find((candidate) => candidate.id === file.id);
      const image = row && mediaLibraryImage(row, url);
      libraryFiles.set(source, { id: file.id, url, ...(image ? { image } : {}) });
    }
    return libraryFiles;
  }

  /** The key an import is remembered by: a URL itself, a data URL by the digest of its bytes. */
  function sourceKeyOf(source: string): string {
    const dataImage = parseImageDataUrl(source);
    return dataImage ? `data:${sha256(Buffer.from(dataImage.base64, 'base64'))}` : source;
  }

  /** Earlier imports of these sources, one per source key: this post's own settled row first, else the newest. */
  async function findKnownSources(
    sourceKeyHashes: string[],
    importer: Importer
  ): Promise<Map<string, KnownSource>> {
    const known = new Map<string, KnownSource>();
    for (const row of await sources().findBySourceKeys(sourceKeyHashes)) {
      const settled = isSettledFor(row, importer);
      const current = known.get(row.sourceKeyHash);
      if (!current || (settled && !current.settled))
        known.set(row.sourceKeyHash, { file: row.file, contentHash: row.contentHash, settled });
    }
    return known;
  }

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

  /** Records that this delivery uses the file for this source, unless a settled row of the post already does. Under the content lock. */
  async function claim(file: MediaFile, keys: SourceKeys, importer: Importer): Promise<void> {
    const uses = await sources().findUses(keys.sourceKeyHash, file.id);
    if (uses.some((row) => isSettledFor(row, importer))) return;
    await sources().insert({ ...keys, fileId: file.id, fileFingerprint: file.fingerprint, ...importer });
  }

  /**
   * Claims at once every source that another post's delivery imported: one set of content locks and
   * one transaction for the rows, where claiming image by image costs a lock and commits per image.
   * A claimed source becomes settled in `known`. It is a fast path only: when one of the locks is held
   * elsewhere right now, or the claim fails, nothing is claimed here, and a file that is gone or whose
   * media was replaced stays unsettled; importSource then decides each of those on its own (waiting
   * for its lock), as it always could.
   */
  async function claimEarlierImports(
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
    const lockNames = pending.map(({ keys }) => contentLockName(keys.contentHash));
    try {
      await getService(strapi, 'locks').withLocksIfFree(lockNames, async () => {
        const files = await sources().findFiles(pending.map(({ prior }) => prior.file.id));
        const current = pending.filter(
          ({ prior }) => files.get(prior.file.id)?.fingerprint === prior.file.fingerprint
        );
        await strapi.db.transaction(async () => {
          for (const { prior, keys } of current) await claim(prior.file, keys, importer);
        });
        for (const { prior, keys } of current) known.set(keys.sourceKeyHash, { ...prior, settled: true });
      });
    } catch (error) {
      strapi.log.debug(
        `[article-publisher] claiming reused images at once failed, each is claimed on its own: ${describeError(error)}`
      );
    }
  }

  /**
   * The library file an earlier import of these bytes made, if it still exists. Under the content
   * lock, a row without a file is an upload whose instance died: its file is adopted when it made it
   * into the library under the row's exact (unguessable) name, and the row dropped otherwise.
   */
  async function findImportedContent(contentHash: string, importer: Importer): Promise<MediaFile | null> {
    for (const row of await sources().findByContentHash(contentHash)) {
      if (row.fileId !== null) {
        const file = await sources().findFile(row.fileId);
        if (file && holdsRecordedBytes(row, file)) return file;
        continue;
      }
      if (row.importToken === importer.importToken) continue;
      const leftover = row.uploadName ? await sources().findFileNamed(row.uploadName) : null;
      if (leftover) {
        await sources().setFile(row.id, leftover);
        return leftover;
      }
      await sources().remove(row.id);
    }
    return null;
  }

  /**
   * Uploads new bytes. The row goes in first, with the file's name, so a crash between upload and
   * record leaves something the next import can find. The full decode and Strapi's own image
   * processing run under the process's pixel budget. Under the content lock.
   */
  async function uploadNew(
    filepath: string,
    size: number,
    header: ImageHeader,
    image: SourceImage,
    keys: SourceKeys,
    importer: Importer,
    policy: { maxPixels: number; maxPixelsInFlight: number },
    gates: ImportGates,
    clock: StageClock
  ): Promise<MediaFile> {
    const uploadName = fileNameFor(image.nameStem, header.extension);
    const rowId = await sources().insert({
      ...keys,
      fileId: null,
      fileFingerprint: null,
      uploadName,
      ...importer,
    });
    let file: MediaFile;
    try {
      // The article's processing slot first, then the budget: whoever holds budget waits for nothing else.
      const queued = clock.begin('queue');
      file = await gates.processing(() =>
        pixelBudget.run(header.pixels, policy.maxPixelsInFlight, async () => {
          queued();
          await clock.time('checks', () => verifyImageDecodes(filepath, policy.maxPixels));
          return clock.time('strapi upload', () =>
            upload(filepath, size, uploadName, header.mimeType, image.alt, contentLockName(keys.contentHash))
          );
        })
      );
    } catch (error) {
      await sources().remove(rowId);
      throw error;
    }
    // Should this fail, the row keeps the file's name and the next import of these bytes adopts it.
    await sources().setFile(rowId, file);
    return file;
  }

  async function importSource(
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
        const claimed = await clock.time('database', () =>
          withContentLock(prior.contentHash, async () => {
            const file = await sources().findFile(prior.file.id);
            if (!file || file.fingerprint !== prior.file.fingerprint) return null;
            await claim(file, keys, importer);
            return file;
          })
        );
        if (claimed) return { ok: true, file: claimed, uploaded: false };
      }
      directory = await clock.time('temp files', () =>
        fs.mkdtemp(path.join(os.tmpdir(), TEMP_FOLDER_PREFIX))
      );
      const filepath = path.join(directory, 'download');
      const onHashed = stageTimings.enabled ? (ms: number) => clock.add('hashing', ms) : undefined;
      const downloaded = await clock.time('download', () =>
        downloadSource(source, policy, filepath, onHashed)
      );
      // The header (type, every frame's pixels) is checked before waiting for any lock.
      const header = await clock.time('checks', () => inspectImage(filepath, policy.maxPixels));
      const keys = { sourceKey, sourceKeyHash, contentHash: downloaded.sha256 };
      return await clock.time('database', () =>
        withContentLock(downloaded.sha256, async (): Promise<ImportResult> => {
          const existing = await findImportedContent(downloaded.sha256, importer);
          if (existing) {
            await claim(existing, keys, importer);
            return { ok: true, file: existing, uploaded: false };
          }
          const file = await uploadNew(
            filepath,
            downloaded.size,
            header,
            image,
            keys,
            importer,
            policy,
            gates,
            clock
          );
          return { ok: true, file, uploaded: true };
        })
      );
    } catch (error) {
      if (error instanceof ImageRejected) return { ok: false, reason: error.message };
      if (isServiceError(error))
        return { ok: false, reason: 'another delivery held the same image for too long; retry later' };
      strapi.log.warn(`[article-publisher] image import failed: ${describeError(error)}`);
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

  /** Drops the rows' uses of each file (`dropUse`), then removes the files nothing uses any more. */
  async function releaseFiles(rows: MediaSourceRow[], dropUse: (fileId: number) => Promise<void>) {
    const contentOf = new Map<number, string>();
    for (const row of rows) if (row.fileId !== null) contentOf.set(row.fileId, row.contentHash);
    for (const [fileId, contentHash] of contentOf) {
      await withContentLock(contentHash, async () => {
        await dropUse(fileId);
        if ((await sources().isUsed(fileId)) || (await sources().isLinkedByEntries(fileId))) return;
        const file = await strapi.db.query(UPLOAD_FILE_UID).findOne({ where: { id: fileId } });
        if (file) await uploadService().remove(file);
      });
    }
  }

  /**
   * Which of the article's images are imported, and every refusal decided without a fetch: the
   * publish's and the dry run's one answer (a read of the library, nothing written).
   */
  async function decideArticleImages(
    article: NormalizedArticle,
    target: Pick<MediaTarget, 'hasFeaturedImageField'>,
    config: EffectiveConfig
  ) {
    const bodyImages = articleBodyOf(article).images;
    const siteMedia = siteMediaOf(strapi);
    // The site's own library files the article names (an uploaded file's URL in any spelling): placed, never fetched.
    const siteFiles = await sources().findSiteFiles(
      [
        ...bodyImages.map((image) => image.src),
        ...(article.featuredImage ? [article.featuredImage.source] : []),
      ],
      siteMedia
    );
    const plan = imagesToImport(bodyImages, article.featuredImage, target.hasFeaturedImageField, {
      allowHttp: config.images.allowHttp,
      maxInlineImages: config.images.maxInlineImages,
      serverUrl: String(strapi.config.get('server.absoluteUrl', '')),
      siteMedia,
      librarySources: new Set(siteFiles.keys()),
    });
    const decisions = decideImages(article.refusedImages ?? [], plan, config.images);
    return { bodyImages, siteFiles, plan, decisions };
  }

  return {
    decideArticleImages,

    /**
     * Imports the article's images (which ones: `imagesToImport`) and answers what became of each:
     * the library file of every imported inline source, the featured image's outcome, the contract's
     * lists. The HTML is not touched: the body writer puts the library URLs in while it writes.
     */
    async importArticleImages(
      article: NormalizedArticle,
      target: MediaTarget,
      config: EffectiveConfig
    ): Promise<ArticleMedia> {
      const policy = { ...config.images };
      const importer: Importer = {
        owner: postOwner(target.uid, article.slug),
        importToken: randomUUID(),
      };
      const { bodyImages, siteFiles, plan, decisions } = await decideArticleImages(article, target, config);
      const importable = decisions.toFetch;
      // Images refused without a fetch (the sanitizer's, over the limit, by their address) are reported, not lost silently.
      const warnings: ImageWarning[] = [...decisions.warnings];
      const refusedSources = [...decisions.refusedSources];
      // A file already in the library (WordPress's featured_media, or its URL) is placed as it is, not imported.
      const libraryFeaturedId = plan.featured
        ? (article.featuredImage?.libraryFileId ?? siteFiles.get(plan.featured.source)?.id)
        : undefined;
      const featured = libraryFeaturedId === undefined ? decisions.featured : undefined;
      // Every source imported by an earlier delivery, found in one query.
      const allSources = [...(featured ? [featured.source] : []), ...importable];
      const known = await findKnownSources(
        allSources.map((source) => sha256(sourceKeyOf(source))),
        importer
      );
      await claimEarlierImports(allSources, known, importer);
      // `concurrency` images are in flight; of those, decoding and upload (CPU bound) run one per core.
      // With concurrency 1 an article's images are imported strictly one at a time.
      const gates: ImportGates = {
        inFlight: createLimiter(config.images.concurrency),
        processing: createLimiter(Math.min(config.images.concurrency, PROCESSING_SLOTS)),
      };
      // One import per distinct source, shared by the featured image and the body.
      const pending = new Map<string, Promise<ImportResult>>();
      const importOnce = (source: string, alt: string | undefined) => {
        const image = { alt, nameStem: libraryFileStem(source, alt, article.slug) };
        if (!pending.has(source))
          pending.set(
            source,
            gates.inFlight(() =>
              importSource(source, image, known, policy, gates, importer, stageTimings.start('image'))
            )
          );
        return pending.get(source) as Promise<ImportResult>;
      };
      const tasks: [string, string | undefined][] = [
        ...(featured ? [[featured.source, featured.alt] as [string, string | undefined]] : []),
        ...importable.map((source) => [source, plan.inline.get(source)] as [string, string | undefined]),
      ];
      await Promise.all(tasks.map(([source, alt]) => importOnce(source, alt)));

      const imported: ImportedImage[] = [];
      // The site's own files take their library URL in the body; they were not imported.
      const files = new Map<string, MediaFile>();
      for (const { src } of bodyImages) {
        const file = siteFiles.get(src);
        if (file) files.set(src, file);
      }
      for (const source of importable) {
        const result = await importOnce(source, plan.inline.get(source));
        if (result.ok) {
          files.set(source, result.file);
          imported.push({
            source_url: displayedSource(source),
            local_url: absoluteUrl(result.file.url),
            attachment_id: result.file.id,
          });
        } else {
          warnings.push({ source_url: warningSource(source), reason: result.reason });
          refusedSources.push(source);
        }
      }

      let featuredOutcome: FeaturedImageOutcome = { kind: 'none' };
      if (plan.featuredWithoutField) featuredOutcome = { kind: 'no-field' };
      else if (libraryFeaturedId !== undefined)
        featuredOutcome = { kind: 'attached', fileId: libraryFeaturedId };
      else if (featured) {
        const result = await importOnce(featured.source, featured.alt);
        featuredOutcome = result.ok
          ? { kind: 'attached', fileId: result.file.id }
          : { kind: 'failed', reason: result.reason };
      } else if (decisions.featuredRefusal !== undefined)
        featuredOutcome = { kind: 'failed', reason: decisions.featuredRefusal };

      const uploadedFileIds: number[] = [];
      for (const result of await Promise.all(pending.values())) {
        if (result.ok && result.uploaded) uploadedFileIds.push(result.file.id);
      }
      return {
        libraryFiles: await libraryFilesOf(files, target.needsLibraryFiles),
        featured: featuredOutcome,
        imported,
        warnings,
        refusedSources,
        uploadedFileIds,
        importToken: importer.importToken,
      };
    },

    /**
     * After the post write failed: drops this delivery's media-source rows, and removes each file
     * they pointed to that no other row (another delivery's, maybe still in flight) and no entry uses.
     */
    async discard(media: ArticleMedia): Promise<void> {
      const { importToken } = media;
      if (!importToken) return;
      await releaseFiles(await sources().findByImportToken(importToken), (fileId) =>
        sources().removeUses(importToken, fileId)
      );
    },

    /**
     * After a post was deleted (the conformance check's): drops every media-source row made for its
     * slug, and removes each file they pointed to that nothing else uses, as `discard` does.
     */
    async releasePost(targetUid: string, slug: string): Promise<void> {
      const owner = postOwner(targetUid, slug);
      await releaseFiles(await sources().findByOwner(owner), (fileId) =>
        sources().removeOwnerUses(owner, fileId)
      );
    },
  };
};

export type MediaImportService = ReturnType<typeof mediaImport>;
export default mediaImport;
