import type { Core } from '@strapi/strapi';
import {
  isRecordedRefusal,
  refusalMessage,
  refusalRoute,
  type RefusalDoor,
  type RefusalEntry,
  type RefusalsResponse,
} from '../../../../core/src/refusals';
import { describeError } from '../../common/describe-error';
import { REFUSAL_UID } from '../../common/plugin-tables';
import type { Collaborators } from '../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'pluginConfig'>;

/** What a door knows of a request it refused; the message is the answer's own, nothing of the request. */
export interface RefusedRequest {
  door: RefusalDoor;
  method: string;
  path: string;
  status: number;
  code: string;
  message: string;
  client: string;
}

export interface RefusalQuery {
  page: number;
  pageSize: number;
  door?: RefusalDoor;
  code?: string;
}

interface RefusalRow {
  id: number;
  door: RefusalDoor;
  route: string;
  status: number;
  code: string;
  message: string | null;
  client: string;
  refusedAt: string | Date;
}

const DAY_MS = 86_400_000;

const toEntry = (row: RefusalRow): RefusalEntry => ({
  id: row.id,
  refusedAt: new Date(row.refusedAt).toISOString(),
  door: row.door,
  route: row.route,
  status: row.status,
  code: row.code,
  message: row.message ?? '',
  client: row.client,
});

/**
 * The refused requests of every door, in the database (several instances share it), bounded on
 * write: each record drops rows older than `refusalLog.maxDays` and all but the newest `maxRows`.
 */
const refusals = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const rows = () => strapi.db.query(REFUSAL_UID);
  const limits = () => uses.pluginConfig.static().refusalLog;

  async function prune(now: Date): Promise<void> {
    const { maxRows, maxDays } = limits();
    await rows().deleteMany({ where: { refusedAt: { $lt: new Date(now.getTime() - maxDays * DAY_MS) } } });
    // The newest row beyond the cap: it and every older one go (ids grow with time on every database).
    const [beyond] = (await rows().findMany({
      select: ['id'],
      orderBy: { id: 'desc' },
      offset: maxRows,
      limit: 1,
    })) as { id: number }[];
    if (beyond) await rows().deleteMany({ where: { id: { $lte: beyond.id } } });
  }

  return {
    /**
     * Records a refusal when its status is one the log keeps. Never throws: a refusal is answered
     * whether or not it could be written down.
     */
    async record(request: RefusedRequest, now = new Date()): Promise<void> {
      if (!isRecordedRefusal(request.status)) return;
      try {
        await rows().create({
          data: {
            door: request.door,
            route: refusalRoute(request.method, request.path),
            status: request.status,
            code: request.code.slice(0, 100),
            message: refusalMessage(request.message),
            client: request.client.slice(0, 255),
            refusedAt: now,
          },
        });
        await prune(now);
      } catch (error) {
        strapi.log.warn(
          `[article-publisher] a refused request could not be recorded: ${describeError(error)}`
        );
      }
    },

    async list(query: RefusalQuery): Promise<RefusalsResponse> {
      const where: Record<string, unknown> = {};
      if (query.door) where.door = query.door;
      if (query.code) where.code = query.code;
      const { results, pagination } = (await rows().findPage({
        page: query.page,
        pageSize: query.pageSize,
        where,
        orderBy: [{ refusedAt: 'desc' }, { id: 'desc' }],
      })) as { results: RefusalRow[]; pagination: RefusalsResponse['pagination'] };
      const { maxRows, maxDays } = limits();
      return { results: results.map(toEntry), pagination, kept: { maxRows, maxDays } };
    },
  };
};

export type RefusalsService = ReturnType<typeof refusals>;
export default refusals;
