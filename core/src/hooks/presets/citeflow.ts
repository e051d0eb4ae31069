import { timestampedSignature } from '../auth';
import { PRESET_OPTIONS } from '../endpoints';
import { articleOfEvent, definePreset, idTitleAndSlug, member, text } from '../preset';

/**
 * CiteFlow: `X-CiteFlow-Signature: sha256=<hex>` over `${X-CiteFlow-Timestamp}.${body}` (unix
 * seconds, refused beyond five minutes); `article.published` carries one article. A "Test connection"
 * (body undocumented) or any other event writes nothing.
 */
export const citeflowPreset = definePreset(PRESET_OPTIONS.citeflow, {
  name: 'citeflow',
  auth: () => timestampedSignature('X-CiteFlow-Signature', 'X-CiteFlow-Timestamp', 'unix'),
  read(body, request, options) {
    // The time signed with the body (read now: a queued delivery keeps the headers its preset read).
    // A version sent before the newest applied is stale.
    const sentAt = request.header('X-CiteFlow-Timestamp');
    const event = text(member(body, 'event')) ?? '';
    return articleOfEvent(
      body,
      event,
      'article.published',
      (article) => ({
        ...idTitleAndSlug(article),
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
      }),
      options.status
    );
  },
});
