import type { Core } from '@strapi/strapi';
import { ServiceError } from '../../../../core/src/errors';
import type { AuthFailureSummary, AuthFailuresResponse } from '../../../../core/src/contracts';
import { AUTH_FAILURE_UID } from '../plugin-tables';
import type { Collaborators } from '../collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'pluginConfig'>;

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
 * The one exception: a client that abandoned `maxFailures` webhook bodies unverified (they stalled or
 * were cut off) gets no further body read, since a signature cannot be checked without reading it.
 */
const authThrottle = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const failures = () => strapi.db.query(AUTH_FAILURE_UID);
  const settings = () => uses.pluginConfig.static().authThrottle;

  /** Seconds until the client's `maxFailures`-th most recent counted failure leaves the window, or null. */
  async function secondsBlocked(
    client: string,
    abandonedBodiesOnly: boolean,
    now: Date
  ): Promise<number | null> {
    const { maxFailures, windowSeconds } = settings();
    const windowStart = new Date(now.getTime() - windowSeconds * 1000);
    // While the maxFailures-th most recent failure inside the window exists the client is blocked,
    // and it leaves the window at failedAt + window.
    const [limiting] = (await failures().findMany({
      where: {
        client,
        failedAt: { $gt: windowStart },
        ...(abandonedBodiesOnly ? { abandonedBody: true } : {}),
      },
      orderBy: { failedAt: 'desc' },
      offset: maxFailures - 1,
      limit: 1,
    })) as AuthFailureRow[];
    if (!limiting) return null;
    const releasedAt = new Date(limiting.failedAt).getTime() + windowSeconds * 1000;
    return Math.max(1, Math.ceil((releasedAt - now.getTime()) / 1000));
  }

  const rateLimited = (what: string, retryAfter: number, headers: Record<string, string> = {}) =>
    new ServiceError('rate_limited', `Too many ${what} from this client. Retry in ${retryAfter} s.`, {
      'Retry-After': String(retryAfter),
      ...headers,
    });

  return {
    /** Seconds the client must wait, or null when it may try. */
    retryAfterSeconds(client: string, now = new Date()): Promise<number | null> {
      return secondsBlocked(client, false, now);
    },

    /** Throws the contract's 429 (with Retry-After) while the client is throttled. */
    async assertAllowed(client: string, checkName: string): Promise<void> {
      const retryAfter = await this.retryAfterSeconds(client);
      if (retryAfter !== null) throw rateLimited(`failed ${checkName} checks`, retryAfter);
    },

    /**
     * Throws the contract's 429 while the client has abandoned `maxFailures` unverified bodies inside the
     * window: such a client gets no more bodies read, since reading its bodies is what it abuses. The
     * answer closes the connection, so the body it declared is never read.
     */
    async assertMayStartBody(client: string): Promise<void> {
      const retryAfter = await secondsBlocked(client, true, new Date());
      if (retryAfter !== null)
        throw rateLimited('webhook bodies abandoned unverified', retryAfter, { Connection: 'close' });
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

    /** Counts a failure; `abandonedBody` marks a webhook body that stalled or was cut off before it could be verified. */
    async recordFailure(client: string, { abandonedBody = false, now = new Date() } = {}): Promise<void> {
      const { windowSeconds } = settings();
      await failures().create({ data: { client, failedAt: now, abandonedBody } });
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
