import { createId as createDocumentId } from '@paralleldrive/cuid2';
import type { Core } from '@strapi/strapi';
import type { DeliveryArrival } from '../../../../../core/src/hooks/inspector-api';
import type {
  HookQueueResponse,
  HookQueueStatus,
  StoredArticleOutcome,
} from '../../../../../core/src/hooks/queue';
import { HOOK_DELIVERY_UID } from '../../../common/plugin-tables';
import type { Collaborators } from '../../../common/collaborators';
import { LISTED_COLUMNS, payloadSize, type NewHookDelivery } from './queue';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'pluginConfig'>;

/** A delivery answered after it ran (a preset that is not queued), or refused before its articles ran. */
export interface DirectHookDelivery extends Omit<NewHookDelivery, 'again' | 'articleKey'> {
  status: 'done' | 'failed';
  outcome: StoredArticleOutcome[];
  problem: string | null;
  /** What was done when no article was written (a test event, withdrawn posts). */
  note: string | null;
}

/** A delivery as the inspector reads it. */
export interface StoredHookDelivery {
  id: number;
  createdAt: string | Date;
  endpointId: string;
  preset: string;
  event: string;
  status: HookQueueStatus;
  attempts: number | string;
  finishedAt?: string | Date | null;
  problem?: string | null;
  outcome?: unknown;
  arrival?: DeliveryArrival | null;
  againOf?: number | null;
  writeAgain?: boolean | null;
  payloadBytes?: number | null;
  payloadKept?: boolean | null;
  note?: string | null;
  payload?: unknown;
  headers?: unknown;
  bodyHash?: string;
  articleKey?: string | null;
}

/** What the inspector's lists read of a row: never its payload (up to keepPayloadKb each) or headers. */
const SUMMARY_COLUMNS = [
  ...LISTED_COLUMNS,
  'arrival',
  'againOf',
  'writeAgain',
  'payloadKept',
  'payloadBytes',
  'note',
];

/**
 * The record of every custom webhook delivery, beside the queue's rows in the same table (issue #59's
 * delivery inspector): a queued delivery's row is its record; a delivery answered after it ran (or
 * refused before its articles ran) is recorded here once answered. Reads never take a payload but one's.
 */
const hookDeliveryRecords = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const rows = () => strapi.db.query(HOOK_DELIVERY_UID);
  const settings = () => uses.pluginConfig.static().hookQueue;
  /** Whether a finished delivery's payload of this size is kept for the inspector. */
  const keepsPayload = (bytes: number) => {
    const { keepPayloadDays, keepPayloadKb } = settings();
    return keepPayloadDays > 0 && bytes <= keepPayloadKb * 1024;
  };

  return {
    /**
     * Records a delivery answered after it ran (or refused before its articles ran), finished, for the
     * inspector: one insert after the work, outside any transaction. Its payload within the bounds.
     */
    async recordDirect(delivery: DirectHookDelivery, now = Date.now()): Promise<number> {
      const bytes = payloadSize(delivery.payload);
      const kept = keepsPayload(bytes);
      const [id] = (
        await rows().createMany({
          data: [
            {
              ...delivery,
              payload: kept ? delivery.payload : null,
              payloadBytes: bytes,
              payloadKept: kept,
              articleKey: null,
              attempts: 1,
              nextAttemptAt: now,
              arrival: 'direct',
              writeAgain: false,
              finishedAt: new Date(now),
              documentId: createDocumentId(),
              publishedAt: new Date(now),
            },
          ],
        })
      ).ids;
      return Number(id);
    },

    /** An endpoint's deliveries for the inspector, newest first: never a payload or a header. */
    async pageOfEndpoint(
      endpointId: string,
      page: number,
      pageSize: number
    ): Promise<{ results: StoredHookDelivery[]; pagination: HookQueueResponse['pagination'] }> {
      return (await rows().findPage({
        page,
        pageSize,
        select: SUMMARY_COLUMNS,
        where: { endpointId },
        orderBy: [{ id: 'desc' }],
      })) as { results: StoredHookDelivery[]; pagination: HookQueueResponse['pagination'] };
    },

    /** One delivery whole (its payload and the headers its preset read), or null. */
    async findOne(id: number): Promise<StoredHookDelivery | null> {
      return (await rows().findOne({
        select: [...SUMMARY_COLUMNS, 'payload', 'headers', 'bodyHash', 'articleKey'],
        where: { id },
      })) as StoredHookDelivery | null;
    },
  };
};

export type HookDeliveryRecordsService = ReturnType<typeof hookDeliveryRecords>;
export default hookDeliveryRecords;
