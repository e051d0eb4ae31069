import { z } from 'zod';
import { ServiceError } from '../../../../core/src/errors';
import { localeCode } from '../../../../core/src/locale';
import { REQUEST_BOUNDS as BOUNDS } from '../../../../core/src/request-bounds';
import type { ArticleRef } from './article-reads';

/** The fields that name one article: its post id or its slug, and the locale on a multilingual site. */
export const articleRefFields = {
  post_id: z
    .int()
    .positive()
    .optional()
    .describe('The article’s post_id, as the publish, list and get tools answer it. Give this or slug.'),
  slug: z
    .string()
    .min(1)
    .max(BOUNDS.slugLength)
    .optional()
    .describe('The article’s slug, such as "watering-a-lawn-in-summer". Give this or post_id.'),
  locale: localeCode
    .optional()
    .describe(
      'On a multilingual site, which locale’s entry (a code such as "en"); the site’s default when left out.'
    ),
};

/** The article the arguments name: exactly one of post_id and slug, or a 400 saying so. */
export function articleRefOf(values: { post_id?: number; slug?: string }): ArticleRef {
  if (values.post_id !== undefined && values.slug === undefined) return { post_id: values.post_id };
  if (values.slug !== undefined && values.post_id === undefined) return { slug: values.slug };
  throw new ServiceError('bad_request', 'Invalid request: give either post_id or slug (one of them).');
}
