import { featuredImageText, featuredImageWarning } from '../../../../core/src/images/featured-outcome';
import { renderPostUrl } from '../../../../core/src/post-url';
import type { PublishResult } from '../../../../core/src/publish-result';
import type { PublishCollaborators } from './collaborators';
import type { PublishPlan } from './plan';
import type { Written } from './write';

/** The plain result of a publish, which each controller shapes into its own wire answer. */
export function resultOf(
  { article, config, locale, warnings }: PublishPlan,
  written: Written,
  siteInfo: PublishCollaborators['siteInfo']
): PublishResult {
  const siteUrl = siteInfo.siteUrl(config);
  const { documentId, postId, media } = written;
  return {
    created: written.created,
    duplicate: written.duplicate,
    stale: written.stale,
    postId,
    documentId,
    postUrl: renderPostUrl(config.postUrlTemplate, { siteUrl, slug: article.slug, documentId, id: postId }),
    status: written.status ?? article.status,
    ...(written.status === undefined && article.scheduledAt ? { scheduledAt: article.scheduledAt } : {}),
    locale: locale ?? null,
    categories: written.categories.map((row) => row.name),
    featuredImage: featuredImageText(media.featured),
    ...withFeaturedImageWarning(featuredImageWarning(media.featured)),
    images: { imported: media.imported, warnings: media.warnings },
    warnings,
  };
}

const withFeaturedImageWarning = (warning: string | undefined) =>
  warning === undefined ? {} : { featuredImageWarning: warning };
