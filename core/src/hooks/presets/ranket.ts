import { timestampedSignature } from '../auth';
import { PRESET_OPTIONS } from '../endpoints';
import { definePreset } from '../preset';
import { articlePublished } from '../preset-helpers/deliveries';
import { eventOf, imageOf, member } from '../preset-helpers/fields';
import { bodyTimestamp, signedTimestamp } from '../preset-helpers/sent-at';

const TIMESTAMP_HEADER = 'X-Ranket-Timestamp';

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
  auth: () => timestampedSignature('X-Ranket-Signature', TIMESTAMP_HEADER, 'iso'),
  read(body, request, options) {
    // The delivery's `timestamp`, else the time signed with the body.
    const sentAt = bodyTimestamp(body) ?? signedTimestamp(request, TIMESTAMP_HEADER);
    const event = eventOf(body) ?? request.header('X-Ranket-Event');
    return articlePublished(body, event, options.status, (article) => ({
      html: member(article, 'bodyHtml'),
      markdown: member(article, 'bodyMarkdown'),
      excerpt: member(article, 'excerpt'),
      metaTitle: member(article, 'metaTitle'),
      metaDescription: member(article, 'metaDescription'),
      ...imageOf(heroImage(member(article, 'images'))),
      faq: member(article, 'faq'),
      jsonLd: member(article, 'jsonLd'),
      sentAt,
    }));
  },
});
