/**
 * The webhook payload and the contract's header names, as the sending side uses them. Request and
 * response types are the plugin's own (`../publish-request`, `../contracts`).
 */

import type { z } from 'zod';
import type { webhookPayloadSchema } from '../webhook-payload';

export {
  ARTICLE_PUBLISHED_EVENT,
  SERVICE_EVENT_HEADER,
  SERVICE_KEY_HEADER,
  SERVICE_SIGNATURE_HEADER,
} from '../wire-names';

/** The body of a signed webhook delivery, as the receiver's schema accepts it (one schema, both sides). */
export type WebhookPayload = z.input<typeof webhookPayloadSchema>;

/** One entry of the payload's `inline_images`. */
export type WebhookInlineImage = NonNullable<WebhookPayload['inline_images']>[number];
