import { PRESET_OPTIONS } from '../endpoints';
import { articlesOf, definePreset, ignored, isRecord, member, text } from '../preset';

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
          html: member(article, 'contentRawHtml'),
          metaDescription: member(article, 'metaDescription'),
          tags: member(article, 'tags'),
          publishedAt: member(article, 'publishedAt'),
        }),
        options.status
      ),
    };
  },
});
