import type { CategorySelection, NormalizedArticle } from '../article';
import { articleBodyOf, countWords } from '../html/article-body';

/**
 * Values a target field wants that the article does not carry as such, derived from what it does
 * carry (core/src/article.ts).
 */

/** The summary: the meta description, else the first paragraph's text, else the opening text. */
export function deriveSummary(article: NormalizedArticle): string | undefined {
  const summary =
    article.seo.metaDescription?.trim() ||
    articleBodyOf(article).firstParagraph ||
    article.seo.descriptionFallback;
  return summary || undefined;
}

/**
 * Tag names: the focus keyword, then the secondary keywords, trimmed, without repeats that differ only
 * in case (the first spelling is kept).
 */
export function deriveTags(keywords: ReadonlyArray<string | undefined>): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const keyword of keywords) {
    const tag = keyword?.replace(/\s+/g, ' ').trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The tags of a request's keywords as the publish reads them back from the keywords field: each keyword split at commas. */
export function tagsOfKeywords(keywords: ReadonlyArray<string>): string[] {
  return deriveTags(keywords.flatMap((keyword) => keyword.split(',')));
}

/**
 * The article's keywords when the caller has no separate list: NormalizedArticle joins the focus and
 * secondary keywords with ", ", so this splits them again (a keyword containing a comma splits too).
 */
export function keywordsOf(article: NormalizedArticle): string[] {
  return article.seo.keywords?.split(',') ?? [];
}

export const WORDS_PER_MINUTE = 200;

/** Minutes to read a visible text (already collapsed, as ArticleBody.text is). */
export function readingTimeOf(text: string): number {
  return readingMinutes(countWords(text));
}

/** Minutes to read so many words: words / 200, rounded up (0 for no words). */
export const readingMinutes = (words: number): number => Math.ceil(words / WORDS_PER_MINUTE);

/** The publication date: the publish time, only when the entry has none yet (a republish keeps it). */
export function derivePublicationDate(existing: unknown, publishedAt: Date): Date | undefined {
  return existing === undefined || existing === null || existing === '' ? publishedAt : undefined;
}

/** A category to link by name; a sub-category carries its parent's name. */
export interface CategoryName {
  name: string;
  parent?: string;
}

/** What a category field receives: existing ids, names to find or create, or nothing. */
export type CategoryLinks =
  | { kind: 'ids'; ids: number[] }
  | { kind: 'names'; names: CategoryName[] }
  | { kind: 'none' };

/**
 * The categories a field can hold. A to-one field takes one: the sub-category (under its category),
 * else the category, else the first id. A to-many field takes them all.
 */
export function deriveCategoryLinks(
  selection: CategorySelection,
  toMany: boolean,
  warnings: string[]
): CategoryLinks {
  if (selection.kind === 'none') return selection;
  if (selection.kind === 'ids') {
    if (toMany || selection.ids.length <= 1) return selection;
    warnings.push(
      `The category field holds one category: only id ${selection.ids[0]} was linked, not ${selection.ids.slice(1).join(', ')}.`
    );
    return { kind: 'ids', ids: [selection.ids[0]] };
  }
  const { category, subCategory } = selection;
  const sub = subCategory ? { name: subCategory, ...(category ? { parent: category } : {}) } : undefined;
  if (!toMany) {
    const one = sub ?? (category ? { name: category } : undefined);
    return one ? { kind: 'names', names: [one] } : { kind: 'none' };
  }
  const names = [...(category ? [{ name: category }] : []), ...(sub ? [sub] : [])];
  return names.length ? { kind: 'names', names } : { kind: 'none' };
}

/** For a string or enumeration category field: the names to try, most specific first. */
export function categoryNameCandidates(selection: CategorySelection): string[] {
  if (selection.kind !== 'names') return [];
  return [selection.subCategory, selection.category].filter((name): name is string => Boolean(name));
}
