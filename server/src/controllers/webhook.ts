import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { normalizeArticle } from '../../../core/src/article';
import type { WebhookReceipt } from '../../../core/src/contracts';
import { isServiceError, ServiceError } from '../../../core/src/errors';
import { ARTICLE_PUBLISHED, articleFromWebhookPayload, parseWebhookPayload, webhookEvent } from '../../../core/src/webhook-payload';
import { getService } from '../utils/get-service';

/** Integration B's receiver. The signature was verified by the `webhook-signature` route middleware. */
const webhookController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async receive(ctx: Context) {
    const event = webhookEvent(ctx.request.body);
    if (event !== undefined && event !== ARTICLE_PUBLISHED) {
      const receipt: WebhookReceipt = { received: true, ignored: `the event "${event}" is not handled` };
      ctx.body = receipt;
      return;
    }
    const payload = parseWebhookPayload(ctx.request.body);
    const config = await getService(strapi, 'plugin-config').get();
    const article = normalizeArticle(articleFromWebhookPayload(payload), {
      defaultStatus: config.defaultStatus,
      sanitize: { videoEmbedHosts: config.videoEmbedHosts, allowHttpImages: config.images.allowHttp },
    });
    try {
      const { response, duplicate } = await getService(strapi, 'publisher').publish(article, {
        source: 'webhook',
        articleId: payload.article_id,
        websiteId: payload.website_id ?? undefined,
        event: payload.event,
      });
      const { status: _status, categories: _categories, ...landed } = response;
      const receipt: WebhookReceipt = { received: true, duplicate, ...landed };
      ctx.body = receipt;
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
