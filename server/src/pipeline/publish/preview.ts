import type { NormalizedArticle } from '../../../../core/src/article';
import type { EffectiveConfig } from '../../../../core/src/config';
import {
  placeholderLibraryFiles,
  shortenedBody,
  withoutImportWarnings,
  type DryRunResponse,
} from '../../../../core/src/dry-run';
import { articleBodyOf } from '../../../../core/src/html/article-body';
import { targetReport } from '../../../../core/src/publish-target';
import type { StageClock } from '../../../../core/src/stage-timings';
import type { CategoryPlan } from './types';
import type { PublishCollaborators } from './collaborators';
import { composeEntry } from './compose-entry';
import { addNew, planPublish, refuseBlockedFields } from './plan';

/** Names of what a category plan would link, for the dry run (nothing is created). */
function plannedCategoryNames(categoryPlan: CategoryPlan): string[] {
  if (categoryPlan.kind === 'existing') return categoryPlan.rows.map((row) => row.name);
  if (categoryPlan.kind === 'names') return categoryPlan.names.map((entry) => entry.name);
  return [];
}

/**
 * The dry run: the publish pipeline (plan, then the entry composed as a publish composes it, reading
 * the entry a republish would update), stopped before anything is fetched or written. Images stay at
 * their source URLs in the body, laid out as if imported.
 */
export async function previewArticle(
  article: NormalizedArticle,
  config: EffectiveConfig,
  clock: StageClock,
  use: Pick<
    PublishCollaborators,
    'targetSchema' | 'siteLocales' | 'siteInfo' | 'categories' | 'posts' | 'articleWork' | 'media'
  >
): Promise<DryRunResponse> {
  const publish = await planPublish(article, { source: 'api' }, config, clock, use);
  const { target, locale, warnings } = publish;
  const existing = await use.posts.findPostBySlug(target, article.slug, locale);
  // The dry run answers as the publish would: a refusal for the fields this article leaves empty.
  refuseBlockedFields(publish, existing);
  const hasFeaturedImageField = publish.values.featuredImagePaths.length > 0;
  // The publish's own decisions: the images it refuses without a fetch are refused here, the same way.
  const { decisions } = await use.media.decideArticleImages(article, { hasFeaturedImageField }, config);
  const refused = new Set(decisions.refusedSources);
  const inline = [...new Set(articleBodyOf(article).images.map((image) => image.src))].filter(
    (source) => !refused.has(source)
  );
  const entry = await composeEntry(
    publish,
    existing,
    { libraryFiles: placeholderLibraryFiles(inline), featuredFileId: undefined },
    use
  );
  addNew(warnings, withoutImportWarnings(entry.bodyWarnings, [...inline, ...decisions.refusedSources]));
  addNew(warnings, entry.valueWarnings);
  const values = entry.data;
  // A dry run is rare and shows a shortened body: a large Blocks body's JSON text is read back here.
  const body = entry.bodyJson ? (JSON.parse(entry.bodyJson.json) as unknown) : entry.body;
  if (target.body && body !== undefined) values[target.body.field] = shortenedBody(body);
  // A featured image without a place is named by the value plan's warnings (core/src/target-profile/left-out-parts).
  if (decisions.featuredRefusal !== undefined) warnings.push(`featured image: ${decisions.featuredRefusal}`);
  return {
    status: 'success',
    dry_run: true,
    action: existing ? 'update' : 'create',
    target: { ...targetReport(target), ...(locale ? { locale } : {}) },
    values,
    categories: plannedCategoryNames(publish.categoryPlan),
    tags: target.tags?.kind === 'relation' ? publish.values.tags : [],
    images: {
      featured_image: hasFeaturedImageField ? (article.featuredImage?.source ?? null) : null,
      inline,
      warnings: decisions.warnings,
    },
    warnings,
  };
}
