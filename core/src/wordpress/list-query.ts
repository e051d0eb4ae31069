import { z } from 'zod';
import { REQUEST_BOUNDS as BOUNDS } from '../request-bounds';

const positiveInt = (what: string, max: number) =>
  z.coerce
    .number({ error: `is not of type integer` })
    .int('is not of type integer')
    .min(1, `must be greater than or equal to 1`)
    .max(max, `must be between 1 (inclusive) and ${max} (inclusive)`)
    .describe(what);

/** `context`: what WordPress shows (`edit` adds raw values). */
export const contextSchema = z.enum(['view', 'embed', 'edit']).default('view');

/** The query of a list (`GET /wp/v2/posts`, categories, tags, users): paging, search and slugs. */
export const listQuerySchema = z.object({
  page: positiveInt('page', 1_000_000).default(1),
  per_page: positiveInt('per_page', 100).default(10),
  search: z.string().max(BOUNDS.titleLength).optional(),
  /** One slug or several, comma-separated or repeated (`slug[]=a&slug[]=b`). */
  slug: z.array(z.string().max(BOUNDS.slugLength)).max(100).optional(),
  /** Posts: publish (WordPress's default), draft, pending, private, future, any; comma-separated. */
  status: z.array(z.string().max(20)).max(10).optional(),
  context: contextSchema,
  /** Terms: children of this parent. */
  parent: z.coerce.number().int().min(0).optional(),
  hide_empty: z.string().optional(),
});

export type ListQuery = z.output<typeof listQuerySchema>;

/**
 * The query string as the list schema reads it: a repeated or bracketed key (`slug[]`) and a
 * comma-separated value both give a list.
 */
export function listQueryInput(
  querystring: string,
  listKeys: readonly string[] = ['slug', 'status']
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const lists = new Set(listKeys);
  for (const [rawKey, value] of new URLSearchParams(querystring)) {
    const key = rawKey.replace(/\[\d*\]$/, '');
    if (lists.has(key)) {
      const values = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      input[key] = [...((input[key] as string[] | undefined) ?? []), ...values];
    } else input[key] ??= value;
  }
  return input;
}
