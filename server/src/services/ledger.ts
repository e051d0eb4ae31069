import type { Core } from '@strapi/strapi';
import type {
  ActivityEntry,
  ActivityResponse,
  AuthFailureSummary,
  AuthFailuresResponse,
  DeliverySource,
} from '../../../core/src/contracts';
import { PLUGIN_ID } from '../utils/plugin-id';

const DELIVERY_UID = `plugin::${PLUGIN_ID}.delivery` as const;
const AUTH_FAILURE_UID = `plugin::${PLUGIN_ID}.auth-failure` as const;

/** Failed checks read at most, newest first: enough to summarise any realistic window. */
const AUTH_FAILURE_READ_LIMIT = 5000;

export interface DeliveryQuery {
  page: number;
  pageSize: number;
  status?: ActivityEntry['requestedStatus'];
  source?: DeliverySource;
}

/** A delivery row as the database returns it (the content type's attributes plus Strapi's own). */
interface DeliveryRow {
  id: number;
  createdAt: string | Date;
  source: DeliverySource;
  title?: string | null;
  slug: string;
  targetUid: string;
  targetDocumentId?: string | null;
  postId?: number | null;
  requestedStatus: ActivityEntry['requestedStatus'];
  created?: boolean | null;
  imagesImported?: number | null;
  warnings?: unknown;
}

interface AuthFailureRow {
  client: string;
  failedAt: string | Date | number;
}

const toIso = (value: string | Date | number) => new Date(value).toISOString();

const toEntry = (row: DeliveryRow): ActivityEntry => ({
  id: row.id,
  createdAt: toIso(row.createdAt),
  source: row.source,
  title: row.title ?? null,
  slug: row.slug,
  targetUid: row.targetUid,
  targetDocumentId: row.targetDocumentId ?? null,
  postId: row.postId ?? null,
  requestedStatus: row.requestedStatus,
  created: row.created ?? null,
  imagesImported: row.imagesImported ?? 0,
  // Written by the publisher as a string array; anything else is shown as nothing rather than failing.
  warnings: Array.isArray(row.warnings) ? row.warnings.map(String) : [],
});

/** Read side of the ledger (deliveries) and of the failed auth checks, for the activity page. */
const ledger = ({ strapi }: { strapi: Core.Strapi }) => ({
  async listDeliveries(query: DeliveryQuery): Promise<ActivityResponse> {
    const where: Record<string, unknown> = {};
    if (query.status) where.requestedStatus = query.status;
    if (query.source) where.source = query.source;
    const { results, pagination } = (await strapi.db.query(DELIVERY_UID).findPage({
      page: query.page,
      pageSize: query.pageSize,
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    })) as { results: DeliveryRow[]; pagination: ActivityResponse['pagination'] };
    return { results: results.map(toEntry), pagination };
  },

  /** Failed checks per client inside the throttle window (older rows no longer count and are pruned). */
  async authFailuresByClient(windowSeconds: number, now = new Date()): Promise<AuthFailuresResponse> {
    const rows = (await strapi.db.query(AUTH_FAILURE_UID).findMany({
      select: ['client', 'failedAt'],
      where: { failedAt: { $gt: new Date(now.getTime() - windowSeconds * 1000) } },
      orderBy: { failedAt: 'desc' },
      limit: AUTH_FAILURE_READ_LIMIT,
    })) as AuthFailureRow[];
    const byClient = new Map<string, AuthFailureSummary>();
    for (const row of rows) {
      const summary = byClient.get(row.client);
      // Rows come newest first, so the first one seen of a client is its last failure.
      if (summary) summary.count += 1;
      else byClient.set(row.client, { client: row.client, count: 1, lastFailedAt: toIso(row.failedAt) });
    }
    return { clients: [...byClient.values()], windowSeconds };
  },
});

export type LedgerService = ReturnType<typeof ledger>;
export default ledger;
