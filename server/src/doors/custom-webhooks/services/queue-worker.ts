import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Core } from '@strapi/strapi';
import { isServiceError } from '../../../../../core/src/errors';
import { failureVerdict, type QueueVerdict } from '../../../../../core/src/hooks/queue';
import { describeError } from '../../../common/describe-error';
import type { ClaimedHookDelivery } from './queue';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'hookQueue' | 'hooks' | 'pluginConfig'>;

/** Finished deliveries are pruned at start and then at most this often, per instance. */
const PRUNE_EVERY_MS = 10 * 60_000;
/** How long `stop` waits for the deliveries in progress before Strapi closes the database. */
const STOP_WAIT_MS = 5_000;

const LOG = '[article-publisher] webhook queue:';

/**
 * The queue's worker, one per instance, started in bootstrap and stopped in destroy. It claims due
 * deliveries (up to `hookQueue.concurrency` at once), renews each claim's lease while the delivery
 * runs through the pipeline, and records its outcome. An idle worker looks every `pollMs`; a delivery
 * stored by this instance wakes it at once. Everything another instance needs (what is due, who holds
 * it, until when) is in the database; the process keeps only its own timers and the claims in progress.
 */
const hookQueueWorker = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  /** This process's name on its leases: unique per start, so a restarted instance never mistakes an old lease for its own. */
  const owner = `${os.hostname()}:${process.pid}:${randomUUID()}`.slice(0, 255);
  const settings = () => uses.pluginConfig.static().hookQueue;
  const queue = () => uses.hookQueue;
  const inProgress = new Set<Promise<void>>();
  let running = false;
  let filling = false;
  /** A wake-up came while claiming: look again at once rather than after pollMs. */
  let woken = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;

  function schedule(delayMs: number): void {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void fill(), delayMs);
    // The worker never keeps the process alive on its own.
    timer.unref();
  }

  /** Claims due deliveries while this instance has room for more. */
  async function fill(): Promise<void> {
    if (!running) return;
    if (filling) {
      woken = true;
      return;
    }
    filling = true;
    woken = false;
    try {
      while (running && inProgress.size < settings().concurrency) {
        const claimed = await queue().claim(owner);
        if (!claimed) break;
        const run = runDelivery(claimed).finally(() => {
          inProgress.delete(run);
          wake();
        });
        inProgress.add(run);
      }
      if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await queue().prune();
      }
    } catch (error) {
      strapi.log.warn(`${LOG} looking for due deliveries failed: ${describeError(error)}`);
    } finally {
      filling = false;
      schedule(woken ? 0 : settings().pollMs);
    }
  }

  function wake(): void {
    if (filling) woken = true;
    else schedule(0);
  }

  /** One claimed delivery: through the pipeline with its lease renewed, then its outcome recorded. */
  async function runDelivery(row: ClaimedHookDelivery): Promise<void> {
    const leaseMs = settings().leaseSeconds * 1000;
    const heartbeat = setInterval(() => {
      queue()
        .renew(row.id, owner)
        .then(
          (held) => held || strapi.log.warn(`${LOG} delivery ${row.id} was taken over (its lease ran out)`),
          (error: unknown) => strapi.log.warn(`${LOG} renewing delivery ${row.id}: ${describeError(error)}`)
        );
    }, leaseMs / 3);
    heartbeat.unref();
    let verdict: QueueVerdict;
    try {
      verdict = await uses.hooks.processQueued(row);
    } catch (error) {
      // Reading the payload again refused it (4xx), or the database or the network went away.
      verdict = failureVerdict(
        isServiceError(error) ? error.toBody() : undefined,
        isServiceError(error) ? error.message : describeError(error),
        row.attempts,
        settings()
      );
    } finally {
      clearInterval(heartbeat);
    }
    await record(row, verdict);
  }

  async function record(row: ClaimedHookDelivery, verdict: QueueVerdict): Promise<void> {
    const what = `delivery ${row.id} (endpoint ${row.endpointId}, ${row.event}, try ${row.attempts})`;
    try {
      if (!(await queue().finish(row.id, owner, verdict))) {
        strapi.log.warn(
          `${LOG} ${what} ended after another instance took it over; its outcome is that one's`
        );
        return;
      }
    } catch (error) {
      strapi.log.warn(
        `${LOG} ${what}: its outcome could not be recorded (${describeError(error)}); it is tried again once its lease runs out`
      );
      return;
    }
    if (verdict.kind === 'retry')
      strapi.log.warn(
        `${LOG} ${what} failed for now, tried again in ${Math.round(verdict.delayMs / 1000)} s: ${verdict.problem}`
      );
    else if (verdict.kind === 'failed') strapi.log.warn(`${LOG} ${what} failed: ${verdict.problem}`);
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      schedule(0);
    },

    /** Stops claiming; waits a little for the deliveries in progress (an unfinished one is claimed again once its lease runs out). */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!inProgress.size) return;
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inProgress]),
        new Promise((resolve) => (waited = setTimeout(resolve, STOP_WAIT_MS))),
      ]);
      clearTimeout(waited);
    },

    /** A delivery was stored on this instance: look for it now rather than at the next poll. */
    wake,
  };
};

export type HookQueueWorkerService = ReturnType<typeof hookQueueWorker>;
export default hookQueueWorker;
