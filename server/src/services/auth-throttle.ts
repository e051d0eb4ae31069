import type { Core } from '@strapi/strapi';
import { ServiceError } from '../../../core/src/errors';
import { getService } from '../utils/get-service';
import type { AuthFailureSummary, AuthFailuresResponse } from '../../../core/src/contracts';
import { AUTH_FAILURE_UID } from '../utils/plugin-tables';

interface AuthFailureRow {
  id: number;
  client: string;
  failedAt: string | Date | number;
}

/** Failed checks read at most, newest first: enough to summarise any realistic window. */
const AUTH_FAILURE_READ_LIMIT = 5000;

const toIso = (value: string | Date | number) => new Date(value).toISOString();

/**
 * Counts failed key checks per client in the database, so the limit holds across instances:
 * after `maxFailures` failures within `windowSeconds`, the client's failed attempts are answered
 * 429 until the oldest counted failure leaves the window. Only failures are throttled: callers check
 * the credential first and consult the throttle only when it is wrong, so a client that shares an
 * address with an attacker is never locked out while it presents the right key or signature.
 */
const authThrottle = ({ strapi }: { strapi: Core.Strapi }) => {
  const failures = () => strapi.db.query(AUTH_FAILURE_UID);
  const settings = () => getService(strapi, 'plugin-config').static().authThrottle;

  return {
    /** Seconds the client must wait, or null when it may try. */
    async retryAfterSeconds(client: string, now = new Date()): Promise<number | null> {
      const { maxFailures, windowSeconds } = settings();
      const windowStart = new Date(now.getTime() - windowSeconds * 1000);
      // The maxFailures-th most recent failure inside the window: while it exists the client is blocked,
      // and it leaves the window at failedAt + window.
      const [limiting] = (await failures().findMany({
        where: { client, failedAt: { $gt: windowStart } },
        orderBy: { failedAt: 'desc' },
        offset: maxFailures - 1,
        limit: 1,
      })) as AuthFailureRow[];
      if (!limiting) return null;
      const releasedAt = new Date(limiting.failedAt).getTime() + windowSeconds * 1000;
      return Math.max(1, Math.ceil((releasedAt - now.getTime()) / 1000));
    },

    /** Throws the contract's 429 (with Retry-After) while the client is throttled. */
    async assertAllowed(client: string, checkName: string): Promise<void> {
      const retryAfter = await this.retryAfterSeconds(client);
      if (retryAfter === null) return;
      throw new ServiceError(
        'rate_limited',
        `Too many failed ${checkName} checks from this client. Retry in ${retryAfter} s.`,
        {
          'Retry-After': String(retryAfter),
        }
      );
    },

    /**
     * Refuses a request whose credential was wrong: 429 while the client is over the limit (the
     * attempt is not counted again), else the failure is counted and `error` thrown.
     */
    async refuse(client: string, checkName: string, error: ServiceError): Promise<never> {
      await this.assertAllowed(client, checkName);
      await this.recordFailure(client);
      throw error;
    },

    async recordFailure(client: string, now = new Date()): Promise<void> {
      const { windowSeconds } = settings();
      await failures().create({ data: { client, failedAt: now } });
      // Old rows no longer count; dropping them keeps the table as small as the window.
      await failures().deleteMany({
        where: { failedAt: { $lt: new Date(now.getTime() - windowSeconds * 1000) } },
      });
    },

    /** Failed checks per client inside the throttle window (older rows no longer count and are pruned). */
    async authFailuresByClient(windowSeconds: number, now = new Date()): Promise<AuthFailuresResponse> {
      const rows = (await failures().findMany({
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
  };
};

export type AuthThrottleService = ReturnType<typeof authThrottle>;
export default authThrottle;
