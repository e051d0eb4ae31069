import { createHash } from 'node:crypto';
import slugify from 'slugify';

/**
 * The upsert key of a post: lower case, strict (letters, digits and dashes). A title that slugify
 * cannot transliterate at all (for example only CJK characters) gets a stable hash-based slug, so
 * the same title always lands on the same post.
 */
export function toSlug(value: string): string {
  const slug = slugify(value, { lower: true, strict: true, trim: true }).replace(/-+/g, '-').slice(0, 180);
  if (slug) return slug.replace(/^-|-$/g, '');
  return `post-${createHash('sha256').update(value.trim()).digest('hex').slice(0, 12)}`;
}
