import { timestampedSignature } from '../auth';
import { PRESET_OPTIONS } from '../endpoints';
import { articleOfEvent, definePreset, idTitleAndSlug, member, text } from '../preset';

/** The hero image of Ranket's `images` (`position: "hero"`), else the first. */
function heroImage(images: unknown): unknown {
  if (!Array.isArray(images)) return undefined;
  return images.find((image) => member(image, 'position') === 'hero') ?? images[0];
}

/**
 * Ranket: `X-Ranket-Signature: sha256=<hex>` over `${X-Ranket-Timestamp}.${body}`, the timestamp in
 * ISO 8601 and refused beyond five minutes; `article.published` carries one article. Its answer's
 * body is ignored.
 */
export const ranketPreset = definePreset(PRESET_OPTIONS.ranket, {
  name: 'ranket',
  auth: () => timestampedSignature('X-Ranket-Signature', 'X-Ranket-Timestamp', 'iso'),
  read(body, request, options) {
    // The delivery's `timestamp`, else the time signed with the body (read now: a queued delivery
    // keeps the headers its preset read). A version sent before the newest applied is stale.
    const sentAt = member(body, 'timestamp') ?? request.header('X-Ranket-Timestamp');
    const event = text(member(body, 'event')) ?? request.header('X-Ranket-Event') ?? '';
    return articleOfEvent(
      body,
      event,
      'article.published',
      (article) => {
        const hero = heroImage(member(article, 'images'));
        return {
          ...idTitleAndSlug(article),
          html: member(article, 'bodyHtml'),
          markdown: member(article, 'bodyMarkdown'),
          excerpt: member(article, 'excerpt'),
          metaTitle: member(article, 'metaTitle'),
          metaDescription: member(article, 'metaDescription'),
          imageUrl: member(hero, 'url'),
          imageAlt: member(hero, 'alt'),
          faq: member(article, 'faq'),
          jsonLd: member(article, 'jsonLd'),
          sentAt,
        };
      },
      options.status
    );
  },
});
