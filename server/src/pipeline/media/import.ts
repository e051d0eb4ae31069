import { randomUUID } from 'node:crypto';
import type { NormalizedArticle } from '../../../../core/src/article';
import type { EffectiveConfig } from '../../../../core/src/config';
import type { ImageWarning, ImportedImage } from '../../../../core/src/contracts';
import { createLimiter } from '../../../../core/src/images/concurrency';
import type { FeaturedImageOutcome } from '../../../../core/src/images/featured-outcome';
import { displayedSource, libraryFileStem, warningSource } from '../../../../core/src/images/library-names';
import { IMAGE_PROCESSING_SLOTS } from './image-processing';
import { stageTimings } from '../../common/stage-timings';
import { claimEarlierImports, knownSourcesOf } from './claims';
import { absoluteUrl, type MediaContext } from './context';
import { articleImageSources, decideWithSiteFiles } from './decide';
import { siteMediaOf } from '../../common/site-media';
import { siteFileCandidates, siteFilesNamed } from './sources';
import { importSource } from './import-source';
import { postOwner, sha256, sourceKeyOf } from './keys';
import { libraryFilesOf } from './library';
import type { MediaFile } from './sources';
import type { ArticleMedia, ImportGates, Importer, ImportResult, MediaTarget, ReusedMedia } from './types';

/**
 * What an article's images are, before anything is written: which ones are imported (`toImport`, the
 * featured image first), the site's own files it names, and every earlier import of those sources,
 * found in one lookup.
 */
async function lookUpArticleImages(
  media: MediaContext,
  article: NormalizedArticle,
  target: MediaTarget,
  config: EffectiveConfig,
  importer: Importer
) {
  // The site's own files the article names and the earlier imports of its sources, in one query.
  const sources = articleImageSources(article);
  const candidates = siteFileCandidates(sources, siteMediaOf(media.strapi));
  const keyHashOf = new Map(sources.map((source) => [source, sha256(sourceKeyOf(source))]));
  const records = await media.uses.mediaSources.findImageRecords([...candidates.values()].flat(), [
    ...keyHashOf.values(),
  ]);
  const siteFiles = siteFilesNamed(candidates, records.filesByUrl);
  const decided = decideWithSiteFiles(media, article, target, config, siteFiles);
  const { plan, decisions } = decided;
  // A file already in the library (WordPress's featured_media, or its URL) is placed as it is, not imported.
  const libraryFeaturedId = plan.featured
    ? (article.featuredImage?.libraryFileId ?? siteFiles.get(plan.featured.source)?.id)
    : undefined;
  const featured = libraryFeaturedId === undefined ? decisions.featured : undefined;
  const toImport = [...(featured ? [featured.source] : []), ...decisions.toFetch];
  const keyHashes = toImport.map((source) => keyHashOf.get(source) ?? sha256(sourceKeyOf(source)));
  const wanted = new Set(keyHashes);
  const known = knownSourcesOf(
    records.imports.filter((row) => wanted.has(row.sourceKeyHash)),
    importer
  );
  return { ...decided, libraryFeaturedId, featured, toImport, keyHashes, known };
}

type LookedUp = Awaited<ReturnType<typeof lookUpArticleImages>>;

const newImporter = (target: MediaTarget, article: NormalizedArticle): Importer => ({
  owner: postOwner(target.uid, article.slug),
  importToken: randomUUID(),
});

/**
 * Imports the article's images (which ones: `imagesToImport`) and answers what became of each: the
 * library file of every imported inline source, the featured image's outcome, the contract's lists.
 * The HTML is not touched: the body writer puts the library URLs in while it writes.
 */
export async function importArticleImages(
  media: MediaContext,
  article: NormalizedArticle,
  target: MediaTarget,
  config: EffectiveConfig
): Promise<ArticleMedia> {
  const importer = newImporter(target, article);
  const found = await lookUpArticleImages(media, article, target, config, importer);
  await claimEarlierImports(media, found.toImport, found.known, importer);
  return {
    ...(await placeImages(media, article, target, config, found, importer)),
    importToken: importer.importToken,
  };
}

/**
 * The article's media when it imports nothing: every image to import is one this post's finished
 * deliveries imported (a republish), so nothing is fetched, claimed or written. Undefined when an
 * image needs more (a new one, or another post's, which is claimed under its content lock).
 */
export async function reuseArticleImages(
  media: MediaContext,
  article: NormalizedArticle,
  target: MediaTarget,
  config: EffectiveConfig
): Promise<ReusedMedia | undefined> {
  const importer = newImporter(target, article);
  const found = await lookUpArticleImages(media, article, target, config, importer);
  const reusedRows: number[] = [];
  for (const keyHash of found.keyHashes) {
    const prior = found.known.get(keyHash);
    if (!prior?.settled) return undefined;
    reusedRows.push(prior.rowId);
  }
  return { media: await placeImages(media, article, target, config, found, importer), reusedRows };
}

/** Each image imported (or reused) and placed: the media a write needs (see importArticleImages). */
async function placeImages(
  media: MediaContext,
  article: NormalizedArticle,
  target: MediaTarget,
  config: EffectiveConfig,
  { bodyImages, siteFiles, plan, decisions, libraryFeaturedId, featured, known }: LookedUp,
  importer: Importer
): Promise<ArticleMedia> {
  const policy = { ...config.images };
  const importable = decisions.toFetch;
  // Images refused without a fetch (the sanitizer's, over the limit, by their address) are reported, not lost silently.
  const warnings: ImageWarning[] = [...decisions.warnings];
  const refusedSources = [...decisions.refusedSources];
  // `concurrency` images are in flight; of those, decoding and upload (CPU bound) take the process's
  // image slots (every core, one fewer while the site is being read: image-processing.ts). With
  // concurrency 1 an article's images are imported strictly one at a time.
  const gates: ImportGates = {
    inFlight: createLimiter(config.images.concurrency),
    processing: createLimiter(Math.min(config.images.concurrency, IMAGE_PROCESSING_SLOTS)),
  };
  // One import per distinct source, shared by the featured image and the body.
  const pending = new Map<string, Promise<ImportResult>>();
  const importOnce = (source: string, alt: string | undefined) => {
    const image = { alt, nameStem: libraryFileStem(source, alt, article.slug) };
    if (!pending.has(source))
      pending.set(
        source,
        gates.inFlight(() =>
          importSource(media, source, image, known, policy, gates, importer, stageTimings.start('image'))
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
        local_url: absoluteUrl(media, result.file.url),
        attachment_id: result.file.id,
      });
    } else {
      warnings.push({ source_url: warningSource(source), reason: result.reason });
      refusedSources.push(source);
    }
  }

  let featuredOutcome: FeaturedImageOutcome = { kind: 'none' };
  if (plan.featuredWithoutField) featuredOutcome = { kind: 'no-field' };
  else if (libraryFeaturedId !== undefined) featuredOutcome = { kind: 'attached', fileId: libraryFeaturedId };
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
    libraryFiles: await libraryFilesOf(media, files, target.needsLibraryFiles),
    featured: featuredOutcome,
    imported,
    warnings,
    refusedSources,
    uploadedFileIds,
  };
}
