import type { Core } from '@strapi/strapi';
import {
  heldObjectHashes,
  providerObjectOf,
  type FileRowHashes,
} from '../../../../core/src/images/upload-journal';
import { deleteProviderObject } from '../../strapi/upload-provider';
import { UPLOAD_FILE_UID } from '../../common/plugin-tables';
import type { JournalEntry } from './upload-journal';
import type { Collaborators } from '../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'locks' | 'pluginConfig' | 'pluginStore' | 'uploadJournal'>;

/** One sweep at a time over every instance sharing the database. */
const SWEEP_LOCK = 'upload-journal:sweep';
/** Entries read per query. */
const BATCH_SIZE = 100;
/**
 * A periodic sweep is skipped when another instance started one less than this share of the period
 * ago: the instances' timers drift, and each period should see one sweep, not one per instance.
 */
const PERIOD_SHARE = 0.9;

/** The entries of one upload's lock (null: an upload journaled without one). */
function groupByLock(entries: JournalEntry[]): Map<string | null, JournalEntry[]> {
  const groups = new Map<string | null, JournalEntry[]>();
  for (const entry of entries) groups.set(entry.lockName, [...(groups.get(entry.lockName) ?? []), entry]);
  return groups;
}

/**
 * Removes what the upload journal names but no file row holds: objects an instance wrote through the
 * upload provider and died before Strapi inserted the file's row. Only entries older than the grace
 * period are considered, and only while their upload's lock is free, so an upload still in progress
 * (on any instance) is never deleted from under it. Deletion goes through the provider's own `delete`,
 * as Strapi's own file removal does.
 */
const orphanSweep = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const journal = () => uses.uploadJournal;
  const locks = () => uses.locks;
  const settings = () => uses.pluginConfig.static().orphanSweep;
  let timer: NodeJS.Timeout | undefined;
  /** This process's timer only: a tick while its previous sweep still runs does nothing. */
  let ticking = false;

  /** Drops the entries a file row holds; deletes the others' objects, then their entries. Returns objects deleted. */
  async function settle(entries: JournalEntry[]): Promise<number> {
    const hashes = [...new Set(entries.flatMap((entry) => [entry.fileHash, entry.hash]))];
    const rows = (await strapi.db.query(UPLOAD_FILE_UID).findMany({
      where: { hash: { $in: hashes } },
      select: ['hash', 'formats'],
    })) as FileRowHashes[];
    const held = heldObjectHashes(rows);
    await journal().remove(entries.filter((entry) => held.has(entry.hash)).map((entry) => entry.id));

    const current = journal().providerName();
    let deleted = 0;
    for (const entry of entries.filter((candidate) => !held.has(candidate.hash))) {
      if (entry.provider !== current) {
        // Not deletable through this provider; kept for when the site switches back.
        strapi.log.warn(
          `[article-publisher] upload ${entry.hash}${entry.ext} was left by an interrupted upload to provider "${entry.provider}", not "${current}": not removed`
        );
        continue;
      }
      try {
        await deleteProviderObject(strapi, providerObjectOf(entry));
        await journal().remove([entry.id]);
        deleted++;
      } catch (error) {
        strapi.log.warn(
          `[article-publisher] could not remove ${entry.hash}${entry.ext} left by an interrupted upload (retried on the next sweep): ${(error as Error).message}`
        );
      }
    }
    return deleted;
  }

  /** One pass over the entries older than the grace period. Under the sweep lock. */
  async function sweepDue(graceSeconds: number): Promise<number> {
    const before = new Date(Date.now() - graceSeconds * 1000);
    let deleted = 0;
    for (let afterId = 0; ; ) {
      const due = await journal().findOlderThan(before, afterId, BATCH_SIZE);
      if (!due.length) break;
      afterId = due[due.length - 1].id;
      for (const [lockName, entries] of groupByLock(due)) {
        // Held: that upload is still running (its instance renews the lock); looked at again next time.
        if (lockName === null) deleted += await settle(entries);
        else deleted += (await locks().withLocksIfFree([lockName], () => settle(entries)))?.value ?? 0;
      }
      if (due.length < BATCH_SIZE) break;
    }
    if (deleted)
      strapi.log.info(
        `[article-publisher] removed ${deleted} journaled object(s) that interrupted uploads left without a file row (a format an upload foresaw but never made is removed as missing)`
      );
    return deleted;
  }

  /** Sweeps under the sweep lock unless another instance holds it (then that sweep does the work). */
  async function sweepOnce(whenDue: (startedAt: number) => Promise<boolean>): Promise<void> {
    const { graceSeconds } = settings();
    await locks().withLocksIfFree([SWEEP_LOCK], async () => {
      const startedAt = Date.now();
      if (!(await whenDue(startedAt))) return;
      await uses.pluginStore.setLastOrphanSweep(startedAt);
      await sweepDue(graceSeconds);
    });
  }

  return {
    /** The sweep at start: whatever a crash of this or another instance left, once past the grace period. */
    async sweepNow(): Promise<void> {
      await sweepOnce(async () => true);
    },

    /** Every `orphanSweep.everySeconds`, one instance (whichever comes first in the period) sweeps. */
    startPeriodicSweep(): void {
      if (timer) return;
      const periodMs = settings().everySeconds * 1000;
      const tick = async () => {
        if (ticking) return;
        ticking = true;
        try {
          await sweepOnce(
            async (startedAt) =>
              startedAt - (await uses.pluginStore.getLastOrphanSweep()) >= periodMs * PERIOD_SHARE
          );
        } catch (error) {
          strapi.log.warn(`[article-publisher] the orphan upload sweep failed: ${(error as Error).message}`);
        } finally {
          ticking = false;
        }
      };
      timer = setInterval(() => void tick(), periodMs);
      // The sweep never keeps the process alive on its own.
      timer.unref();
    },

    stopPeriodicSweep(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
};

export type OrphanSweepService = ReturnType<typeof orphanSweep>;
export default orphanSweep;
