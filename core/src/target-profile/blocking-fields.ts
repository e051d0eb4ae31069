import type { NormalizedArticle } from '../article';
import { ServiceError } from '../errors';
import { articleBodyOf } from '../html/article-body';
import { categoryNameCandidates } from './derive';
import type { NameFieldRole } from './profile';
import { defaultsLine, type DefaultSuggestion } from './required-fields';
import { hasValue } from './seo-values';

/**
 * Issue #47: a required field this article leaves without a value, which Strapi's validation would
 * refuse when the post is published. A publish is refused before anything is fetched or written,
 * naming every such field (and only those) with the `defaults` entry that fixes it, if one does.
 */
export interface BlockingField {
  field: string;
  /** Why, as `target_problems` says it. */
  problem: string;
  /** The `defaults` entry that would give it a value, when a constant is the fix. */
  suggestion?: DefaultSuggestion;
}

/** The fields still blocking once the entry's stored values are known (an update keeps what it does not send). */
export function stillBlocking(
  blockers: readonly BlockingField[],
  existing: Record<string, unknown> | null
): BlockingField[] {
  return blockers.filter(({ field }) => !hasValue(existing, field));
}

/** Whether Strapi validates required fields on this write: a type without drafts always, else when it publishes. */
export function validatesRequired(draftAndPublish: boolean, status: NormalizedArticle['status']): boolean {
  return !draftAndPublish || status === 'publish' || status === 'future';
}

/** Whether the article has any image to place: a featured image or an inline one. */
export function hasImages(article: NormalizedArticle): boolean {
  return article.featuredImage !== undefined || articleBodyOf(article).images.length > 0;
}

/** A required string or enumeration category field that the article's categories leave empty. */
export function categoryFieldBlocker(role: NameFieldRole, article: NormalizedArticle): BlockingField {
  const { field, attribute } = role;
  const names = categoryNameCandidates(article.categories);
  const sent = names.length
    ? `this article's categories (${names.map((name) => `"${name}"`).join(', ')}) are none of them`
    : article.categories.kind === 'ids'
      ? 'this article gives its categories by id'
      : 'this article has no category';
  const allowed =
    attribute.type === 'enumeration'
      ? `one of its values (${(attribute.enum ?? []).join(', ')})`
      : 'a category name that fits it';
  return {
    field,
    problem: `required field "${field}" takes the article's category only when it is ${allowed}, and ${sent}; it has no default, and the defaults option gives it no value.`,
    suggestion: {
      field,
      example: attribute.type === 'enumeration' ? JSON.stringify(attribute.enum?.[0] ?? '...') : '"..."',
    },
  };
}

/** A required multiple-media field (a gallery) the article has no image for. */
export function galleryBlocker(field: string): BlockingField {
  return {
    field,
    problem: `required field "${field}" (several images) receives the article's images, and this article has none: send the article with an image, or the site's owner makes "${field}" optional.`,
  };
}

/**
 * The 422 `target_unfillable` of a publish refused for these fields, before anything is fetched or
 * written: every blocking field named (in the message and `data.target_problems`), with the
 * `defaults` line for those a constant can fill.
 */
export function blockedPublishError(blocking: readonly BlockingField[]): ServiceError {
  const problems = blocking.map(({ problem }) => problem);
  const suggestions = blocking.flatMap(({ suggestion }) => (suggestion ? [suggestion] : []));
  const line = suggestions.length ? defaultsLine(suggestions) : undefined;
  const fix = line
    ? ` The site's owner can give ${suggestions.length > 1 ? 'these fields values' : 'it a value'} by adding to the plugin's config (config/plugins): ${line}.`
    : '';
  return new ServiceError(
    'target_unfillable',
    `This article cannot be published into the site's content type, nothing was written: ${problems.join(' ')}${fix}`,
    {},
    { target_problems: problems, ...(line ? { suggested_defaults: line } : {}) }
  );
}
