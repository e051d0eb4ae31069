import type { ArticleFields, CategorySelection } from '../article';
import type { PostStatus } from '../config';
import { textFromHtml } from '../seo';
import { parseWordPressDate } from './dates';
import { WordPressError } from './errors';
import type { PostRequest, WordPressStatus } from './post-request';
import { seoFromMeta } from './seo-meta';

/** What the server resolved for a post request: ids checked, the medium found, the current post on an update. */
export interface ResolvedPost {
  title: string;
  html: string;
  slug: string;
  /** Category entry ids, all known. */
  categoryIds: number[];
  /** The names of plugin-kept categories (a target without a category relation): the first fills a name field. */
  categoryNames?: string[];
  /** The names of the tag ids sent, all known. */
  tagNames: string[];
  /** The featured medium: its library file id and absolute URL. */
  featuredMedia: { id: number; url: string; alt: string | undefined } | undefined;
}

/**
 * The status a WordPress status lands as, given the post's date, as WordPress decides it: no status is
 * a draft; `future` waits for a date still to come (the publisher keeps a draft and schedules it) and
 * is published now when its date has passed; `private` is a draft (Strapi has no private posts).
 * `future` without a date is a 400 naming `date`: WordPress would publish it at once, which is not what
 * a sender asking for a scheduled post wants (docs/wordpress.md).
 */
export function storedStatus(
  status: WordPressStatus | undefined,
  date: Date | undefined,
  now: Date
): PostStatus {
  switch (status) {
    case undefined:
    case 'private':
      return 'draft';
    case 'future':
      if (!date) {
        throw new WordPressError('rest_invalid_param', 'Invalid parameter(s): date', 400, {
          data: {
            params: {
              date: 'A date (or date_gmt) is required with status "future": when to publish the post.',
            },
          },
        });
      }
      return date.getTime() > now.getTime() ? 'future' : 'publish';
    default:
      return status;
  }
}

/** Why a post's status was stored otherwise, for the activity log. */
export const statusWarning = (status: WordPressStatus | undefined): string | undefined =>
  status === 'private' ? 'status "private" was stored as a draft (Strapi has no private posts).' : undefined;

/**
 * The date a post request names: `date` first, else `date_gmt`, as WordPress picks them (the site's
 * zone is UTC, so both read the same; a value with an offset is that instant in either).
 */
export const postDate = (request: Pick<PostRequest, 'date' | 'date_gmt'>) =>
  parseWordPressDate(request.date || request.date_gmt);

/** The categories the pipeline receives: entry ids of the relation, or a plugin-kept category's name. */
function categoriesOf(resolved: ResolvedPost): CategorySelection {
  if (resolved.categoryIds.length) return { kind: 'ids', ids: resolved.categoryIds };
  const [name] = resolved.categoryNames ?? [];
  return name ? { kind: 'names', category: name, subCategory: undefined } : { kind: 'none' };
}

/** The excerpt a request sends, as the text a summary (or the plugin's ledger) keeps. */
export const excerptText = (excerpt: string | undefined) => (excerpt ? textFromHtml(excerpt).trim() : '');

/** A WordPress post request, resolved, as the publish pipeline's article fields. */
export function articleFieldsFromPost(
  request: PostRequest,
  resolved: ResolvedPost,
  now: Date = new Date()
): ArticleFields {
  const seo = seoFromMeta(request.meta, resolved.title);
  const excerpt = excerptText(request.excerpt);
  const date = postDate(request);
  return {
    title: resolved.title,
    html: resolved.html,
    slug: resolved.slug,
    status: storedStatus(request.status, date, now),
    focusKeyword: seo.focusKeyword,
    secondaryKeywords: [...seo.secondaryKeywords, ...resolved.tagNames],
    metaDescription: seo.metaDescription,
    jsonLd: undefined,
    featuredImage: resolved.featuredMedia
      ? {
          source: resolved.featuredMedia.url,
          alt: resolved.featuredMedia.alt,
          libraryFileId: resolved.featuredMedia.id,
        }
      : undefined,
    categories: categoriesOf(resolved),
    ...(seo.metaTitle ? { metaTitle: seo.metaTitle } : {}),
    ...(excerpt ? { summary: excerpt } : {}),
    ...(date ? { date } : {}),
    // WordPress's rest_invalid_param names the parameter (core/src/wordpress/errors.ts).
    bodyField: { request: 'post', field: 'content' },
  };
}
