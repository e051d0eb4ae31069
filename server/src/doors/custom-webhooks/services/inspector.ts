import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { fieldMapOf } from '../../../../../core/src/hooks/field-map';
import type {
  DeliveryAgainBody,
  DeliveryAgainResponse,
  InspectedDeliveriesResponse,
  InspectedDelivery,
  InspectedDeliverySummary,
  SampleRunResponse,
} from '../../../../../core/src/hooks/inspector-api';
import { PRESET_SAMPLES } from '../../../../../core/src/hooks/preset-samples';
import { isServiceError } from '../../../../../core/src/errors';
import { redactPayload } from '../../../../../core/src/hooks/payload-redaction';
import { PRESETS } from '../../../../../core/src/hooks/presets';
import { storedRequest, type StoredArticleOutcome } from '../../../../../core/src/hooks/queue';
import { redactUrlsIn } from '../../../../../core/src/redact-url';
import type { StoredHookDelivery } from './delivery-records';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<
  Collaborators,
  | 'deliveries'
  | 'gate'
  | 'hookDeliveryRecords'
  | 'hookEndpoints'
  | 'hookQueue'
  | 'hookQueueWorker'
  | 'pluginConfig'
>;

const iso = (value: string | Date | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

const outcomeOf = (row: StoredHookDelivery): StoredArticleOutcome[] =>
  Array.isArray(row.outcome) ? (row.outcome as StoredArticleOutcome[]) : [];

/**
 * The delivery inspector (issue #59): an endpoint's deliveries, each with its payload as received
 * (credentials redacted on the way out) and where each of its fields went; a kept delivery processed
 * again through the queue, by the same repeat rules unless the owner asks to write it again.
 */
const hookInspector = ({ uses }: { strapi: Core.Strapi; uses: Uses }) => {
  /** The rows as the admin shows them, with the Content Manager path of each post (one ledger read). */
  async function summaries(rows: StoredHookDelivery[]): Promise<InspectedDeliverySummary[]> {
    const documentIds = rows.flatMap((row) =>
      outcomeOf(row).flatMap((line) => (line.ok ? [line.documentId] : []))
    );
    const places = await uses.deliveries.placesOf(documentIds);
    return rows.map((row) => {
      const outcome = outcomeOf(row).map((line) =>
        line.ok ? { ...line, warnings: (line.warnings ?? []).map(redactUrlsIn) } : line
      );
      const posts = outcome.flatMap((line) => {
        if (!line.ok) return [];
        const place = places.get(line.documentId);
        const locale = place?.targetLocale
          ? `?plugins[i18n][locale]=${encodeURIComponent(place.targetLocale)}`
          : '';
        return [
          {
            documentId: line.documentId,
            url: line.url,
            contentManagerPath: place
              ? `/content-manager/collection-types/${place.targetUid}/${line.documentId}${locale}`
              : null,
          },
        ];
      });
      return {
        id: row.id,
        receivedAt: new Date(row.createdAt).toISOString(),
        event: row.event,
        status: row.status,
        arrival: row.arrival ?? 'queued',
        againOf: row.againOf ?? null,
        writeAgain: row.writeAgain === true,
        attempts: Number(row.attempts),
        finishedAt: iso(row.finishedAt),
        problem: row.problem ? redactUrlsIn(row.problem) : null,
        note: row.note ? redactUrlsIn(row.note) : null,
        outcome,
        posts,
        warnings: outcome.flatMap((line) => (line.ok ? (line.warnings ?? []) : [])),
        // Rows queued before the inspector existed kept their payload until done, and said nothing.
        payloadKept: row.payloadKept ?? row.status !== 'done',
      };
    });
  }

  async function delivery(id: number): Promise<StoredHookDelivery> {
    const row = await uses.hookDeliveryRecords.findOne(id);
    if (!row) throw new errors.NotFoundError('No webhook delivery has this id (finished ones are pruned).');
    return row;
  }

  return {
    async deliveries(
      endpointId: string,
      page: number,
      pageSize: number
    ): Promise<InspectedDeliveriesResponse> {
      const { results, pagination } = await uses.hookDeliveryRecords.pageOfEndpoint(
        endpointId,
        page,
        pageSize
      );
      const { keepPayloadDays, keepPayloadKb, keepDays } = uses.pluginConfig.static().hookQueue;
      return {
        results: await summaries(results),
        pagination,
        kept: { keepPayloadDays, keepPayloadKb, keepDays },
      };
    },

    async delivery(id: number): Promise<InspectedDelivery> {
      const row = await delivery(id);
      const [summary] = await summaries([row]);
      const kept = summary.payloadKept && row.payload !== null && row.payload !== undefined;
      const endpoint = (await uses.hookEndpoints.find(row.endpointId))?.endpoint;
      const { keepPayloadDays, keepPayloadKb } = uses.pluginConfig.static().hookQueue;
      const headers = (row.headers ?? {}) as Record<string, string>;
      return {
        ...summary,
        endpointId: row.endpointId,
        preset: row.preset,
        payload: kept ? redactPayload(row.payload) : null,
        payloadNote: kept
          ? null
          : Number(row.payloadBytes) > keepPayloadKb * 1024
            ? `Its payload (${Math.ceil(Number(row.payloadBytes) / 1024)} KB) was over the ${keepPayloadKb} KB kept (hookQueue.keepPayloadKb).`
            : `Its payload is kept ${keepPayloadDays} days after it finished (hookQueue.keepPayloadDays), and is gone.`,
        // Read with the endpoint's options of now: what a run again would do with it.
        fieldMap:
          kept && endpoint
            ? fieldMapOf(PRESETS[endpoint.preset], row.payload, storedRequest(headers), endpoint.options)
            : null,
        headers,
      };
    },

    /**
     * Processes a kept delivery again: a new delivery of the same payload and headers, queued (so the
     * queue's order per article, lease and retries hold), marked as run again. By the repeat rule it
     * is a duplicate of what it wrote before, unless `writeAgain`.
     */
    async again(id: number, { writeAgain }: DeliveryAgainBody): Promise<DeliveryAgainResponse> {
      const row = await delivery(id);
      if (row.status === 'queued' || row.status === 'processing')
        throw new errors.ApplicationError('This delivery is still in the queue: it runs on its own.');
      if (!row.payloadKept || row.payload === null || row.payload === undefined)
        throw new errors.ApplicationError('Its payload is no longer kept, so it cannot run again.');
      if (!(await uses.hookEndpoints.find(row.endpointId)))
        throw new errors.ApplicationError('Its endpoint no longer exists or is disabled.');
      const again = await uses.hookQueue.enqueue({
        endpointId: row.endpointId,
        preset: row.preset,
        event: row.event,
        payload: row.payload,
        headers: (row.headers ?? {}) as Record<string, string>,
        bodyHash: String(row.bodyHash),
        articleKey: row.articleKey ?? null,
        again: { of: row.id, writeAgain },
      });
      uses.hookQueueWorker.wake();
      return { id: again, status: 'queued' };
    },

    /**
     * "Send a sample": the preset's documented sample delivery (the one its docs page shows), read with
     * the endpoint's options and previewed on the site's real target type, as a dry run: nothing is
     * fetched or written, nothing is recorded.
     */
    async sample(endpointId: string): Promise<SampleRunResponse> {
      const endpoint = (await uses.hookEndpoints.find(endpointId))?.endpoint;
      if (!endpoint) throw new errors.NotFoundError('No enabled webhook endpoint has this id.');
      const sample = PRESET_SAMPLES[endpoint.preset];
      // The endpoint's own options win (a Custom endpoint's mapping); the sample's fill what it lacks.
      const options = { ...(sample.options ?? {}), ...((endpoint.options as Record<string, unknown>) ?? {}) };
      const preset = PRESETS[endpoint.preset];
      const request = { header: () => undefined };
      const payload = structuredClone(sample.payload);
      const fieldMap = fieldMapOf(preset, payload, request, options);
      const delivery = preset.read(payload, request, options);
      if (delivery.kind !== 'articles') {
        const ignored =
          delivery.kind === 'ignored' ? delivery.reason : `a ${delivery.action} event: no article to preview`;
        return { event: delivery.event, payload, fieldMap, articles: [], ignored };
      }
      const config = await uses.pluginConfig.get();
      const articles: SampleRunResponse['articles'] = [];
      for (const prepare of delivery.articles) {
        try {
          const prepared = prepare();
          const preview = await uses.gate.preview({
            door: 'custom-webhook',
            caller: { kind: 'service' },
            fields: prepared.fields,
            origin: {
              source: 'hook',
              endpointId: endpoint.id,
              preset: endpoint.preset,
              externalId: prepared.externalId,
              event: delivery.event,
              sentAt: prepared.sentAt,
              bodyHash: 'sample',
            },
            config,
            ...(prepared.warnings ? { warnings: prepared.warnings } : {}),
          });
          articles.push({ ok: true, preview });
        } catch (error) {
          if (!isServiceError(error)) throw error;
          articles.push({ ok: false, error: { code: error.code, message: error.message } });
        }
      }
      return { event: delivery.event, payload, fieldMap, articles, ignored: null };
    },
  };
};

export type HookInspectorService = ReturnType<typeof hookInspector>;
export default hookInspector;
