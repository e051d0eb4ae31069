import type { Core } from '@strapi/strapi';
import type { NormalizedArticle } from '../../../core/src/article';
import type { ImageWarning, ImportedImage } from '../../../core/src/contracts';
import type { TargetDescription } from './target-schema';

/** What the media step hands to the write step. */
export interface ArticleMedia {
  html: string;
  featuredImageId: number | undefined;
  featuredImageResult: string;
  imported: ImportedImage[];
  warnings: ImageWarning[];
  /** Files uploaded for this delivery, removed again if the post write fails. */
  uploadedFileIds: number[];
}

/** Featured and inline images into the media library. */
const mediaImport = (_context: { strapi: Core.Strapi }) => ({
  async importArticleImages(article: NormalizedArticle, _target: TargetDescription): Promise<ArticleMedia> {
    return {
      html: article.html,
      featuredImageId: undefined,
      featuredImageResult: article.featuredImage
        ? 'warning: the featured image was not imported (image import is not enabled in this version)'
        : 'none: no featured image in the request',
      imported: [],
      warnings: [],
      uploadedFileIds: [],
    };
  },

  async discard(_media: ArticleMedia): Promise<void> {},
});

export type MediaImportService = ReturnType<typeof mediaImport>;
export default mediaImport;
