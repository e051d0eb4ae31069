import { z } from 'zod';
import { listQueryInput, listQuerySchema } from './list-query';

/** WordPress's `media_type` values: the first part of a MIME type. */
export const MEDIA_TYPES = ['image', 'video', 'text', 'application', 'audio'] as const;

/**
 * The query of `GET /wp/v2/media`: paging, `search`, `media_type` (`image`, ...), `mime_type` (a whole
 * type such as `image/png`) and `parent` (post ids the files are attached to; `0`: none).
 */
export const mediaListQuerySchema = listQuerySchema
  .pick({ page: true, per_page: true, search: true, context: true })
  .extend({
    media_type: z.enum(MEDIA_TYPES).optional(),
    /** WordPress filters by a type it knows and ignores any other; one without a subtype names none. */
    mime_type: z
      .string()
      .max(255)
      .optional()
      .transform((value) => (value && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(value) ? value : undefined)),
    parent: z.array(z.coerce.number().int().min(0)).max(100).optional(),
  });

export type MediaListQuery = z.output<typeof mediaListQuerySchema>;

/** The query string as the media list schema reads it (`parent` one or several, as `slug` is). */
export const mediaListQueryInput = (querystring: string) => listQueryInput(querystring, ['parent']);
