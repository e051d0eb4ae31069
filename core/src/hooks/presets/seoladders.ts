import { PRESET_OPTIONS } from '../endpoints';
import { definePreset, flatArticle, member, oneArticle } from '../preset';

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
    return oneArticle(
      'publish',
      body,
      () => ({
        externalId: member(body, 'id'),
        ...flatArticle(body),
        metaTitle: member(body, 'meta_title'),
        keywords: member(body, 'keyword'),
        imageUrl: member(image, 'url'),
        imageAlt: member(image, 'alt'),
        faq: member(body, 'faq'),
        jsonLd: member(body, 'json_ld'),
        // When this version was generated: one generated before the newest applied is stale.
        sentAt: member(body, 'generated_at'),
      }),
      options.status
    );
  },
});
