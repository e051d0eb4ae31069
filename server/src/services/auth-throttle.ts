import type { Core } from '@strapi/strapi';
import { ServiceError } from '../../../core/src/errors';
import { getService } from '../utils/get-service';
import { PLUGIN_ID } from '../utils/plugin-id';

const AUTH_FAILURE_UID = `plugin::${PLUGIN_ID}.auth-failure` as const;

interface AuthFailureRow {
  id: number;
  failedAt: string | Date;
}

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
      throw new ServiceError('rate_limited', `Too many failed ${checkName} checks from this client. Retry in ${retryAfter} s.`, {
        'Retry-After': String(retryAfter),
      });
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
  };
};

export type AuthThrottleService = ReturnType<typeof authThrottle>;
export default authThrottle;
