import { articleFromWebhookPayload, parseWebhookPayload, webhookEvent } from '../../webhook-payload';
import { deliveryTime } from '../../webhook-replay';
import { ARTICLE_PUBLISHED_EVENT } from '../../wire-names';
import { PRESET_OPTIONS } from '../endpoints';
import { definePreset } from '../preset';
import { ignored } from '../preset-helpers/deliveries';

/**
 * The contract's own webhook (integration B) on an endpoint of its own: the same payload, signed the
 * same way (lowercase hex HMAC-SHA256 of the body in X-Service-Signature), with the endpoint's secret.
 */
export const contractPreset = definePreset(PRESET_OPTIONS.contract, {
  name: 'contract',
  reply: 'contract',
  auth: () => ({ kind: 'hmac', header: 'X-Service-Signature', format: 'hex' }),
  read(body, _request, options) {
    const event = webhookEvent(body);
    if (event !== undefined && event !== ARTICLE_PUBLISHED_EVENT)
      return ignored(event, `the event "${event}" is not handled`);
    return {
      kind: 'articles',
      event: ARTICLE_PUBLISHED_EVENT,
      articles: [
        () => {
          const payload = parseWebhookPayload(body);
          const fields = articleFromWebhookPayload(payload);
          const sentAt = deliveryTime(payload.timestamp);
          return {
            externalId: String(payload.article_id),
            ...(sentAt ? { sentAt } : {}),
            fields: { ...fields, status: fields.status ?? options.status },
          };
        },
      ],
    };
  },
});
