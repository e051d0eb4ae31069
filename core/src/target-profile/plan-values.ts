import type { NormalizedArticle } from '../article';
import { articleBodyOf } from '../html/article-body';
import {
  categoryNameCandidates,
  deriveCategoryLinks,
  derivePublicationDate,
  deriveSummary,
  deriveTags,
  keywordsOf,
  readingMinutes,
  type CategoryLinks,
} from './derive';
import { fitValue, type FittedValue } from './fit';
import { leftOutPartWarnings } from './left-out-parts';
import type { BodySlot, FieldRef, TargetProfile } from './profile';
import { categoryFieldBlocker, galleryBlocker, hasImages, type BlockingField } from './blocking-fields';
import { statusValue } from './enum-values';
import { colourFor, exampleValue, hasUsableDefault, type RequiredFill } from './required-fields';
import { hasValue, nestedValues, planSeo, seoSource, type SeoSource } from './seo-values';
import { shortTextFor } from './short-text';
import { summaryIn } from './summary-format';

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
  /** Required multiple-media fields (a gallery) that receive the article's imported images. */
  galleryFields: string[];
  /** Required fields this article leaves empty: a publish is refused up front naming them (blocking-fields.ts). */
  blockers: BlockingField[];
  warnings: string[];
}

/** The values a publish writes into the target's own fields, each fitted to its attribute. */
export function planValues(profile: TargetProfile<BodySlot>, input: PlanInput): ValuePlan {
  const { article, existing = null, now } = input;
  const warnings: string[] = [];
  const values: Record<string, unknown> = {};
  const featuredImagePaths: Array<Array<string | number>> = [];
  const galleryFields: string[] = [];
  /** Required fields left empty so far, by field: a later step (a `defaults` constant) may still fill them. */
  const missing = new Map<string, BlockingField>();
  const take = (slot: FieldRef, fitted: FittedValue) => {
    warnings.push(...fitted.warnings);
    if (fitted.value !== undefined) values[slot.field] = fitted.value;
    else if (fitted.missingRequired && !hasValue(existing, slot.field)) {
      warnings.push(
        `${slot.field} is required and the article gives it no value; Strapi will refuse to publish the post.`
      );
      missing.set(slot.field, {
        field: slot.field,
        problem: `required field "${slot.field}" is left without a value: ${fitted.warnings.join(' ') || 'the article gives it none.'}`,
        suggestion: { field: slot.field, example: exampleValue(slot.field, slot.attribute) },
      });
    }
  };
  const put = (slot: FieldRef | null, value: unknown, fallback?: string) => {
    if (slot) take(slot, fitValue(slot.field, slot.attribute, value, { fallback }));
  };
  const summary = article.summary ?? deriveSummary(article);

  // Only the stored title is cut: the slug was made from the whole.
  put(profile.title, article.title);
  if (profile.slug) values[profile.slug.field] = article.slug;
  if (profile.featuredImage && article.featuredImage) featuredImagePaths.push([profile.featuredImage.field]);
  if (profile.summary)
    take(profile.summary, summaryIn(profile.summary, summary, article.seo.descriptionFallback));
  // A date the sender named (a backdated or scheduled post) replaces the entry's; else only a first one is set.
  if (profile.date)
    put(profile.date, article.date ?? derivePublicationDate(existing?.[profile.date.field], now));
  put(profile.readingTime, readingMinutes(articleBodyOf(article).words));

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
    if (
      categoriesRole.attribute.required &&
      !hasUsableDefault(categoriesRole.attribute) &&
      values[categoriesRole.field] === undefined &&
      !hasValue(existing, categoriesRole.field)
    )
      missing.set(categoriesRole.field, categoryFieldBlocker(categoriesRole, article));
  }

  const focusKeyword = input.keywords?.find((keyword) => keyword?.trim());
  const source = seoSource(article, input.postUrl, focusKeyword);
  if (profile.seo) {
    const seo = planSeo(
      profile.seo,
      source,
      profile.seo.kind === 'component' ? existing?.[profile.seo.field] : undefined,
      warnings
    );
    Object.assign(values, seo.values);
    featuredImagePaths.push(...seo.featuredImagePaths);
  }
  if (article.structuredData !== null && !profile.seo?.structuredData && profile.jsonLd)
    values[profile.jsonLd.field] = article.structuredData;

  for (const fill of profile.fills) {
    if (Object.hasOwn(values, fill.field) || hasValue(existing, fill.field)) continue;
    switch (fill.source) {
      case 'publicationDate':
        put(fill, now);
        break;
      case 'summary':
        take(fill, summaryIn(fill, summary, article.seo.descriptionFallback));
        break;
      case 'shortText':
        take(fill, shortTextFor(fill, article));
        break;
      case 'author':
        // The person the door publishes for, else the setting (the site's name).
        put(fill, article.authorName ?? profile.authorName);
        break;
      case 'booleanFalse':
        put(fill, false);
        break;
      case 'colour':
        put(fill, colourFor(article.title, fill.attribute));
        break;
      case 'enumValue':
        put(fill, fill.value);
        break;
      case 'statusValue': {
        const value = statusValue(fill.attribute.enum ?? [], article.status);
        if (value !== undefined) put(fill, value);
        else
          missing.set(fill.field, {
            field: fill.field,
            problem: `required field "${fill.field}" takes one of ${(fill.attribute.enum ?? []).map((each) => `"${each}"`).join(', ')}, and none of them names the article's status "${article.status}".`,
            suggestion: { field: fill.field, example: exampleValue(fill.field, fill.attribute) },
          });
        break;
      }
      case 'social': {
        const paths = planSocial(fill, source, values, warnings);
        featuredImagePaths.push(...paths);
        if (!Object.hasOwn(values, fill.field))
          missing.set(fill.field, {
            field: fill.field,
            problem: `required field "${fill.field}" cannot be filled: its own required fields take nothing an article has.`,
          });
        break;
      }
      case 'gallery':
        if (hasImages(article)) galleryFields.push(fill.field);
        else missing.set(fill.field, galleryBlocker(fill.field));
        break;
    }
  }

  for (const constant of profile.defaults) {
    // A copy: the profile is shared between requests (and frozen), and Strapi may change the data it saves.
    if (!Object.hasOwn(values, constant.field) && !hasValue(existing, constant.field))
      put(constant, structuredClone(constant.value));
  }

  warnings.push(...leftOutPartWarnings(profile, article, { featuredImagePaths }));
  return {
    values,
    featuredImagePaths,
    categories,
    tags: tagsRole?.kind === 'relation' ? tags : [],
    galleryFields,
    blockers: [...missing.values()].filter(({ field }) => !Object.hasOwn(values, field)),
    warnings,
  };
}

/**
 * A required Open Graph / social component of the type itself, filled from the SEO values; answers
 * where the featured image goes in it.
 */
function planSocial(
  fill: RequiredFill,
  source: SeoSource,
  values: Record<string, unknown>,
  warnings: string[]
): Array<Array<string | number>> {
  const social = fill.component
    ? nestedValues(
        { field: fill.field, attribute: fill.attribute, component: fill.component },
        source,
        warnings
      )
    : undefined;
  if (!social) {
    warnings.push(
      `${fill.field} is required, but its own required fields cannot be filled from the article; Strapi will refuse to publish the post.`
    );
    return [];
  }
  values[fill.field] = social.value;
  return social.imagePaths.map((path) => [fill.field, ...path]);
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

/**
 * The article's images in each gallery field the plan names (a required multiple-media field):
 * the featured image first, then the inline images in the article's order, each file once. A field
 * already given a value (a `defaults` constant) keeps it.
 */
export function withGalleries(
  data: Record<string, unknown>,
  plan: Pick<ValuePlan, 'galleryFields'>,
  featuredFileId: number | undefined,
  inlineFiles: Iterable<{ id: number; url: string }>,
  warnings: string[]
): void {
  if (!plan.galleryFields.length) return;
  const ids: number[] = [];
  const seen = new Set<number | string>();
  const files = [...(featuredFileId === undefined ? [] : [{ id: featuredFileId, url: '' }]), ...inlineFiles];
  for (const file of files) {
    // A dry run's placeholders all have id 0: told apart by their source.
    const key = file.id > 0 ? file.id : file.url;
    if (seen.has(key)) continue;
    seen.add(key);
    ids.push(file.id);
  }
  for (const field of plan.galleryFields) {
    if (data[field] !== undefined) continue;
    if (ids.length) data[field] = ids;
    else
      warnings.push(
        `${field} is required and none of the article's images was imported; Strapi may refuse to publish the post.`
      );
  }
}
