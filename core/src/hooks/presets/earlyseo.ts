import { PRESET_OPTIONS } from '../endpoints';
import { definePreset } from '../preset';
import { articlePublished } from '../preset-helpers/deliveries';
import { eventOf, member } from '../preset-helpers/fields';

/**
 * EarlySEO: `Authorization: Bearer <token>` and `X-Earlyseo-Signature: <hex>` of the body, both
 * required; `article.published` carries one article whose HTML is `contentRawHtml` (its `contentCss`
 * is not kept: the sanitizer keeps no styles).
 */
export const earlyseoPreset = definePreset(PRESET_OPTIONS.earlyseo, {
  name: 'earlyseo',
  auth: () => ({
    kind: 'all',
    schemes: [{ kind: 'bearer' }, { kind: 'hmac', header: 'X-Earlyseo-Signature', format: 'either' }],
  }),
  read(body, _request, options) {
    return articlePublished(body, eventOf(body), options.status, (article) => ({
      html: member(article, 'contentRawHtml'),
      metaDescription: member(article, 'metaDescription'),
      tags: member(article, 'tags'),
      publishedAt: member(article, 'publishedAt'),
    }));
  },
});
