import { z } from 'zod';
import { REQUEST_BOUNDS as BOUNDS } from '../request-bounds';
import { articleHtml } from '../schema-fields';
import { rawText, wpId, wpIdList } from './fields';

/** The statuses WordPress takes for a post. */
export const WORDPRESS_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;
export type WordPressStatus = (typeof WORDPRESS_STATUSES)[number];

/** `meta`: registered keys with scalar values; WordPress ignores what it does not know, so bound only the size. */
const meta = z
  .record(z.string().max(255), z.unknown())
  .refine((value) => Object.keys(value).length <= 200, 'must have at most 200 keys');

/**
 * `POST /wp/v2/posts` and `POST|PUT|PATCH /wp/v2/posts/{id}`: the fields publishing clients send.
 * Everything is optional here (an update sends what changes); a create's title or content is checked
 * by the controller. Unknown fields (author, comment_status, format, ...) are ignored, as WordPress
 * ignores what it cannot apply.
 */
export const postRequestSchema = z.object({
  title: rawText(BOUNDS.titleLength).optional(),
  /** The service contract's bounds on an article's HTML (length, nesting, images, JSON-LD); empty allowed. */
  content: rawText(BOUNDS.contentLength).pipe(z.literal('').or(articleHtml())).optional(),
  excerpt: rawText(BOUNDS.metaDescriptionLength * 10).optional(),
  slug: z.string().max(BOUNDS.slugLength, `must be at most ${BOUNDS.slugLength} characters`).optional(),
  status: z.enum(WORDPRESS_STATUSES, { error: `is not one of ${WORDPRESS_STATUSES.join(', ')}` }).optional(),
  date: z
    .string()
    .max(40)
    .refine((value) => !Number.isNaN(Date.parse(value)), 'is not a valid date')
    .nullish(),
  date_gmt: z
    .string()
    .max(40)
    .refine((value) => !Number.isNaN(Date.parse(value)), 'is not a valid date')
    .nullish(),
  categories: wpIdList().optional(),
  tags: wpIdList().optional(),
  featured_media: wpId().optional(),
  meta: meta.optional(),
});

export type PostRequest = z.output<typeof postRequestSchema>;
