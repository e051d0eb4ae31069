import type { NormalizedArticle } from '../article';
import {
  categoryNameCandidates,
  deriveCategoryLinks,
  derivePublicationDate,
  deriveReadingTime,
  deriveSummary,
  deriveTags,
  keywordsOf,
  type CategoryLinks,
} from './derive';
import { fitValue } from './fit';
import type { BodySlot, FieldRef, TargetProfile } from './profile';
import { hasValue, planSeo, seoSource } from './seo-values';

export interface PlanInput {
  article: NormalizedArticle;
  /** The focus keyword, then the secondary keywords; without it, the article's joined keywords are split. */
  keywords?: ReadonlyArray<string | undefined>;
  /** The entry's current values on a republish (its SEO component populated), else null. */
  existing?: Record<string, unknown> | null;
  /** The post's public URL, for a canonical URL field; leave it out when it is not known before the write. */
  postUrl?: string;
  /** The publish time: the date of an entry that has none. */
  now: Date;
}

/**
 * What the post's own fields receive, fitted, and what the glue still resolves: body, media ids and
 * relations are not here.
 */
export interface ValuePlan {
  /** Attribute -> value for the target's scalar fields and its SEO component. */
  values: Record<string, unknown>;
  /** Where the featured image's media id goes, as paths into `values` (e.g. ['cover'], ['seo', 'metaImage']). */
  featuredImagePaths: Array<Array<string | number>>;
  /** For a category relation: the categories to link. */
  categories: CategoryLinks;
  /** For a tag relation: the names to find or create (case-insensitive). */
  tags: string[];
  warnings: string[];
}

/**
 * What the service sent for SEO that no field of the target keeps: said once each, as the JSON-LD's is,
 * so a sender is never left believing a focus keyword or a meta description landed.
 */
function unsavedSeoWarnings(profile: TargetProfile<BodySlot>, article: NormalizedArticle): string[] {
  const warnings: string[] = [];
  if (article.seo.keywords && !profile.seo?.keywords && !profile.tags) {
    warnings.push(
      `The focus keyword and keywords (${article.seo.keywords}) were not saved: the target has no keywords field and no tags field.`
    );
  }
  if (article.seo.metaDescription && !profile.seo?.description && !profile.summary) {
    warnings.push('The meta description was not saved: the target has no description or summary field.');
  }
  return warnings;
}

/** The values a publish writes into the target's own fields, each fitted to its attribute. */
export function planValues(profile: TargetProfile<BodySlot>, input: PlanInput): ValuePlan {
  const { article, existing = null, now } = input;
  const warnings: string[] = [];
  const values: Record<string, unknown> = {};
  const featuredImagePaths: Array<Array<string | number>> = [];
  const put = (slot: FieldRef | null, value: unknown, fallback?: string) => {
    if (!slot) return;
    const fitted = fitValue(slot.field, slot.attribute, value, { fallback });
    warnings.push(...fitted.warnings);
    if (fitted.value !== undefined) values[slot.field] = fitted.value;
    else if (fitted.missingRequired && !hasValue(existing, slot.field)) {
      warnings.push(
        `${slot.field} is required and the article gives it no value; Strapi will refuse to publish the post.`
      );
    }
  };

  // Only the stored title is cut: the slug was made from the whole.
  put(profile.title, article.title);
  if (profile.slug) values[profile.slug.field] = article.slug;
  if (profile.featuredImage && article.featuredImage) featuredImagePaths.push([profile.featuredImage.field]);
  put(profile.summary, deriveSummary(article), article.seo.descriptionFallback);
  if (profile.date) put(profile.date, derivePublicationDate(existing?.[profile.date.field], now));
  put(profile.readingTime, deriveReadingTime(article.html));

  const tags = deriveTags(input.keywords ?? keywordsOf(article));
  const tagsRole = profile.tags;
  if (tagsRole?.kind === 'json' && tags.length) values[tagsRole.field] = tags;
  if (tagsRole?.kind === 'text') put(tagsRole, tags.join(', '));

  let categories: CategoryLinks = { kind: 'none' };
  const categoriesRole = profile.categories;
  if (categoriesRole?.kind === 'relation') {
    categories = deriveCategoryLinks(article.categories, categoriesRole.toMany, warnings);
  } else if (categoriesRole) {
    planCategoryName(categoriesRole, article, values, warnings);
  }

  if (profile.seo) {
    const seo = planSeo(
      profile.seo,
      seoSource(article, input.postUrl),
      profile.seo.kind === 'component' ? existing?.[profile.seo.field] : undefined,
      warnings
    );
    Object.assign(values, seo.values);
    featuredImagePaths.push(...seo.featuredImagePaths);
  }
  warnings.push(...unsavedSeoWarnings(profile, article));
  if (article.structuredData !== null && !profile.seo?.structuredData) {
    if (profile.jsonLd) values[profile.jsonLd.field] = article.structuredData;
    else warnings.push('The JSON-LD was not saved: the target has no structured-data field.');
  }

  for (const constant of profile.defaults) {
    if (!Object.hasOwn(values, constant.field) && !hasValue(existing, constant.field))
      put(constant, constant.value);
  }

  return {
    values,
    featuredImagePaths,
    categories,
    tags: tagsRole?.kind === 'relation' ? tags : [],
    warnings,
  };
}

/**
 * A string or enumeration category field receives one name: the sub-category, else the category (an
 * enumeration the first it allows). Ids need the category type, so they are not for such a field.
 */
function planCategoryName(
  role: FieldRef & { kind: 'text' | 'enumeration' },
  article: NormalizedArticle,
  values: Record<string, unknown>,
  warnings: string[]
) {
  if (article.categories.kind === 'ids') {
    warnings.push(
      `${role.field} holds a category name, not ids: the categories given by id were not assigned.`
    );
    return;
  }
  const candidates = categoryNameCandidates(article.categories);
  if (!candidates.length) return;
  const misses: string[] = [];
  for (const name of candidates) {
    const fitted = fitValue(role.field, role.attribute, name);
    if (fitted.value !== undefined) {
      values[role.field] = fitted.value;
      // A name that fitted after being cut says so; a miss before it is expected when a later name fits.
      if (role.kind === 'text') warnings.push(...fitted.warnings);
      return;
    }
    misses.push(...fitted.warnings);
  }
  warnings.push(...misses);
}

/** The featured image's media id put where the plan says; without one, those paths are left out. */
export function withFeaturedImage(plan: ValuePlan, mediaId: number | undefined): Record<string, unknown> {
  const data = structuredClone(plan.values);
  if (mediaId === undefined) return data;
  for (const path of plan.featuredImagePaths) setPath(data, path, mediaId);
  return data;
}

function setPath(target: Record<string, unknown>, path: Array<string | number>, value: unknown): void {
  let node: Record<string | number, unknown> = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) return;
    node = next as Record<string | number, unknown>;
  }
  node[path[path.length - 1]] = value;
}
