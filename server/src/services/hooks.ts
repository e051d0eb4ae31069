import type { Core } from '@strapi/strapi';
import { articleOptions } from '../../../core/src/config';
import { isServiceError, ServiceError } from '../../../core/src/errors';
import type { WebhookEndpoint } from '../../../core/src/hooks/endpoints';
import { PRESETS } from '../../../core/src/hooks/presets';
import type { HookRequest } from '../../../core/src/hooks/preset';
import { hookReply, ignoredReply, withdrawReply, type ArticleOutcome } from '../../../core/src/hooks/reply';
import { describeError } from '../utils/describe-error';
import { getService } from '../utils/get-service';

/**
 * Custom webhook deliveries (issue #42), once the endpoint's auth passed: the preset reads the body,
 * and each article goes through the same pipeline as the contract's (normalize, then publish), one
 * after another, each with its own result: one bad article never loses the others.
 */
const hooks = ({ strapi }: { strapi: Core.Strapi }) => ({
  async receive(
    endpoint: WebhookEndpoint,
    body: unknown,
    request: HookRequest,
    bodyHash: string
  ): Promise<Record<string, unknown>> {
    const preset = PRESETS[endpoint.preset];
    const delivery = preset.read(body, request, endpoint.options);
    if (delivery.kind === 'ignored') return ignoredReply(delivery);
    if (delivery.kind === 'withdraw') {
      const { event, action, posts } = delivery;
      const withdrawals = getService(strapi, 'hook-withdrawals');
      return withdrawReply(
        event,
        action,
        await withdrawals.withdrawAll({ endpoint, event, action, bodyHash }, posts)
      );
    }
    const config = await getService(strapi, 'plugin-config').get();
    const outcomes: ArticleOutcome[] = [];
    for (const prepare of delivery.articles) {
      try {
        const prepared = prepare();
        const article = await getService(strapi, 'article-work').normalize(
          prepared.fields,
          articleOptions(config)
        );
        const origin = {
          source: 'hook' as const,
          endpointId: endpoint.id,
          preset: endpoint.preset,
          externalId: prepared.externalId,
          event: delivery.event,
          bodyHash,
        };
        const result = await getService(strapi, 'publisher').publish(article, origin, config);
        outcomes.push({ ok: true, externalId: prepared.externalId, result });
      } catch (error) {
        outcomes.push({ ok: false, error: asDeliveryError(error, strapi) });
      }
    }
    return hookReply(preset.reply, delivery.event, outcomes);
  },
});

/** An article's failure as the sender is told it: a write that may succeed later asks for a retry (503). */
function asDeliveryError(error: unknown, strapi: Core.Strapi): ServiceError {
  if (!isServiceError(error)) {
    strapi.log.error(`[article-publisher] a custom webhook article failed: ${describeError(error)}`);
    return new ServiceError('internal_error', 'The site could not process this article. Try again later.');
  }
  if (error.code === 'publish_failed')
    return new ServiceError('temporarily_unavailable', `${error.message} The delivery can be retried.`);
  return error;
}

export type HooksService = ReturnType<typeof hooks>;
export default hooks;
