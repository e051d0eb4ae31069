import { z } from 'zod';
import { REQUEST_BOUNDS as BOUNDS } from '../request-bounds';
import { wpId } from './fields';

/** `POST /wp/v2/categories` and `POST /wp/v2/tags`: a name, and optionally a slug and a parent. */
export const termRequestSchema = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(BOUNDS.categoryNameLength, `must be at most ${BOUNDS.categoryNameLength} characters`),
  slug: z.string().max(BOUNDS.slugLength).optional(),
  description: z.string().max(BOUNDS.metaDescriptionLength).optional(),
  parent: wpId().optional(),
});

export type TermRequest = z.output<typeof termRequestSchema>;
