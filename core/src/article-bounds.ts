import type { ArticleFields, CategorySelection } from './article';
import { ServiceError } from './errors';
import { ARTICLE_BODY_FIELD } from './html/body-bounds';
import { jsonNestsDeeperThan } from './nesting';
import { REQUEST_BOUNDS as BOUNDS } from './request-bounds';
import { JSON_TOO_DEEP, utf8Bytes } from './schema-fields';
import { tagsOfKeywords } from './target-profile/derive';

/**
 * The request bounds (request-bounds.ts) on an article as every door hands it to the gate, mapped
 * from its own wire format (issue #55 item 4). A door's parse bounds its own wire fields and names them
 * as its senders know them; this check makes the same numbers hold for every door, one a door did not
 * bound included (WordPress's SEO meta, a preset's tags). Each problem names the part and its bound.
 * Lists are counted before their entries are read, so a list far over its bound is one problem.
 */
export function articleBoundProblems(fields: ArticleFields): string[] {
  const problems: string[] = [];
  const text = (part: string, value: string | undefined, max: number) => {
    if (value !== undefined && value.length > max)
      problems.push(`${part} must be at most ${max} characters (the limit)`);
  };
  /** Whether a list is within its bound (its entries are read only then). */
  const entries = (part: string, count: number, max: number) => {
    if (count <= max) return true;
    problems.push(`${part} must have at most ${max} entries (the limit), not ${count}`);
    return false;
  };

  text('title', fields.title, BOUNDS.titleLength);
  text('slug', fields.slug, BOUNDS.slugLength);
  text('content', fields.html, BOUNDS.contentLength);
  text('meta title', fields.metaTitle, BOUNDS.titleLength);
  text('meta description', fields.metaDescription, BOUNDS.metaDescriptionLength);
  text('summary', fields.summary, BOUNDS.summaryLength);
  text('locale', fields.locale, BOUNDS.localeLength);
  text('focus keyword', fields.focusKeyword, BOUNDS.keywordLength);
  const secondary = fields.secondaryKeywords;
  if (entries('secondary keywords (tags)', secondary.length, BOUNDS.tags)) {
    if (secondary.some((keyword) => keyword.length > BOUNDS.keywordLength))
      problems.push(
        `each secondary keyword (tag) must be at most ${BOUNDS.keywordLength} characters (the limit)`
      );
    const keywords = [fields.focusKeyword ?? '', ...secondary];
    if (tagsOfKeywords(keywords).length > BOUNDS.tags)
      problems.push(
        `the keywords give more than ${BOUNDS.tags} tags, counting the focus keyword and the secondary keywords split at commas (the limit)`
      );
  }
  problems.push(...categoryProblems(fields.categories));
  const image = fields.featuredImage;
  // A file of the media library (WordPress's featured_media) is no source the request sent.
  if (image && image.libraryFileId === undefined)
    text('featured image', image.source, BOUNDS.imageSourceLength);
  text('featured image alt', image?.alt, BOUNDS.altLength);
  const alts = fields.imageAlts;
  if (alts && entries('inline images', alts.size, BOUNDS.inlineImages)) {
    for (const [source, alt] of alts) {
      text('an inline image', source, BOUNDS.imageSourceLength);
      text('an inline image alt', alt, BOUNDS.altLength);
    }
  }
  problems.push(...jsonLdProblems(fields.jsonLd));
  // An inline image's problem is said once, however many images have it.
  return [...new Set(problems)];
}

function categoryProblems(categories: CategorySelection): string[] {
  if (categories.kind === 'none') return [];
  if (categories.kind === 'names') {
    return [
      ['category', categories.category],
      ['sub category', categories.subCategory],
    ].flatMap(([part, name]) =>
      name !== undefined && name.length > BOUNDS.categoryNameLength
        ? [`${part} must be at most ${BOUNDS.categoryNameLength} characters (the limit)`]
        : []
    );
  }
  const { ids } = categories;
  if (ids.length > BOUNDS.categoryIds)
    return [`categories must have at most ${BOUNDS.categoryIds} entries (the limit), not ${ids.length}`];
  return ids.every((id) => Number.isInteger(id) && id >= 1 && id <= BOUNDS.categoryId)
    ? []
    : [`each category id must be an integer from 1 to ${BOUNDS.categoryId}`];
}

function jsonLdProblems(jsonLd: unknown): string[] {
  if (jsonLd === undefined || jsonLd === null) return [];
  // The depth first: JSON.stringify recurses, and the bound keeps it shallow.
  if (jsonNestsDeeperThan(jsonLd, BOUNDS.jsonLdDepth)) return [`JSON-LD ${JSON_TOO_DEEP}`];
  return utf8Bytes(JSON.stringify(jsonLd)) > BOUNDS.jsonLdBytes
    ? [`JSON-LD is larger than ${BOUNDS.jsonLdBytes / 1024} KB (the limit)`]
    : [];
}

/**
 * A 400 `bad_request` for an article over a bound, named as the door names its request
 * (`Invalid post: ...`, `Invalid article 2 of the batch: ...`). Nothing was looked up or written.
 */
export class RefusedArticle extends ServiceError {
  constructor(
    readonly request: string,
    readonly problems: string[]
  ) {
    super('bad_request', `Invalid ${request}: ${problems.join('; ')}.`);
    this.name = 'RefusedArticle';
  }
}

/** Throws a RefusedArticle naming every part of the article over its bound. */
export function assertArticleWithinBounds(fields: ArticleFields): void {
  const problems = articleBoundProblems(fields);
  if (problems.length) throw new RefusedArticle((fields.bodyField ?? ARTICLE_BODY_FIELD).request, problems);
}
