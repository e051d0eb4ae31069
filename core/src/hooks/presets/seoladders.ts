import { PRESET_OPTIONS } from '../endpoints';
import { articlesOf, definePreset, member } from '../preset';

/**
 * SEOLadders: POST or PUT (the user's choice), the secret in X-Webhook-Secret; one flat article, no
 * event field, with its FAQ and JSON-LD.
 */
export const seoladdersPreset = definePreset(PRESET_OPTIONS.seoladders, {
  name: 'seoladders',
  methods: ['POST', 'PUT'],
  auth: () => ({ kind: 'header', header: 'X-Webhook-Secret' }),
  read(body, _request, options) {
    const image = member(body, 'featured_image');
    return {
      kind: 'articles',
      event: 'publish',
      articles: articlesOf(
        [body],
        () => ({
          externalId: member(body, 'id'),
          title: member(body, 'title'),
          slug: member(body, 'slug'),
          html: member(body, 'content_html'),
          markdown: member(body, 'content_markdown'),
          metaTitle: member(body, 'meta_title'),
          metaDescription: member(body, 'meta_description'),
          keywords: member(body, 'keyword'),
          imageUrl: member(image, 'url'),
          imageAlt: member(image, 'alt'),
          faq: member(body, 'faq'),
          jsonLd: member(body, 'json_ld'),
        }),
        options.status
      ),
    };
  },
});
