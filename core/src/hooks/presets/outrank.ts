import { PRESET_OPTIONS } from '../endpoints';
import type { HookArticle } from '../hook-article';
import { articlesOf, definePreset, idTitleAndSlug, ignored, member, snakeCaseBodies, text } from '../preset';

/** One Outrank article (also SEOBlogger, NeverDrafts, Soreno: the same dialect). */
export function outrankArticle(item: unknown): HookArticle {
  return {
    ...idTitleAndSlug(item),
    ...snakeCaseBodies(item),
    metaDescription: member(item, 'meta_description'),
    imageUrl: member(item, 'image_url'),
    tags: member(item, 'tags'),
    // Not documented; a receiver reads it (devisia.pro), so it is taken when sent.
    language: member(item, 'language'),
  };
}

/**
 * Outrank: `Authorization: Bearer <token>`; `publish_articles` carries a batch in `data.articles`,
 * `update_article` (one unconfirmed source) one article in `data.article`. Other events, test pings
 * among them, are acknowledged with 200 and nothing written, as the public receivers do.
 */
export const outrankPreset = definePreset(PRESET_OPTIONS.outrank, {
  name: 'outrank',
  auth: () => ({ kind: 'bearer' }),
  read(body, _request, options) {
    const event = text(member(body, 'event_type')) ?? '';
    const data = member(body, 'data');
    // The delivery's `timestamp` (its docs' sample): a version sent before the newest applied is stale.
    const sentAt = member(body, 'timestamp');
    const pick = (item: unknown): HookArticle => ({ ...outrankArticle(item), sentAt });
    if (event === 'publish_articles') {
      const articles = member(data, 'articles');
      if (!Array.isArray(articles)) return ignored(event, 'the delivery carries no data.articles list');
      return { kind: 'articles', event, articles: articlesOf(articles, pick, options.status) };
    }
    if (event === 'update_article' && member(data, 'article') !== undefined)
      return {
        kind: 'articles',
        event,
        articles: articlesOf([member(data, 'article')], pick, options.status),
      };
    return ignored(event, `the event "${event}" is not handled`);
  },
});
