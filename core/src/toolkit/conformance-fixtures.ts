import type { PublishRequestInput } from '../publish-request';
import { CONFORMANCE_CHECK_SLUG } from '../wire-names';
import { ARTICLE_PUBLISHED_EVENT, type WebhookPayload } from './contract-types';

/** The one slug the check writes to, so that repeated runs keep updating a single draft. */
export const CHECK_SLUG = CONFORMANCE_CHECK_SLUG;

const CHECK_TITLE = 'Article Publisher conformance check';
const CHECK_DESCRIPTION =
  'A draft written by the Article Publisher conformance check. Every run updates this same draft; it is safe to delete.';

/** A 16x16 PNG: small, valid and always the same bytes, so a site can reuse it from its media library. */
export const CHECK_IMAGE_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mPQztlAEmIY1TCqYfhqAABTXEcQuZnypgAAAABJRU5ErkJggg==';

/** An https image on a reserved `.invalid` name (RFC 6761): it can never be fetched. */
export const UNREACHABLE_IMAGE_URL = 'https://article-publisher-check.invalid/missing.png';

/** A fixed service article id for the webhook checks, recognisable in a receiver's records. */
export const CHECK_ARTICLE_ID = 999_999_999;

function checkBody(revision: string): string {
  return (
    '<h2>Conformance check</h2>' +
    `<p>This draft is written by <code>article-publisher check</code> (${revision}). ` +
    'Every run updates it; it can be deleted.</p>'
  );
}

/** A draft on the check slug; `revision` makes each call change the content. */
export function checkPublishRequest(
  revision: string,
  status: 'draft' | 'pending' = 'draft'
): PublishRequestInput {
  return {
    title: CHECK_TITLE,
    slug: CHECK_SLUG,
    status,
    content: checkBody(revision),
    focus_keyword: 'conformance check',
    meta_description: CHECK_DESCRIPTION,
  };
}

/** The check draft with a featured image and an inline image that cannot be imported. */
export function checkImagesRequest(revision: string): PublishRequestInput {
  return {
    ...checkPublishRequest(revision),
    content:
      checkBody(revision) +
      `<figure><img src="${UNREACHABLE_IMAGE_URL}" alt="An image that cannot be fetched"></figure>`,
    featured_image: CHECK_IMAGE_DATA_URL,
    featured_image_alt: 'Article Publisher conformance check image',
  };
}

/** A complete spec 2.5 payload for the check draft, asking for a draft. */
export function checkWebhookPayload(timestamp: string): WebhookPayload {
  return {
    event: ARTICLE_PUBLISHED_EVENT,
    timestamp,
    article_id: CHECK_ARTICLE_ID,
    website_id: 1,
    website_name: 'Article Publisher conformance check',
    title: CHECK_TITLE,
    slug: CHECK_SLUG,
    focus_keyword: 'conformance check',
    secondary_keywords: ['article publisher', 'webhook'],
    format: 'guide',
    html_content: checkBody(`webhook delivery of ${timestamp}`),
    plain_content: `Conformance check. This draft is written by article-publisher check (webhook delivery of ${timestamp}).`,
    meta_description: CHECK_DESCRIPTION,
    featured_image: CHECK_IMAGE_DATA_URL,
    featured_image_alt: 'Article Publisher conformance check image',
    inline_images: [],
    category: null,
    sub_category: null,
    schema_markup: null,
    target_status: 'draft',
  };
}
