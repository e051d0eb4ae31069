import type { NormalizedArticle } from '../../../../core/src/article';
import type { EffectiveConfig } from '../../../../core/src/config';
import { decideImages } from '../../../../core/src/images/image-decisions';
import { imagesToImport } from '../../../../core/src/images/images-to-import';
import { articleBodyOf } from '../../../../core/src/html/article-body';
import { siteMediaOf } from '../../common/site-media';
import { type MediaContext } from './context';
import type { MediaFile } from './sources';
import type { MediaTarget } from './types';

/**
 * Which of the article's images are imported, and every refusal decided without a fetch: the
 * publish's and the dry run's one answer (a read of the library, nothing written).
 */
export async function decideArticleImages(
  media: MediaContext,
  article: NormalizedArticle,
  target: Pick<MediaTarget, 'hasFeaturedImageField'>,
  config: EffectiveConfig
) {
  // The site's own library files the article names (an uploaded file's URL in any spelling): placed, never fetched.
  const siteFiles = await media.uses.mediaSources.findSiteFiles(
    articleImageSources(article),
    siteMediaOf(media.strapi)
  );
  return decideWithSiteFiles(media, article, target, config, siteFiles);
}

/** Every image source the article names: its body's, and its featured image. */
export const articleImageSources = (article: NormalizedArticle): string[] => [
  ...articleBodyOf(article).images.map((image) => image.src),
  ...(article.featuredImage ? [article.featuredImage.source] : []),
];

/** decideArticleImages, with the site's own files the article names already found. */
export function decideWithSiteFiles(
  media: MediaContext,
  article: NormalizedArticle,
  target: Pick<MediaTarget, 'hasFeaturedImageField'>,
  config: EffectiveConfig,
  siteFiles: Map<string, MediaFile>
) {
  const bodyImages = articleBodyOf(article).images;
  const siteMedia = siteMediaOf(media.strapi);
  const plan = imagesToImport(bodyImages, article.featuredImage, target.hasFeaturedImageField, {
    allowHttp: config.images.allowHttp,
    maxInlineImages: config.images.maxInlineImages,
    serverUrl: String(media.strapi.config.get('server.absoluteUrl', '')),
    siteMedia,
    librarySources: new Set(siteFiles.keys()),
  });
  const decisions = decideImages(article.refusedImages ?? [], plan, config.images);
  return { bodyImages, siteFiles, plan, decisions };
}
