import type { ArticleFields } from '../article';
import type { PostStatus } from '../config';
import { textFromHtml } from '../seo';
import { parseWordPressDate } from './dates';
import type { PostRequest, WordPressStatus } from './post-request';
import { seoFromMeta } from './seo-meta';

/** What the server resolved for a post request: ids checked, the medium found, the current post on an update. */
export interface ResolvedPost {
  title: string;
  html: string;
  slug: string;
  /** Category entry ids, all known. */
  categoryIds: number[];
  /** The names of the tag ids sent, all known. */
  tagNames: string[];
  /** The featured medium: its library file id and absolute URL. */
  featuredMedia: { id: number; url: string; alt: string | undefined } | undefined;
}

/** The status a WordPress status lands as, and why when it is not the same. */
export function storedStatus(status: WordPressStatus | undefined): {
  status: PostStatus | undefined;
  warning?: string;
} {
  switch (status) {
    case undefined:
      // WordPress creates a draft when no status is sent.
      return { status: 'draft' };
    case 'private':
      return {
        status: 'draft',
        warning: 'status "private" was stored as a draft (Strapi has no private posts).',
      };
    case 'future':
      return {
        status: 'draft',
        warning:
          'status "future" was stored as a draft: scheduled publishing is not available yet; publish it at its date.',
      };
    default:
      return { status };
  }
}

/** A WordPress post request, resolved, as the publish pipeline's article fields. */
export function articleFieldsFromPost(request: PostRequest, resolved: ResolvedPost): ArticleFields {
  const seo = seoFromMeta(request.meta, resolved.title);
  const excerpt = request.excerpt ? textFromHtml(request.excerpt).trim() : '';
  const date = parseWordPressDate(request.date_gmt ?? request.date);
  return {
    title: resolved.title,
    html: resolved.html,
    slug: resolved.slug,
    status: storedStatus(request.status).status,
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
    categories: resolved.categoryIds.length ? { kind: 'ids', ids: resolved.categoryIds } : { kind: 'none' },
    ...(seo.metaTitle ? { metaTitle: seo.metaTitle } : {}),
    ...(excerpt ? { summary: excerpt } : {}),
    ...(date ? { date } : {}),
  };
}
