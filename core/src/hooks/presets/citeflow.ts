import { TIMESTAMP_WINDOW_SECONDS } from '../auth';
import { PRESET_OPTIONS } from '../endpoints';
import { articlesOf, definePreset, ignored, isRecord, member, text } from '../preset';

/**
 * CiteFlow: `X-CiteFlow-Signature: sha256=<hex>` over `${X-CiteFlow-Timestamp}.${body}` (unix
 * seconds, refused beyond five minutes); `article.published` carries one article. A "Test connection"
 * (body undocumented) or any other event writes nothing.
 */
export const citeflowPreset = definePreset(PRESET_OPTIONS.citeflow, {
  name: 'citeflow',
  auth: () => ({
    kind: 'timestamped-hmac',
    header: 'X-CiteFlow-Signature',
    timestampHeader: 'X-CiteFlow-Timestamp',
    timestamp: 'unix',
    windowSeconds: TIMESTAMP_WINDOW_SECONDS,
  }),
  read(body, _request, options) {
    const event = text(member(body, 'event')) ?? '';
    const article = member(body, 'article');
    if (event !== 'article.published' || !isRecord(article))
      return ignored(event, `the event "${event || '(none)'}" is not handled`);
    return {
      kind: 'articles',
      event,
      articles: articlesOf(
        [article],
        () => ({
          externalId: member(article, 'id'),
          title: member(article, 'title'),
          slug: member(article, 'slug'),
          html: member(article, 'body_html'),
          markdown: member(article, 'body_md'),
          excerpt: member(article, 'excerpt'),
          metaDescription: member(article, 'meta_description'),
          imageUrl: member(article, 'hero_image_url'),
          imageAlt: member(article, 'hero_image_alt'),
          keywords: member(article, 'target_keywords'),
          faq: member(article, 'faq_items'),
          jsonLd: member(article, 'schema_json'),
        }),
        options.status
      ),
    };
  },
});
