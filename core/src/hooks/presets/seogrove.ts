import { PRESET_OPTIONS } from '../endpoints';
import type { HookArticle } from '../hook-article';
import { eventsDoing } from '../preset-events';
import { withdrawal } from '../withdrawal';
import { definePreset } from '../preset';
import { ignored, oneArticle, unhandledEvent } from '../preset-helpers/deliveries';
import { eventOf, idTitleAndSlug, isRecord, member } from '../preset-helpers/fields';
import { bodyTimestamp } from '../preset-helpers/sent-at';

const PUBLISH_EVENTS = new Set(eventsDoing('seogrove', 'publish'));
const DELETE_EVENTS = new Set(eventsDoing('seogrove', 'delete'));

/** One SEOGrove article: the delivery's `content`, its language in the body's `site.locale`. */
function seogroveArticle(body: unknown, content: Record<string, unknown>): HookArticle {
  return {
    ...idTitleAndSlug(content),
    html: member(content, 'html'),
    markdown: member(content, 'markdown'),
    excerpt: member(content, 'excerpt'),
    metaTitle: member(content, 'seo_title'),
    metaDescription: member(content, 'seo_description') ?? member(content, 'meta_description'),
    imageUrl: member(content, 'featured_image_url'),
    imageAlt: member(content, 'featured_image_alt'),
    keywords: member(content, 'primary_keyword'),
    jsonLd: member(content, 'json_ld') ?? member(content, 'jsonLd') ?? member(content, 'schema'),
    language: member(member(body, 'site'), 'locale'),
    publishedAt: member(content, 'published_at'),
    sentAt: bodyTimestamp(body),
  };
}

/**
 * SEOGrove: `X-SEOGrove-Signature: sha256=<hex>` of the body; the event in X-SEOGrove-Event (and the
 * body's `event`); `content.published` and `tool.published` carry the article in `content`, the
 * language in `site.locale`. `content.deleted` and `tool.deleted` unpublish the post (or delete it, with
 * `onDelete: "delete"`); `ping` writes nothing.
 */
export const seogrovePreset = definePreset(PRESET_OPTIONS.seogrove, {
  name: 'seogrove',
  auth: () => ({ kind: 'hmac', header: 'X-SEOGrove-Signature', format: 'sha256=' }),
  read(body, request, options) {
    const event = request.header('X-SEOGrove-Event') ?? eventOf(body) ?? '';
    const content = member(body, 'content');
    if (event === 'ping') return ignored(event, 'a ping: nothing is written');
    // The delete body is not documented: the `content` object as a publish sends it, else the root.
    if (DELETE_EVENTS.has(event))
      return withdrawal(event, 'delete', options.onDelete, [isRecord(content) ? content : body], (item) => ({
        externalId: member(item, 'id'),
        slug: member(item, 'slug'),
      }));
    if (!PUBLISH_EVENTS.has(event) || !isRecord(content)) return unhandledEvent(event);
    return oneArticle(event, content, options.status, () => seogroveArticle(body, content));
  },
});
