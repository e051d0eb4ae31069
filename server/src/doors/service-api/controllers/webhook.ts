import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { WebhookReceipt } from '../../../../../core/src/contracts';
import { isServiceError, ServiceError } from '../../../../../core/src/errors';
import { toWebhookReceipt } from '../../../../../core/src/publish-result';
import {
  articleFromWebhookPayload,
  parseWebhookPayload,
  webhookEvent,
} from '../../../../../core/src/webhook-payload';
import { deliveryTime } from '../../../../../core/src/webhook-replay';
import { ARTICLE_PUBLISHED_EVENT } from '../../../../../core/src/wire-names';
import { getService } from '../../../common/get-service';
import { verifiedBodyDigest } from '../../../common/http/verified-body';

/** The signed webhook's receiver. The signature was verified by the `webhook-signature` route middleware. */
const webhookController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async receive(ctx: Context) {
    const event = webhookEvent(ctx.request.body);
    if (event !== undefined && event !== ARTICLE_PUBLISHED_EVENT) {
      const receipt: WebhookReceipt = { received: true, ignored: `the event "${event}" is not handled` };
      ctx.body = receipt;
      return;
    }
    const payload = parseWebhookPayload(ctx.request.body);
    const config = await getService(strapi, 'plugin-config').get();
    const origin = {
      source: 'webhook' as const,
      articleId: payload.article_id,
      websiteId: payload.website_id ?? undefined,
      event: payload.event,
      sentAt: deliveryTime(payload.timestamp),
      bodyHash: verifiedBodyDigest(ctx),
    };
    try {
      const result = await getService(strapi, 'gate').publish({
        door: 'signed-webhook',
        caller: { kind: 'service' },
        fields: articleFromWebhookPayload(payload),
        origin,
        config,
      });
      ctx.body = toWebhookReceipt(result);
    } catch (error) {
      // A write failure may succeed later: a 503 asks the sender to retry. A value Strapi refuses
      // (bad_request from the publisher) stays a 400, since no retry would fix it.
      if (isServiceError(error) && error.code === 'publish_failed') {
        throw new ServiceError('temporarily_unavailable', `${error.message} The delivery can be retried.`);
      }
      throw error;
    }
  },
});

export default webhookController;
