import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { NormalizedArticle } from '../../../core/src/article';
import { mediaLibraryImage, type UploadFileRow } from '../../../core/src/blocks/media-library-image';
import type { MediaLibraryImage } from '../../../core/src/blocks/types';
import type { EffectiveConfig } from '../../../core/src/config';
import type { ImageWarning, ImportedImage } from '../../../core/src/contracts';
import { createLimiter } from '../../../core/src/images/concurrency';
import { downloadImageToFile, loadImageSource, type FetchPolicy } from '../../../core/src/images/fetch-image';
import { checkImageBytes } from '../../../core/src/images/image-check';
import { ImageRejected } from '../../../core/src/images/image-rejected';
import { listInlineImages } from '../../../core/src/images/inline-images';
import { parseImageDataUrl } from '../../../core/src/image-source';
import { sanitizeArticleHtml } from '../../../core/src/sanitize';
import { getService } from '../utils/get-service';
import type { MediaFile } from './content-store';
import type { TargetDescription } from './target-schema';

/** What the media step hands to the write step. */
export interface ArticleMedia {
  html: string;
  featuredImageId: number | undefined;
  featuredImageResult: string;
  imported: ImportedImage[];
  warnings: ImageWarning[];
  /** Files uploaded for this delivery (not reused ones), removed again if the post write fails. */
  uploadedFileIds: number[];
  /** For a blocks body: the library file of each imported inline image, by its src in `html`. */
  libraryImages: ReadonlyMap<string, MediaLibraryImage>;
}

type ImportResult = { ok: true; file: MediaFile; uploaded: boolean } | { ok: false; reason: string };

interface UploadService {
  upload(input: object): Promise<(MediaFile & Record<string, unknown>)[]>;
  remove(file: object): Promise<unknown>;
}

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

type Gate = <T>(task: () => Promise<T>) => Promise<T>;

/** How many images of one article may be in flight (downloading or processing), and how many may decode and upload, at once. */
interface ImportGates {
  inFlight: Gate;
  processing: Gate;
}

/** Images decoded and resized at once: one per core, since that work is CPU bound. */
const PROCESSING_SLOTS = Math.max(1, os.availableParallelism());

/** A file name for the library: the URL's own name when it has one, with the real extension. */
function fileNameFor(source: string, extension: string, contentHash: string): string {
  return `${fileNameStem(source, contentHash)}.${extension}`;
}

/**
 * The name without its extension. It ends with the start of the content digest, so a file whose
 * upload finished but whose import was never recorded (its instance died in between) is still
 * found, and reused, by the next delivery of the same bytes.
 */
function fileNameStem(source: string, contentHash: string): string {
  const fromUrl = URL.canParse(source) ? path.basename(new URL(source).pathname).replace(/\.[a-z0-9]+$/i, '') : '';
  const base = fromUrl.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80) || 'image';
  return `${base}-${contentHash.slice(0, 16)}`;
}

/**
 * Featured and inline images into the media library through Strapi's upload service (so any upload
 * provider works). Each source is imported once per article, and a source imported by an earlier
 * delivery (same URL, or same bytes) is reused without being fetched or uploaded again.
 */
const mediaImport = ({ strapi }: { strapi: Core.Strapi }) => {
  const uploadService = () => strapi.plugin('upload').service('upload') as unknown as UploadService;
  const store = () => getService(strapi, 'content-store');

  /** An absolute URL: the HTML is rendered by a frontend on another origin. */
  const absoluteUrl = (url: string) =>
    url.startsWith('/') ? `${String(strapi.config.get('server.absoluteUrl', '')).replace(/\/+$/, '')}${url}` : url;

  /** Checks the downloaded file and uploads it through Strapi's upload service (any provider). */
  async function upload(filepath: string, size: number, source: string, alt: string | undefined, contentHash: string, maxPixels: number) {
    const checked = await checkImageBytes(filepath, maxPixels);
    const name = fileNameFor(source, checked.extension, contentHash);
    const [file] = await uploadService().upload({
      data: { fileInfo: { name, alternativeText: alt ?? null, caption: null } },
      files: { filepath, originalFilename: name, mimetype: checked.mimeType, size },
    });
    return { id: file.id, url: file.url };
  }

  /** The imported images' library files, for image blocks (a blocks body needs more than a URL). */
  async function libraryImagesOf(imported: ImportedImage[]): Promise<Map<string, MediaLibraryImage>> {
    const images = new Map<string, MediaLibraryImage>();
    if (!imported.length) return images;
    const ids = [...new Set(imported.map((image) => image.attachment_id))];
    const rows = (await strapi.db.query('plugin::upload.file').findMany({ where: { id: { $in: ids } } })) as (UploadFileRow & { id: number })[];
    for (const image of imported) {
      const row = rows.find((file) => file.id === image.attachment_id);
      const blockImage = row && mediaLibraryImage(row, image.local_url);
      if (blockImage) images.set(image.local_url, blockImage);
    }
    return images;
  }

  /** The key an import is remembered by: a URL itself, a data URL by the digest of its bytes. */
  function sourceKeyOf(source: string): string {
    const dataImage = parseImageDataUrl(source);
    return dataImage ? `data:${sha256(Buffer.from(dataImage.base64, 'base64'))}` : source;
  }

  /** Puts the image's bytes in a temporary file: decoded from a data URL, or streamed from its URL. */
  async function downloadSource(source: string, policy: FetchPolicy, filepath: string): Promise<{ size: number; sha256: string }> {
    if (!source.trim().toLowerCase().startsWith('data:')) return downloadImageToFile(source, policy, filepath);
    const { bytes } = await loadImageSource(source, policy);
    await fs.writeFile(filepath, bytes);
    return { size: bytes.length, sha256: sha256(bytes) };
  }

  async function importSource(
    source: string,
    alt: string | undefined,
    known: ReadonlyMap<string, MediaFile>,
    policy: FetchPolicy & { maxPixels: number },
    gates: ImportGates
  ): Promise<ImportResult> {
    const sourceKey = sourceKeyOf(source);
    const sourceKeyHash = sha256(sourceKey);
    const reused = known.get(sourceKeyHash);
    // A source imported before is not fetched again: a republish costs no download and no upload.
    if (reused) return { ok: true, file: reused, uploaded: false };
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'article-publisher-'));
    const filepath = path.join(directory, 'download');
    try {
      const downloaded = await downloadSource(source, policy, filepath);
      const sameBytes =
        (await store().findFileByContentHash(downloaded.sha256)) ??
        (await store().findFileByNameStem(fileNameStem(source, downloaded.sha256)));
      if (sameBytes) {
        await store().recordMediaSource({ sourceKey, sourceKeyHash, contentHash: downloaded.sha256, fileId: sameBytes.id });
        return { ok: true, file: sameBytes, uploaded: false };
      }
      // Downloads overlap freely; decoding and resizing are CPU and memory bound, so fewer run at once.
      const file = await gates.processing(() => upload(filepath, downloaded.size, source, alt, downloaded.sha256, policy.maxPixels));
      await store().recordMediaSource({ sourceKey, sourceKeyHash, contentHash: downloaded.sha256, fileId: file.id });
      return { ok: true, file, uploaded: true };
    } catch (error) {
      if (error instanceof ImageRejected) return { ok: false, reason: error.message };
      strapi.log.warn(`[article-publisher] image import failed: ${(error as Error).stack ?? String(error)}`);
      return { ok: false, reason: `the media library refused the file (${(error as Error).message})` };
    } finally {
      await fs.rm(directory, { recursive: true, force: true });
    }
  }

  return {
    async importArticleImages(article: NormalizedArticle, target: TargetDescription, config: EffectiveConfig): Promise<ArticleMedia> {
      const policy = { ...config.images };
      const isRemote = (src: string) =>
        /^https:/i.test(src) || (config.images.allowHttp && /^http:/i.test(src)) || /^data:image\//i.test(src);
      const serverUrl = String(strapi.config.get('server.absoluteUrl', ''));

      const inline = new Map<string, string | undefined>();
      for (const image of listInlineImages(article.html)) {
        const alreadyLocal = serverUrl !== '' && image.src.startsWith(`${serverUrl}/`);
        if (isRemote(image.src) && !alreadyLocal && !inline.has(image.src)) inline.set(image.src, image.alt);
      }
      const sources = [...inline.keys()];
      const importable = sources.slice(0, config.images.maxInlineImages);
      const warnings: ImageWarning[] = sources.slice(config.images.maxInlineImages).map((source_url) => ({
        source_url,
        reason: `not imported: the article has more than ${config.images.maxInlineImages} inline images`,
      }));

      const featured = article.featuredImage && target.fields.cover ? article.featuredImage : undefined;
      // Every source imported by an earlier delivery, found in one query.
      const allSources = [...(featured ? [featured.source] : []), ...importable];
      const known = await store().findImportedFiles(allSources.map((source) => sha256(sourceKeyOf(source))));
      // `concurrency` images are in flight; of those, decoding and upload (CPU bound) run one per core.
      // With concurrency 1 an article's images are imported strictly one at a time.
      const gates: ImportGates = {
        inFlight: createLimiter(config.images.concurrency),
        processing: createLimiter(Math.min(config.images.concurrency, PROCESSING_SLOTS)),
      };
      // One import per distinct source, shared by the featured image and the body.
      const pending = new Map<string, Promise<ImportResult>>();
      const importOnce = (source: string, alt: string | undefined) => {
        if (!pending.has(source)) pending.set(source, gates.inFlight(() => importSource(source, alt, known, policy, gates)));
        return pending.get(source) as Promise<ImportResult>;
      };
      const tasks: [string, string | undefined][] = [
        ...(featured ? [[featured.source, featured.alt] as [string, string | undefined]] : []),
        ...importable.map((source) => [source, inline.get(source)] as [string, string | undefined]),
      ];
      await Promise.all(tasks.map(([source, alt]) => importOnce(source, alt)));

      const imported: ImportedImage[] = [];
      const rewrites = new Map<string, string>();
      for (const source of importable) {
        const result = await importOnce(source, inline.get(source));
        if (result.ok) {
          const localUrl = absoluteUrl(result.file.url);
          rewrites.set(source, localUrl);
          imported.push({ source_url: source, local_url: localUrl, attachment_id: result.file.id });
        } else {
          warnings.push({ source_url: source, reason: result.reason });
        }
      }

      let featuredImageId: number | undefined;
      let featuredImageResult = 'none: no featured image in the request';
      if (article.featuredImage && !target.fields.cover) {
        featuredImageResult = 'warning: the target has no media field for a featured image';
      } else if (featured) {
        const result = await importOnce(featured.source, featured.alt);
        featuredImageId = result.ok ? result.file.id : undefined;
        featuredImageResult = result.ok ? 'success' : `warning: ${result.reason}`;
      }

      const uploadedFileIds: number[] = [];
      for (const result of await Promise.all(pending.values())) {
        if (result.ok && result.uploaded) uploadedFileIds.push(result.file.id);
      }
      const html = rewrites.size
        ? sanitizeArticleHtml(article.html, {
            videoEmbedHosts: config.videoEmbedHosts,
            allowHttpImages: config.images.allowHttp,
            rewriteImages: rewrites,
          })
        : article.html;
      const libraryImages = target.contentFormat === 'blocks' ? await libraryImagesOf(imported) : new Map<string, MediaLibraryImage>();
      return { html, featuredImageId, featuredImageResult, imported, warnings, uploadedFileIds, libraryImages };
    },

    /** Removes what this delivery uploaded, after the post write failed. */
    async discard(media: ArticleMedia): Promise<void> {
      await store().forgetMediaSources(media.uploadedFileIds);
      for (const id of media.uploadedFileIds) {
        const file = await strapi.db.query('plugin::upload.file').findOne({ where: { id } });
        if (file) await uploadService().remove(file);
      }
    },
  };
};

export type MediaImportService = ReturnType<typeof mediaImport>;
export default mediaImport;
