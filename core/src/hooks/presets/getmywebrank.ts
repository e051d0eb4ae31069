import { PRESET_OPTIONS } from '../endpoints';
import { definePreset } from '../preset';
import { oneArticle } from '../preset-helpers/deliveries';
import { member, text, titleAndSlug } from '../preset-helpers/fields';

/**
 * GetMyWebRank: `Authorization: Bearer <token>`; one flat article, no id and no event (the slug is
 * the key, as its docs advise). Its JSON-LD comes as JSON text, the article's and the FAQ's.
 */
export const getmywebrankPreset = definePreset(PRESET_OPTIONS.getmywebrank, {
  name: 'getmywebrank',
  auth: () => ({ kind: 'bearer' }),
  read(body, _request, options) {
    const secondary = member(body, 'secondary_keywords');
    const jsonLd = [member(body, 'schema_article_jsonld'), member(body, 'schema_faq_jsonld')].filter(
      (value): value is string => Boolean(text(value)?.trim())
    );
    return oneArticle('publish', body, options.status, () => ({
      ...titleAndSlug(body),
      html: member(body, 'content_html'),
      markdown: member(body, 'content_md'),
      excerpt: member(body, 'excerpt'),
      imageUrl: member(body, 'cover_image_url'),
      keywords: [member(body, 'primary_keyword'), ...(Array.isArray(secondary) ? secondary : [])],
      faq: member(body, 'llm_faq'),
      // Two documents are one JSON array text: the article's and the FAQ's.
      jsonLd: jsonLd.length > 1 ? `[${jsonLd.join(',')}]` : jsonLd[0],
    }));
  },
});
