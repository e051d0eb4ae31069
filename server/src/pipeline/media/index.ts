import type { Core } from '@strapi/strapi';
import type { NormalizedArticle } from '../../../../core/src/article';
import type { EffectiveConfig } from '../../../../core/src/config';
import type { MediaContext, MediaUses } from './context';
import { decideArticleImages } from './decide';
import { importArticleImages, reuseArticleImages } from './import';
import { postOwner } from './keys';
import { releaseFiles } from './release';
import type { ArticleMedia, MediaTarget, ReusedMedia } from './types';

export type { ArticleMedia, MediaTarget, ReusedMedia };

/**
 * The `media-import` service: featured and inline images into the media library through Strapi's
 * upload service (so any upload provider works). Each source is imported once per article, and a
 * source imported by an earlier delivery (same URL, or same bytes) is reused without being fetched
 * or uploaded again.
 *
 * Reuse is decided by content (SHA-256 of the bytes) under a database lock on that digest, so
 * concurrent deliveries of the same bytes, on any instance, import them once (claims.ts). Every
 * delivery that uses a file records a media-source row for it (sources.ts); a failed delivery drops
 * its rows and removes a file only when no row and no entry uses it any more (release.ts). The files:
 * import.ts (one article's images), import-source.ts (one image), upload.ts (new bytes into the
 * library, journaled), library.ts (what the body writers get of each file), keys.ts, context.ts.
 */
const mediaImport = ({ strapi, uses }: { strapi: Core.Strapi; uses: MediaUses }) => {
  const context: MediaContext = { strapi, uses };
  return {
    /** Which images a publish imports, and every refusal decided without a fetch (decide.ts): shared with the dry run. */
    decideArticleImages(
      article: NormalizedArticle,
      target: Pick<MediaTarget, 'hasFeaturedImageField'>,
      config: EffectiveConfig
    ) {
      return decideArticleImages(context, article, target, config);
    },

    /** One article's images into the library (import.ts). */
    importArticleImages(
      article: NormalizedArticle,
      target: MediaTarget,
      config: EffectiveConfig
    ): Promise<ArticleMedia> {
      return importArticleImages(context, article, target, config);
    },

    /** One article's images when it imports nothing (a republish of images it imported): else undefined (import.ts). */
    reuseArticleImages(
      article: NormalizedArticle,
      target: MediaTarget,
      config: EffectiveConfig
    ): Promise<ReusedMedia | undefined> {
      return reuseArticleImages(context, article, target, config);
    },

    /** Whether every one of these media-source rows (ReusedMedia's `reusedRows`) is still recorded. */
    async stillRecorded(rowIds: number[]): Promise<boolean> {
      return (await uses.mediaSources.countRows(rowIds)) === new Set(rowIds).size;
    },

    /**
     * After the post write failed: drops this delivery's media-source rows, and removes each file
     * they pointed to that no other row (another delivery's, maybe still in flight) and no entry uses.
     */
    async discard(media: ArticleMedia): Promise<void> {
      const { importToken } = media;
      if (!importToken) return;
      const sources = uses.mediaSources;
      await releaseFiles(context, await sources.findByImportToken(importToken), (fileId) =>
        sources.removeUses(importToken, fileId)
      );
    },

    /**
     * After a post was deleted (the conformance check's): drops every media-source row made for its
     * slug, and removes each file they pointed to that nothing else uses, as `discard` does.
     */
    async releasePost(targetUid: string, slug: string): Promise<void> {
      const owner = postOwner(targetUid, slug);
      const sources = uses.mediaSources;
      await releaseFiles(context, await sources.findByOwner(owner), (fileId) =>
        sources.removeOwnerUses(owner, fileId)
      );
    },
  };
};

export type MediaImportService = ReturnType<typeof mediaImport>;
export default mediaImport;
