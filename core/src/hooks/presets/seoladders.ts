import { PRESET_OPTIONS } from '../endpoints';
import { definePreset } from '../preset';
import { oneArticle } from '../preset-helpers/deliveries';
import { flatArticle, imageOf, member } from '../preset-helpers/fields';

/**
 * SEOLadders: POST or PUT (the user's choice), the secret in X-Webhook-Secret; one flat article, no
 * event field, with its FAQ and JSON-LD.
 */
export const seoladdersPreset = definePreset(PRESET_OPTIONS.seoladders, {
  name: 'seoladders',
  methods: ['POST', 'PUT'],
  auth: () => ({ kind: 'header', header: 'X-Webhook-Secret' }),
  read(body, _request, options) {
    return oneArticle('publish', body, options.status, () => ({
      externalId: member(body, 'id'),
      ...flatArticle(body),
      metaTitle: member(body, 'meta_title'),
      keywords: member(body, 'keyword'),
      ...imageOf(member(body, 'featured_image')),
      faq: member(body, 'faq'),
      jsonLd: member(body, 'json_ld'),
      // When this version was generated: one generated before the newest applied is stale.
      sentAt: member(body, 'generated_at'),
    }));
  },
});
