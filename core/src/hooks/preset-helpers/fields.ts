import type { HookArticle } from '../hook-article';

/**
 * Field picking: what the presets read of a service's JSON. Every read goes through `member`, so a
 * missing or mistyped part is simply not sent, and the article's schema says what was wrong with it.
 */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object member, or undefined (never the prototype's). */
export function member(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The event a body names in `key` (`event`, `event_type`), when it names one. */
export const eventOf = (body: unknown, key = 'event'): string | undefined => text(member(body, key));

/** `title` and `slug`, which every service names so. */
export const titleAndSlug = (item: unknown): HookArticle => ({
  title: member(item, 'title'),
  slug: member(item, 'slug'),
});

/** `id`, `title` and `slug`: the service's own id is the ledger's key. */
export const idTitleAndSlug = (item: unknown): HookArticle => ({
  externalId: member(item, 'id'),
  ...titleAndSlug(item),
});

/** The body as most services send it: `content_html`, and `content_markdown` beside it. */
export const snakeCaseBodies = (item: unknown): HookArticle => ({
  html: member(item, 'content_html'),
  markdown: member(item, 'content_markdown'),
});

/** A flat article's common part: title, slug, both bodies and `meta_description`. */
export const flatArticle = (item: unknown): HookArticle => ({
  ...titleAndSlug(item),
  ...snakeCaseBodies(item),
  metaDescription: member(item, 'meta_description'),
});

/** An image object as the services send one: its `url` and its `alt` text. */
export const imageOf = (image: unknown): HookArticle => ({
  imageUrl: member(image, 'url'),
  imageAlt: member(image, 'alt'),
});
