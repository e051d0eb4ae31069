import { PRESET_OPTIONS } from '../endpoints';
import { definePreset, idTitleAndSlug, ignored, member, oneArticle, snakeCaseBodies, text } from '../preset';

/**
 * SEOcraftAI: BlogSEO's shape in an envelope (`event`, `article`, `main_image`); auth is Bearer, a
 * custom header, or none, as the owner chose there. `test` comes from its "Send Test" button.
 */
export const seocraftaiPreset = definePreset(PRESET_OPTIONS.seocraftai, {
  name: 'seocraftai',
  auth: (options) =>
    options.auth === 'none'
      ? { kind: 'none' }
      : options.auth === 'header'
        ? { kind: 'header', header: options.header as string }
        : { kind: 'bearer' },
  read(body, _request, options) {
    const event = text(member(body, 'event')) ?? 'publish';
    if (event !== 'publish')
      return ignored(
        event,
        event === 'test' ? 'a test delivery: nothing is written' : `the event "${event}" is not handled`
      );
    const article = member(body, 'article');
    const image = member(body, 'main_image');
    const seo = member(article, 'seo');
    return oneArticle(
      event,
      article,
      () => ({
        ...idTitleAndSlug(article),
        ...snakeCaseBodies(article),
        excerpt: member(article, 'excerpt'),
        metaTitle: member(seo, 'meta_title'),
        metaDescription: member(seo, 'meta_description'),
        keywords: member(seo, 'keywords'),
        imageUrl: member(image, 'url') ?? member(article, 'main_image_url'),
        imageAlt: member(image, 'alt'),
        publishedAt: member(article, 'published_at'),
        // The delivery's `timestamp`: a version sent before the newest applied is stale.
        sentAt: member(body, 'timestamp'),
      }),
      options.status
    );
  },
});
