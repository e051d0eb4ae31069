import type { NormalizedArticle } from '../article';
import { articleBodyOf } from '../html/article-body';
import { keywordsOf } from './derive';
import type { OverridableRole } from './field-overrides';
import type { BodySlot, TargetProfile } from './profile';
import { describeChoice } from './role-choices';

/**
 * Issue #47, "nothing vanishes without a warning": each part of the article the sender gave either
 * lands in a field of the target, or is named here, saying why and what the owner sets to keep it
 * next time. Every warning starts with the part's name (`LEFT_OUT_PARTS`), so the activity page can
 * group a delivery's warnings by part. Parts that always land (the title: every target has one) and
 * parts whose loss is said where it happens (a value cut to its field, a category that could not be
 * created, the locale of a type that is not localized) are not repeated here.
 */
export const LEFT_OUT_PARTS = [
  'Body',
  'Inline images',
  'Featured image',
  'Summary',
  'Categories',
  'Tags and keywords',
  'SEO title',
  'Meta description',
  'JSON-LD',
  'Date',
] as const;

export type LeftOutPart = (typeof LEFT_OUT_PARTS)[number];

const PLURAL_PARTS: readonly LeftOutPart[] = ['Inline images', 'Categories', 'Tags and keywords'];

/** The part a warning of this module names, or undefined for another warning. */
export function leftOutPartOf(warning: string): LeftOutPart | undefined {
  return LEFT_OUT_PARTS.find((part) => warning.startsWith(`${part} `) || warning.startsWith(`${part}:`));
}

export interface LandedParts {
  /** Where the featured image's media id goes; empty: nowhere. */
  featuredImagePaths: ReadonlyArray<ReadonlyArray<string | number>>;
}

/** One warning per part of `article` that no field of `profile` keeps. */
export function leftOutPartWarnings(
  profile: TargetProfile<BodySlot>,
  article: NormalizedArticle,
  landed: LandedParts
): string[] {
  const warnings: string[] = [];
  const say = (part: LeftOutPart, why: string, keep: string, detail = '') => {
    const plural = PLURAL_PARTS.includes(part);
    // The type's own fields that could take it: the owner maps one in `fields` (the activity page marks these).
    const fields = mappableFieldsFor(profile, part);
    const could = fields.length
      ? ` (${fields.map((field) => `"${field}"`).join(', ')} could take ${plural ? 'them' : 'it'})`
      : '';
    warnings.push(
      plural
        ? `${part}${detail} were not saved: ${why}; to keep them next time, ${keep}${could}.`
        : `${part}${detail} was not saved: ${why}; to keep it next time, ${keep}${could}.`
    );
  };
  const bodySent = !article.keeps?.body && article.html.trim() !== '';

  if (bodySent && !profile.body) {
    say(
      'Body',
      'the target has no body field (or fields.content is turned off)',
      'set fields.content to a rich text, Blocks, dynamic zone or text field'
    );
    const images = new Set(articleBodyOf(article).images.map((image) => image.src)).size;
    if (images)
      say(
        'Inline images',
        'they are part of the body, which has no field',
        'set fields.content',
        ` (${images})`
      );
  }

  if (article.featuredImage && landed.featuredImagePaths.length === 0) {
    say(
      'Featured image',
      profile.featuredImage === null ? 'the target has no single image field for it' : 'it has no place',
      'set fields.cover to a single media field'
    );
  } else if (article.featuredImage) {
    const guess = profile.choices.find((choice) => choice.role === 'cover' && choice.ambiguous);
    if (guess) warnings.push(`Featured image: ${describeChoice(guess)}`);
  }

  const summaryFilled = profile.summary !== null || profile.fills.some((fill) => fill.source === 'summary');
  if (article.summary !== undefined && article.summary.trim() && !summaryFilled)
    say('Summary', 'the target has no summary or excerpt field', 'set fields.summary to a text field');

  if (article.categories.kind !== 'none' && !profile.categories)
    say(
      'Categories',
      'the target has no category field',
      'set fields.categories to a relation to a category type, or a string or enumeration field'
    );

  warnings.push(...keywordWarnings(profile, article));

  if (article.seo.metaTitle.trim() !== article.title.trim() && !profile.seo?.title)
    say(
      'SEO title',
      `"${article.seo.metaTitle}" differs from the title and the target has no SEO title field`,
      'give the type an SEO component or a metaTitle field (fields.seo names the component)'
    );

  // A sent excerpt takes the summary field; the meta description then has no place of its own.
  const descriptionKept =
    profile.seo?.description ||
    (summaryFilled &&
      (article.summary === undefined || article.summary.trim() === article.seo.metaDescription?.trim()));
  if (article.seo.metaDescription && !descriptionKept)
    say(
      'Meta description',
      profile.summary
        ? 'the summary field holds the excerpt and the target has no SEO description field'
        : 'the target has no description or summary field',
      'set fields.summary, or give the type an SEO component or a metaDescription field'
    );

  if (article.structuredData !== null && !profile.seo?.structuredData && !profile.jsonLd)
    say(
      'JSON-LD',
      'the target has no structured-data field',
      'set fields.jsonLd to a json field',
      hasFaq(article.structuredData) ? ' (with its FAQ)' : ''
    );

  const dateFilled = profile.date !== null || profile.fills.some((fill) => fill.source === 'publicationDate');
  if (article.date && !dateFilled)
    say('Date', 'the target has no publication date field', 'set fields.date to a date or datetime field');

  return warnings;
}

/**
 * The focus keyword and the other keywords (WordPress's tags among them) land in a keywords field,
 * else a focus keyword field and tags, else the tags.
 */
function keywordWarnings(profile: TargetProfile<BodySlot>, article: NormalizedArticle): string[] {
  if (!article.seo.keywords || profile.seo?.keywords || profile.tags) return [];
  const keep =
    'to keep them next time, set fields.tags to a tag relation, json or text field (or give the SEO component a keywords field)';
  const [, ...others] = keywordsOf(article).map((keyword) => keyword.trim());
  const fields = mappableFieldsFor(profile, 'Tags and keywords');
  const could = fields.length ? ` (${fields.map((field) => `"${field}"`).join(', ')} could take them)` : '';
  if (!profile.seo?.focusKeyword)
    return [
      `Tags and keywords: the focus keyword and keywords (${article.seo.keywords}) were not saved: the target has no keywords field and no tags field; ${keep}${could}.`,
    ];
  if (others.length)
    return [
      `Tags and keywords: the keywords besides the focus keyword (${others.join(', ')}) were not saved: the target has a focus keyword field, no keywords field and no tags field; ${keep}${could}.`,
    ];
  return [];
}

/** A JSON-LD value with an FAQPage in it (alone, in an array, or in an @graph). */
function hasFaq(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasFaq);
  if (typeof value !== 'object' || value === null) return false;
  const node = value as Record<string, unknown>;
  const type = node['@type'];
  if (type === 'FAQPage' || (Array.isArray(type) && type.includes('FAQPage'))) return true;
  return hasFaq(node['@graph']);
}

/** The roles whose `fields` entry would keep each part. */
const PART_ROLES: Record<LeftOutPart, readonly OverridableRole[]> = {
  Body: ['content'],
  'Inline images': ['content'],
  'Featured image': ['cover'],
  Summary: ['summary'],
  Categories: ['categories'],
  'Tags and keywords': ['tags'],
  'SEO title': ['seo'],
  'Meta description': ['summary', 'seo'],
  'JSON-LD': ['jsonLd'],
  Date: ['date'],
};

/** The type's fields that `fields` could name to keep this part (none: only changing the type would). */
export function mappableFieldsFor(
  profile: Pick<TargetProfile<BodySlot>, 'mappable'>,
  part: LeftOutPart
): string[] {
  return [...new Set(PART_ROLES[part].flatMap((role) => profile.mappable[role] ?? []))];
}
