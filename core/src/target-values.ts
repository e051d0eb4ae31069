import type { NormalizedArticle } from './article';
import { fitText } from './seo';
import type { TargetDescription } from './target-description';

/**
 * The target layer: what each part of an article becomes on the target's fields, fitted to their
 * declared limits. Framework-free; the publisher calls it and writes the result.
 */

const SEO_TEXT_FIELDS = ['metaTitle', 'metaDescription', 'keywords'] as const;

/**
 * The title fitted to the title field's maxLength (Strapi's 255 for a `string` without one), cut at
 * a word boundary with a warning. Only the stored title is cut: the slug was made from the whole.
 */
export function fittedTitle(article: NormalizedArticle, target: TargetDescription, warnings: string[]): string {
  const fitted = fitText('title', article.title, { maxLength: target.titleLimits.maxLength });
  if (fitted.warning) warnings.push(fitted.warning);
  return fitted.value ?? article.title;
}

function hasValue(component: unknown, field: string): boolean {
  const value = (component as Record<string, unknown> | null | undefined)?.[field];
  return value !== undefined && value !== null && value !== '';
}

/** The SEO component's values, fitted to its declared limits; undefined when it cannot be valid. */
export function seoValues(article: NormalizedArticle, target: TargetDescription, existing: unknown, warnings: string[]) {
  if (!target.fields.seo) return undefined;
  const wanted: Record<(typeof SEO_TEXT_FIELDS)[number], string | undefined> = {
    metaTitle: article.seo.metaTitle,
    metaDescription: article.seo.metaDescription ?? article.seo.descriptionFallback,
    keywords: article.seo.keywords,
  };
  const values: Record<string, unknown> = {};
  for (const field of SEO_TEXT_FIELDS) {
    if (!target.seoAttributes.includes(field)) continue;
    const fallback = field === 'metaDescription' ? article.seo.descriptionFallback : undefined;
    const fitted = fitText(field, wanted[field], target.seoLimits[field] ?? {}, fallback);
    if (fitted.warning) warnings.push(fitted.warning);
    if (fitted.value !== undefined) values[field] = fitted.value;
  }
  if (target.seoAttributes.includes('structuredData') && article.structuredData !== null) {
    values.structuredData = article.structuredData;
  }
  const missing = Object.entries(target.seoLimits)
    .filter(([name, limits]) => limits.required && values[name] === undefined && !hasValue(existing, name))
    .map(([name]) => name);
  if (missing.length) {
    warnings.push(`The SEO component was not saved: its required field(s) ${missing.join(', ')} had no usable value.`);
    return undefined;
  }
  // Updating the existing component in place keeps fields the plugin does not manage (metaImage, ...).
  const existingId = (existing as { id?: number } | null | undefined)?.id;
  return existingId ? { id: existingId, ...values } : values;
}

/** Everything the post entry receives, keyed by the target's field names. */
export interface PostParts {
  title: string;
  slug: string;
  body: unknown;
  featuredImageId: number | undefined;
  /** Category documentIds to link; null leaves the post's categories as they are. */
  categoryDocumentIds: string[] | null;
  seo: unknown;
}

export function postData(target: TargetDescription, parts: PostParts): Record<string, unknown> {
  const data: Record<string, unknown> = {
    [target.fields.title]: parts.title,
    [target.fields.slug]: parts.slug,
    [target.fields.content]: parts.body,
  };
  if (target.fields.cover && parts.featuredImageId !== undefined) data[target.fields.cover] = parts.featuredImageId;
  if (target.fields.categories && parts.categoryDocumentIds) data[target.fields.categories] = { set: parts.categoryDocumentIds };
  if (target.fields.seo && parts.seo) data[target.fields.seo] = parts.seo;
  return data;
}
