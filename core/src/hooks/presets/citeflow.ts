import { timestampedSignature } from '../auth';
import { PRESET_OPTIONS } from '../endpoints';
import { definePreset } from '../preset';
import { articlePublished } from '../preset-helpers/deliveries';
import { eventOf, member } from '../preset-helpers/fields';
import { signedTimestamp } from '../preset-helpers/sent-at';

const TIMESTAMP_HEADER = 'X-CiteFlow-Timestamp';

/**
 * CiteFlow: `X-CiteFlow-Signature: sha256=<hex>` over `${X-CiteFlow-Timestamp}.${body}` (unix
 * seconds, refused beyond five minutes); `article.published` carries one article. A "Test connection"
 * (body undocumented) or any other event writes nothing.
 */
export const citeflowPreset = definePreset(PRESET_OPTIONS.citeflow, {
  name: 'citeflow',
  auth: () => timestampedSignature('X-CiteFlow-Signature', TIMESTAMP_HEADER, 'unix'),
  read(body, request, options) {
    const sentAt = signedTimestamp(request, TIMESTAMP_HEADER);
    return articlePublished(body, eventOf(body), options.status, (article) => ({
      html: member(article, 'body_html'),
      markdown: member(article, 'body_md'),
      excerpt: member(article, 'excerpt'),
      metaDescription: member(article, 'meta_description'),
      imageUrl: member(article, 'hero_image_url'),
      imageAlt: member(article, 'hero_image_alt'),
      keywords: member(article, 'target_keywords'),
      faq: member(article, 'faq_items'),
      jsonLd: member(article, 'schema_json'),
      sentAt,
    }));
  },
});
