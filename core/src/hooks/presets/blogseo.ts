import { PRESET_OPTIONS } from '../endpoints';
import { definePreset, idTitleAndSlug, member, oneArticle, text } from '../preset';

/**
 * BlogSEO: the secret in X-Webhook-Secret (or a header the owner names); one article under `article`,
 * its body in `content` as `format` says (HTML, or Markdown), the image under `main_image`.
 */
export const blogseoPreset = definePreset(PRESET_OPTIONS.blogseo, {
  name: 'blogseo',
  auth: (options) => ({ kind: 'header', header: options.header ?? 'X-Webhook-Secret' }),
  read(body, _request, options) {
    const article = member(body, 'article');
    const image = member(body, 'main_image');
    const isMarkdown = text(member(article, 'format'))?.toLowerCase() === 'markdown';
    const content = member(article, 'content');
    return oneArticle(
      'publish',
      article,
      () => ({
        ...idTitleAndSlug(article),
        ...(isMarkdown ? { markdown: content } : { html: content }),
        metaDescription: member(article, 'meta_description'),
        imageUrl: member(image, 'url') ?? member(article, 'main_image_url'),
        imageAlt: member(image, 'alt'),
        keywords: member(article, 'keyword'),
        publishedAt: member(article, 'published_at'),
      }),
      options.status
    );
  },
});
