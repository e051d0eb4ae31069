import { PRESET_OPTIONS } from '../endpoints';
import type { HookArticle } from '../hook-article';
import { definePreset } from '../preset';
import { articlesOf, ignored } from '../preset-helpers/deliveries';
import { eventOf, flatArticle, member } from '../preset-helpers/fields';
import { bodyTimestamp } from '../preset-helpers/sent-at';

/** One Outrank article (also SEOBlogger, NeverDrafts, Soreno: the same dialect). */
export function outrankArticle(item: unknown): HookArticle {
  return {
    externalId: member(item, 'id'),
    ...flatArticle(item),
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
    const event = eventOf(body, 'event_type') ?? '';
    const data = member(body, 'data');
    const sentAt = bodyTimestamp(body);
    const pick = (item: unknown): HookArticle => ({ ...outrankArticle(item), sentAt });
    if (event === 'publish_articles') {
      const articles = member(data, 'articles');
      if (!Array.isArray(articles)) return ignored(event, 'the delivery carries no data.articles list');
      return { kind: 'articles', event, articles: articlesOf(articles, options.status, pick) };
    }
    if (event === 'update_article' && member(data, 'article') !== undefined)
      return {
        kind: 'articles',
        event,
        articles: articlesOf([member(data, 'article')], options.status, pick),
      };
    return ignored(event, `the event "${event}" is not handled`);
  },
});
