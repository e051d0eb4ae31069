import type { AuthScheme } from '../auth';
import { PRESET_OPTIONS } from '../endpoints';
import { definePreset } from '../preset';
import { ignored, oneArticle } from '../preset-helpers/deliveries';
import { eventOf, flatArticle, member } from '../preset-helpers/fields';

/** Rank Sector does not name its signature header: these are read, and the one the owner names. */
export const RANK_SECTOR_SIGNATURE_HEADERS = ['X-RankSector-Signature', 'X-Signature', 'X-Webhook-Signature'];

/**
 * Rank Sector: a hex HMAC-SHA256 of the body with the "Secret Token" (bare hex or `sha256=`); one flat
 * article with `event_type: "content_publish"` and its `status` (published or draft); tags are slugs.
 */
export const ranksectorPreset = definePreset(PRESET_OPTIONS.ranksector, {
  name: 'ranksector',
  auth: (options): AuthScheme => ({
    kind: 'any',
    schemes: [
      ...new Set([
        ...(options.signatureHeader ? [options.signatureHeader] : []),
        ...RANK_SECTOR_SIGNATURE_HEADERS,
      ]),
    ].map((header): AuthScheme => ({ kind: 'hmac', header, format: 'either' })),
  }),
  read(body, _request, options) {
    const event = eventOf(body, 'event_type') ?? 'content_publish';
    if (event !== 'content_publish') return ignored(event, `the event "${event}" is not handled`);
    return oneArticle(event, body, options.status, () => ({
      ...flatArticle(body),
      metaTitle: member(body, 'meta_title'),
      imageUrl: member(body, 'featured_image'),
      tags: member(body, 'tags'),
      status: member(body, 'status'),
    }));
  },
});
