import { z } from 'zod';
import { REQUEST_BOUNDS as BOUNDS } from '../request-bounds';
import { articleHtml } from '../schema-fields';
import { parseWordPressDate, INVALID_DATE } from './dates';
import { lineRawText, rawText, wpId, wpIdList } from './fields';

/** The statuses WordPress takes for a post. */
export const WORDPRESS_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;
export type WordPressStatus = (typeof WORDPRESS_STATUSES)[number];

/** `meta`: registered keys with scalar values; WordPress ignores what it does not know, so bound only the size. */
const meta = z
  .record(z.string().max(255), z.unknown())
  .refine((value) => Object.keys(value).length <= 200, 'must have at most 200 keys');

/**
 * `date` and `date_gmt`: only the forms `rest_parse_date` reads (dates.ts); anything else is refused
 * by name, never dropped (a dropped date would publish a scheduled post at once). Null: no date.
 */
const wordpressDateText = () =>
  z
    .string()
    .max(40, INVALID_DATE)
    .refine((value) => parseWordPressDate(value) !== undefined, INVALID_DATE)
    .nullish();

/**
 * `POST /wp/v2/posts` and `POST|PUT|PATCH /wp/v2/posts/{id}`: the fields publishing clients send.
 * Everything is optional here (an update sends what changes); a create's title or content is checked
 * by the controller. Unknown fields (author, comment_status, format, ...) are ignored, as WordPress
 * ignores what it cannot apply.
 */
export const postRequestSchema = z.object({
  /** One line: controls, bidi and zero-width characters removed, as the service contract's door does. */
  title: lineRawText(BOUNDS.titleLength).optional(),
  /** The service contract's bounds on an article's HTML (length, nesting, images, JSON-LD); empty allowed. */
  content: rawText(BOUNDS.contentLength).pipe(z.literal('').or(articleHtml())).optional(),
  excerpt: rawText(BOUNDS.summaryLength).optional(),
  slug: z.string().max(BOUNDS.slugLength, `must be at most ${BOUNDS.slugLength} characters`).optional(),
  status: z.enum(WORDPRESS_STATUSES, { error: `is not one of ${WORDPRESS_STATUSES.join(', ')}` }).optional(),
  date: wordpressDateText(),
  date_gmt: wordpressDateText(),
  categories: wpIdList(BOUNDS.categoryIds).optional(),
  /** Tags become the article's keywords: no more than an article may have tags. */
  tags: wpIdList(BOUNDS.tags).optional(),
  featured_media: wpId().optional(),
  meta: meta.optional(),
});

export type PostRequest = z.output<typeof postRequestSchema>;
