import { z } from 'zod';
import { REQUEST_BOUNDS as BOUNDS } from '../request-bounds';
import { requiredLine } from '../schema-fields';
import { wpId } from './fields';

/** `POST /wp/v2/categories` and `POST /wp/v2/tags`: a name, and optionally a slug and a parent. */
export const termRequestSchema = z.object({
  /** One line: controls, bidi and zero-width characters removed before it is trimmed and measured. */
  name: requiredLine(BOUNDS.categoryNameLength),
  slug: z.string().max(BOUNDS.slugLength).optional(),
  description: z.string().max(BOUNDS.metaDescriptionLength).optional(),
  parent: wpId().optional(),
});

export type TermRequest = z.output<typeof termRequestSchema>;
