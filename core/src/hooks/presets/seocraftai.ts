import { PRESET_OPTIONS } from '../endpoints';
import { definePreset } from '../preset';
import { ignored, oneArticle, testDelivery } from '../preset-helpers/deliveries';
import { eventOf, idTitleAndSlug, member, snakeCaseBodies } from '../preset-helpers/fields';
import { bodyTimestamp } from '../preset-helpers/sent-at';
import { mainImage } from './blogseo';

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
    const event = eventOf(body) ?? 'publish';
    if (event === 'test') return testDelivery(event);
    if (event !== 'publish') return ignored(event, `the event "${event}" is not handled`);
    const article = member(body, 'article');
    const seo = member(article, 'seo');
    return oneArticle(event, article, options.status, () => ({
      ...idTitleAndSlug(article),
      ...snakeCaseBodies(article),
      ...mainImage(body),
      excerpt: member(article, 'excerpt'),
      metaTitle: member(seo, 'meta_title'),
      metaDescription: member(seo, 'meta_description'),
      keywords: member(seo, 'keywords'),
      publishedAt: member(article, 'published_at'),
      sentAt: bodyTimestamp(body),
    }));
  },
});
