import { leftOutPartOf, mappableFieldsFor, type LeftOutPart } from './target-profile/left-out-parts';
import type { BodySlot, FieldRef, TargetProfile } from './target-profile/profile';
import type { FillSource } from './target-profile/required-fields';

/**
 * Issue #47: the activity page shows a delivery's warnings grouped by the part of the article each
 * is about, and marks a delivery that left out a part a field of its type could have taken. The
 * part of each warning is decided when the delivery is recorded, where the target profile says
 * which field holds which part; rows recorded before are grouped by their words alone.
 */
export const ARTICLE_PARTS = [
  'title',
  'body',
  'inlineImages',
  'featuredImage',
  'summary',
  'categories',
  'tags',
  'seo',
  'jsonLd',
  'date',
  'author',
  'language',
  'otherFields',
  'other',
] as const;

export type ArticlePart = (typeof ARTICLE_PARTS)[number];

/** A delivery's warnings about one part, in the order they were given. */
export interface WarningGroup {
  part: ArticlePart;
  warnings: string[];
}

const isArticlePart = (value: unknown): value is ArticlePart =>
  typeof value === 'string' && (ARTICLE_PARTS as readonly string[]).includes(value);

/** The part each left-out warning (core/src/target-profile/left-out-parts.ts) names. */
const LEFT_OUT: Record<LeftOutPart, ArticlePart> = {
  Body: 'body',
  'Inline images': 'inlineImages',
  'Featured image': 'featuredImage',
  Summary: 'summary',
  Categories: 'categories',
  'Tags and keywords': 'tags',
  'SEO title': 'seo',
  'Meta description': 'seo',
  'JSON-LD': 'jsonLd',
  Date: 'date',
};

/** Where a required field nothing else fills gets its value: the part its warnings are about. */
const FILL_PARTS: Record<FillSource, ArticlePart> = {
  publicationDate: 'date',
  summary: 'summary',
  shortText: 'summary',
  enumValue: 'otherFields',
  statusValue: 'otherFields',
  booleanFalse: 'otherFields',
  author: 'otherFields',
  colour: 'otherFields',
  social: 'seo',
  gallery: 'inlineImages',
};

/** The field a warning starts with (`teaser was 160 characters; ...`, `tagline: ...`). */
const leadingWord = (warning: string) => /^"?([A-Za-z_][\w-]*)"?[\s:]/.exec(warning)?.[1];

/** The part a warning is about by its words alone: rows recorded before parts were, and warnings naming no field. */
export function warningPartOfText(warning: string): ArticlePart {
  const leftOut = leftOutPartOf(warning);
  if (leftOut) return LEFT_OUT[leftOut];
  if (/^featured image\b/i.test(warning)) return 'featuredImage';
  if (/^(https?:|data:)\S*:/.test(warning) || /\binline image|\bimage\b.*\bmedia library\b/i.test(warning))
    return 'inlineImages';
  if (/\blocale\b/i.test(warning)) return 'language';
  if (/\bJSON-LD\b|structured data/i.test(warning)) return 'jsonLd';
  if (/\bcategor/i.test(warning)) return 'categories';
  if (/\btags?\b|keyword/i.test(warning)) return 'tags';
  if (/\bauthor\b/i.test(warning)) return 'author';
  if (/\bSEO\b|meta (title|description)/i.test(warning)) return 'seo';
  if (/\b(zone|body|Markdown|blocks?|heading|table|video|quote)\b/i.test(warning)) return 'body';
  return 'other';
}

/** Each field of the target, with the part of the article it holds. */
function fieldParts(target: TargetProfile<BodySlot>): Map<string, ArticlePart> {
  const parts = new Map<string, ArticlePart>();
  const add = (ref: { field: string } | null | undefined, part: ArticlePart) => {
    if (ref && !parts.has(ref.field)) parts.set(ref.field, part);
  };
  add(target.title, 'title');
  add(target.slug, 'title');
  add(target.body, 'body');
  add(target.readingTime, 'body');
  add(target.featuredImage, 'featuredImage');
  add(target.summary, 'summary');
  add(target.categories, 'categories');
  add(target.tags, 'tags');
  add(target.author, 'author');
  add(target.date, 'date');
  add(target.jsonLd, 'jsonLd');
  const seo = target.seo;
  if (seo?.kind === 'component') add(seo, 'seo');
  else if (seo)
    for (const slot of [
      seo.title,
      seo.description,
      seo.keywords,
      seo.focusKeyword,
      seo.canonicalUrl,
      seo.structuredData,
    ])
      add(slot as FieldRef | null, 'seo');
  for (const fill of target.fills) add(fill, FILL_PARTS[fill.source]);
  for (const constant of target.defaults) add(constant, 'otherFields');
  return parts;
}

/** The related types' uids (`api::genre.genre genre_name was ...`), with the part their entries are. */
function typeParts(target: TargetProfile<BodySlot>): Map<string, ArticlePart> {
  const parts = new Map<string, ArticlePart>();
  if (target.categories?.kind === 'relation') parts.set(target.categories.type.uid, 'categories');
  if (target.tags?.kind === 'relation') parts.set(target.tags.type.uid, 'tags');
  if (target.author) parts.set(target.author.type.uid, 'author');
  return parts;
}

/** What a delivery's warnings came from: the publish's own, the body writer's among them, the featured image's, the inline images'. */
export interface DeliveryWarnings {
  /** Every warning of the publish but the media step's (body writer's included), in order. */
  general: readonly string[];
  /** Those of `general` the body writer gave. */
  body: ReadonlySet<string>;
  featured: readonly string[];
  inline: readonly string[];
}

/** The part of each warning, in the order `[...general, ...featured, ...inline]` the ledger stores them. */
export function classifyDeliveryWarnings(
  target: TargetProfile<BodySlot>,
  warnings: DeliveryWarnings
): ArticlePart[] {
  const fields = fieldParts(target);
  const types = typeParts(target);
  const ofGeneral = (warning: string): ArticlePart => {
    const leftOut = leftOutPartOf(warning);
    if (leftOut) return LEFT_OUT[leftOut];
    if (warnings.body.has(warning))
      return /\bimage\b/i.test(warning) && !/\bvideo\b/i.test(warning) ? 'inlineImages' : 'body';
    const type = [...types.keys()].find((uid) => warning.includes(uid));
    if (type) return types.get(type)!;
    const field = leadingWord(warning);
    const byField = field === undefined ? undefined : fields.get(field);
    return byField ?? warningPartOfText(warning);
  };
  return [
    ...warnings.general.map(ofGeneral),
    ...warnings.featured.map((): ArticlePart => 'featuredImage'),
    ...warnings.inline.map((): ArticlePart => 'inlineImages'),
  ];
}

/** The parts this delivery left out that a field of its type could have taken (left-out warnings that name such fields). */
export function mappablePartsOf(target: TargetProfile<BodySlot>, warnings: readonly string[]): ArticlePart[] {
  const parts = new Set<ArticlePart>();
  for (const warning of warnings) {
    const part = leftOutPartOf(warning);
    if (part && mappableFieldsFor(target, part).length) parts.add(LEFT_OUT[part]);
  }
  return ARTICLE_PARTS.filter((part) => parts.has(part));
}

/**
 * A delivery's warnings grouped by part, parts in the article's order (ARTICLE_PARTS). `parts` is the
 * part of each warning as recorded; a row without them (or with a mismatched list) is grouped by the
 * warnings' words.
 */
export function groupWarnings(warnings: readonly string[], parts: unknown): WarningGroup[] {
  const recorded =
    Array.isArray(parts) && parts.length === warnings.length && parts.every(isArticlePart)
      ? (parts as ArticlePart[])
      : undefined;
  const groups = new Map<ArticlePart, string[]>();
  warnings.forEach((warning, index) => {
    const part = recorded?.[index] ?? warningPartOfText(warning);
    groups.set(part, [...(groups.get(part) ?? []), warning]);
  });
  return ARTICLE_PARTS.filter((part) => groups.has(part)).map((part) => ({
    part,
    warnings: groups.get(part)!,
  }));
}

/** The recorded mappable parts of a row, checked (anything else is dropped). */
export function recordedMappableParts(value: unknown): ArticlePart[] {
  return Array.isArray(value) ? ARTICLE_PARTS.filter((part) => value.includes(part)) : [];
}
