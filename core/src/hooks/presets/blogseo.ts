import { PRESET_OPTIONS } from '../endpoints';
import type { HookArticle } from '../hook-article';
import { definePreset } from '../preset';
import { oneArticle } from '../preset-helpers/deliveries';
import { idTitleAndSlug, imageOf, member, text } from '../preset-helpers/fields';

/** BlogSEO's image (SEOcraftAI sends the same): `main_image` beside the article, else its `main_image_url`. */
export function mainImage(body: unknown): HookArticle {
  const image = imageOf(member(body, 'main_image'));
  return { ...image, imageUrl: image.imageUrl ?? member(member(body, 'article'), 'main_image_url') };
}

/**
 * BlogSEO: the secret in X-Webhook-Secret (or a header the owner names); one article under `article`,
 * its body in `content` as `format` says (HTML, or Markdown), the image under `main_image`.
 */
export const blogseoPreset = definePreset(PRESET_OPTIONS.blogseo, {
  name: 'blogseo',
  auth: (options) => ({ kind: 'header', header: options.header ?? 'X-Webhook-Secret' }),
  read(body, _request, options) {
    const article = member(body, 'article');
    const isMarkdown = text(member(article, 'format'))?.toLowerCase() === 'markdown';
    const content = member(article, 'content');
    return oneArticle('publish', article, options.status, () => ({
      ...idTitleAndSlug(article),
      ...(isMarkdown ? { markdown: content } : { html: content }),
      ...mainImage(body),
      metaDescription: member(article, 'meta_description'),
      keywords: member(article, 'keyword'),
      publishedAt: member(article, 'published_at'),
    }));
  },
});
