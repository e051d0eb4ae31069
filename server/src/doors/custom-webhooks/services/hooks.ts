import type { Core } from '@strapi/strapi';
import { isServiceError, ServiceError } from '../../../../../core/src/errors';
import { assertBatchWithinBound } from '../../../../../core/src/hooks/batch';
import type { WebhookEndpoint } from '../../../../../core/src/hooks/endpoints';
import { PRESETS } from '../../../../../core/src/hooks/presets';
import type { HookDelivery, HookRequest } from '../../../../../core/src/hooks/preset';
import type { PreparedArticle } from '../../../../../core/src/hooks/hook-article';
import {
  articleKeyOf,
  queuedReply,
  queueVerdict,
  recordingRequest,
  storedRequest,
  type QueueVerdict,
} from '../../../../../core/src/hooks/queue';
import {
  hookReply,
  ignoredReply,
  withdrawReply,
  type ArticleOutcome,
} from '../../../../../core/src/hooks/reply';
import { checkBounds } from '../../../gate/bounds';
import { describeError } from '../../../common/describe-error';
import { articlesRecord, describeRefusal, directRecord, withdrawalRecord } from './direct-record';
import type { ClaimedHookDelivery } from './queue';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<
  Collaborators,
  | 'gate'
  | 'hookDeliveryRecords'
  | 'hookEndpoints'
  | 'hookQueue'
  | 'hookQueueWorker'
  | 'hookWithdrawals'
  | 'pluginConfig'
>;

type Articles = Extract<HookDelivery, { kind: 'articles' }>;

/**
 * Custom webhook deliveries (issue #42), once the endpoint's auth passed: the preset reads the body,
 * and each article goes through the same pipeline as the contract's (normalize, then publish), one
 * after another, each with its own result: one bad article never loses the others. A preset whose
 * service gives up after a few seconds (`queued`) is answered once its delivery is stored; the queue's
 * worker publishes it after (docs/hook-queue.md).
 */
const hooks = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => ({
  /**
   * A verified delivery: read by its preset, then withdrawn, queued or published. Every delivery but a
   * queued one (whose queue row is its record) is recorded once answered, for the delivery inspector.
   */
  async receive(
    endpoint: WebhookEndpoint,
    body: unknown,
    request: HookRequest,
    bodyHash: string
  ): Promise<Record<string, unknown>> {
    const preset = PRESETS[endpoint.preset];
    const recording = recordingRequest(request);
    const direct = directRecord(uses, strapi, { endpoint, body, bodyHash, headers: recording.headers });
    try {
      const delivery = preset.read(body, recording.request, endpoint.options);
      direct.event = delivery.event;
      if (delivery.kind === 'ignored') {
        await direct.record({ status: 'done', note: `Nothing written: ${delivery.reason}.` });
        return ignoredReply(delivery);
      }
      // A batch over the bound is refused whole: before any article is read, published or queued.
      assertBatchWithinBound(delivery, uses.pluginConfig.static().hookMaxBatchArticles);
      // Unpublish and delete write no article and import nothing: done at once, whatever the preset.
      if (delivery.kind === 'withdraw') {
        const { event, action, posts } = delivery;
        const outcomes = await uses.hookWithdrawals.withdrawAll({ endpoint, event, action, bodyHash }, posts);
        await direct.record(withdrawalRecord(outcomes));
        return withdrawReply(event, action, outcomes);
      }
      if (preset.queued) return await enqueue(uses, endpoint, body, delivery, recording.headers(), bodyHash);
      const outcomes = await this.publishArticles(endpoint, delivery, bodyHash);
      await direct.record(articlesRecord(outcomes));
      return hookReply(preset.reply, delivery.event, outcomes);
    } catch (error) {
      await direct.record({ status: 'failed', problem: describeRefusal(error) });
      throw error;
    }
  },

  /** Each article of a delivery through the pipeline, one after another, each with its own outcome. */
  async publishArticles(
    endpoint: WebhookEndpoint,
    delivery: Articles,
    bodyHash: string,
    writeAgain = false
  ): Promise<ArticleOutcome[]> {
    const config = await uses.pluginConfig.get();
    const outcomes: ArticleOutcome[] = [];
    for (const prepare of delivery.articles) {
      try {
        const prepared = prepare();
        const origin = {
          source: 'hook' as const,
          endpointId: endpoint.id,
          preset: endpoint.preset,
          externalId: prepared.externalId,
          event: delivery.event,
          sentAt: prepared.sentAt,
          bodyHash,
          ...(writeAgain ? { writeAgain } : {}),
        };
        const result = await uses.gate.publish({
          door: 'custom-webhook',
          caller: { kind: 'service' },
          fields: prepared.fields,
          origin,
          config,
          ...(prepared.warnings ? { warnings: prepared.warnings } : {}),
        });
        outcomes.push({ ok: true, externalId: prepared.externalId, result });
      } catch (error) {
        outcomes.push({ ok: false, error: asDeliveryError(error, strapi) });
      }
    }
    return outcomes;
  },

  /**
   * A claimed delivery of the queue, read again as it was received (its payload and the headers its
   * preset read), through the same pipeline; answers what the queue does with it next.
   */
  async processQueued(row: ClaimedHookDelivery): Promise<QueueVerdict> {
    const { hookQueue: settings } = uses.pluginConfig.static();
    // Config or admin endpoint alike; one deleted or disabled since the delivery came is not published to.
    const endpoint = (await uses.hookEndpoints.find(row.endpointId))?.endpoint;
    if (!endpoint)
      return { kind: 'failed', outcome: [], problem: 'The endpoint no longer exists or is disabled.' };
    const delivery = PRESETS[endpoint.preset].read(row.payload, storedRequest(row.headers), endpoint.options);
    // Never queued (receive does them at once): a stored delivery that reads as one now has nothing to publish.
    if (delivery.kind !== 'articles') return { kind: 'done', outcome: [] };
    const outcomes = await this.publishArticles(endpoint, delivery, row.bodyHash, row.writeAgain);
    return queueVerdict(outcomes, row.attempts, settings);
  },
});

/**
 * Stores a delivery for the queue once at least one of its articles reads well (when none does, the
 * first refusal is the answer, as on the synchronous path: the service is told now, not never). The
 * insert is committed before the answer; this instance's worker is woken to start it at once.
 */
async function enqueue(
  uses: Pick<Uses, 'hookQueue' | 'hookQueueWorker'>,
  endpoint: WebhookEndpoint,
  body: unknown,
  delivery: Articles,
  headers: Record<string, string>,
  bodyHash: string
): Promise<Record<string, unknown>> {
  const prepared: PreparedArticle[] = [];
  const refusals: unknown[] = [];
  for (const prepare of delivery.articles) {
    try {
      const article = prepare();
      // The gate's bounds now, so an article over one is refused at once, as on the synchronous path.
      checkBounds(article);
      prepared.push(article);
    } catch (error) {
      refusals.push(error);
    }
  }
  if (refusals.length && !prepared.length) throw refusals[0];
  const id = await uses.hookQueue.enqueue({
    endpointId: endpoint.id,
    preset: endpoint.preset,
    event: delivery.event,
    payload: body,
    headers,
    bodyHash,
    articleKey: delivery.articles.length === 1 ? articleKeyOf(prepared) : null,
  });
  uses.hookQueueWorker.wake();
  return queuedReply(delivery.event, id);
}

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
