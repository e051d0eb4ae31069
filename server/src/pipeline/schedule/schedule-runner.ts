import type { Core } from '@strapi/strapi';
import { pollPattern } from '../../../../core/src/schedule/poll-period';
import { publisherVerdict } from '../../../../core/src/schedule/publisher-verdict';
import { describeError } from '../../common/describe-error';
import { scheduleLockName, type ScheduleRow } from './schedules';
import type { Collaborators } from '../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'locks' | 'pluginConfig' | 'publisherActions' | 'schedules'>;

/** The cron task's name in `strapi.cron`. */
const TASK_NAME = 'article-publisher:scheduled-publishing';

interface PublishOutcome {
  documentId?: string;
  entries?: unknown[];
}

/** Strapi's entry event payload (document-service/events.js), as far as it is read here. */
interface EntryEvent {
  uid?: string;
  entry?: { documentId?: string };
}

interface PublishingDocuments {
  publish(params: { documentId: string; locale?: string }): Promise<PublishOutcome>;
  findFirst(params: object): Promise<{ publishedAt?: string | Date | null } | null>;
}

/**
 * The cron task of scheduled publishing (`schedulePollSeconds`). Every instance runs it; each due
 * schedule is published once over all of them: under its own lock and the post's (a delivery of the
 * same post waits, or is waited for), its state is read again and set to `published` in the same
 * transaction as the publish. The schedules are rows, so a restart loses none: a due one is published
 * on the next tick. Publishing goes through the Document Service, so Strapi's `entry.publish` fires.
 * A post an editor published by hand since its schedule was set is no longer `future`: its schedule
 * ends without publishing (told by the published version's publishedAt, so every instance agrees).
 */
const scheduleRunner = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const documents = (uid: string) => strapi.documents(uid as never) as unknown as PublishingDocuments;
  const localeOf = (row: ScheduleRow) => (row.targetLocale ? { locale: row.targetLocale } : {});
  /** This process only: a tick while the previous one still runs does nothing. */
  let ticking = false;
  let stopListening: (() => void) | undefined;

  /** Ends the schedule of a post an editor published by hand (the log and the activity row say so). */
  async function endPublishedByHand(row: ScheduleRow, publishedAt: Date): Promise<void> {
    await uses.schedules.endPublishedByHand(row, publishedAt);
    strapi.log.info(
      `[article-publisher] the schedule of "${row.slug}" ended: the post was published by hand at ${publishedAt.toISOString()}`
    );
  }

  /** The same, from outside a publish: under the schedule's lock, if it is still waiting. */
  async function endByHandUnderLock(row: ScheduleRow, publishedAt: Date): Promise<void> {
    await uses.locks.withLocksIfFree([scheduleLockName(row.id)], async () => {
      const current = await uses.schedules.find(row.id);
      if (current?.state === 'scheduled') await endPublishedByHand(current, publishedAt);
    });
  }

  /**
   * Publishes the post's latest draft, as WordPress's cron publishes a post still `future`: an editor's
   * draft changes are published with it; a publish by hand since the schedule was set ends it instead.
   */
  async function publishDue(row: ScheduleRow): Promise<void> {
    const schedules = uses.schedules;
    await uses.locks.withLocksIfFree(
      [scheduleLockName(row.id), `post:${row.targetUid}:${row.slug}`],
      async () => {
        const current = await schedules.find(row.id);
        if (current?.state !== 'scheduled') return;
        const byHand = (await schedules.publishedByHand([current])).get(current.id);
        if (byHand) return endPublishedByHand(current, byHand);
        try {
          await strapi.db.transaction(async () => {
            const outcome = await documents(row.targetUid).publish({
              documentId: row.targetDocumentId,
              ...localeOf(row),
            });
            if (!outcome?.entries?.length) throw new Error('the post no longer exists');
            await schedules.update(row.id, { state: 'published', firedAt: new Date() });
          });
          strapi.log.info(
            `[article-publisher] published ${row.targetUid} ${row.targetDocumentId} (${row.slug}) by schedule`
          );
        } catch (error) {
          const problem = describeError(error);
          strapi.log.warn(`[article-publisher] the scheduled publish of "${row.slug}" failed: ${problem}`);
          await schedules.update(row.id, { state: 'failed', problem });
        }
      }
    );
  }

  /** A schedule kept by strapi-plugin-publisher: its state read from its action and the entry (it runs them itself). */
  async function followPublisher(row: ScheduleRow): Promise<void> {
    const action = row.actionDocumentId ? await uses.publisherActions.find(row.actionDocumentId) : null;
    const published = await documents(row.targetUid).findFirst({
      filters: { documentId: row.targetDocumentId },
      status: 'published',
      fields: ['publishedAt'],
      ...localeOf(row),
    });
    const verdict = publisherVerdict({
      actionExecuteAt: action ? new Date(action.executeAt) : null,
      publishedAt: published?.publishedAt ? new Date(published.publishedAt) : null,
      publishAt: new Date(row.publishAt),
      scheduledSince: new Date(row.createdAt),
    });
    const schedules = uses.schedules;
    if (verdict.kind === 'waiting') {
      if (verdict.publishAt.getTime() !== new Date(row.publishAt).getTime())
        await schedules.update(row.id, { publishAt: verdict.publishAt });
    } else if (verdict.kind === 'published-by-hand') {
      // Its action would publish the latest draft at its time: removed with the schedule.
      await endByHandUnderLock(row, verdict.at);
    } else if (verdict.kind === 'published') {
      await schedules.update(row.id, { state: 'published', firedAt: verdict.at });
    } else {
      await schedules.update(row.id, {
        state: 'cancelled',
        problem: 'its strapi-plugin-publisher action was removed',
      });
    }
  }

  /**
   * Strapi's `entry.publish` (sent after the commit, by the instance that published): a waiting schedule
   * of that post ends at once, so a publish then an unpublish before the next tick is not missed. Our
   * own publish has marked its row `published` in its transaction by then; strapi-plugin-publisher's is
   * told apart by its action (followPublisher). The tick and the check at the time remain the guarantee.
   */
  async function onEntryPublish(uid: string, documentId: string): Promise<void> {
    const rows = await uses.schedules.waitingOf(uid, documentId);
    const byHand = await uses.schedules.publishedByHand(rows.filter((row) => row.via === 'plugin'));
    for (const row of rows) {
      const publishedAt = byHand.get(row.id);
      if (row.via === 'publisher') await followPublisher(row);
      else if (publishedAt) await endByHandUnderLock(row, publishedAt);
    }
  }

  async function tick(): Promise<void> {
    if (ticking) return;
    ticking = true;
    try {
      const schedules = uses.schedules;
      const now = new Date();
      const waiting = await schedules.waiting('plugin');
      // Those published by hand end now (the activity says so before their time); the due ones are published.
      const byHand = await schedules.publishedByHand(waiting);
      for (const row of waiting) {
        const publishedAt = byHand.get(row.id);
        if (publishedAt) await endByHandUnderLock(row, publishedAt);
        else if (new Date(row.publishAt).getTime() <= now.getTime()) await publishDue(row);
      }
      if (uses.publisherActions.available()) {
        for (const row of await schedules.waiting('publisher')) await followPublisher(row);
      } else {
        // strapi-plugin-publisher was turned off since: its actions no longer run, so the schedule does.
        for (const row of await schedules.waiting('publisher', now)) await publishDue(row);
      }
    } catch (error) {
      strapi.log.warn(`[article-publisher] the scheduled publishing task failed: ${describeError(error)}`);
    } finally {
      ticking = false;
    }
  }

  return {
    /** Adds the cron task (every `schedulePollSeconds`); its first tick also publishes what came due while no instance ran. */
    start(): void {
      const seconds = uses.pluginConfig.static().schedulePollSeconds;
      strapi.cron.add({ [TASK_NAME]: { task: () => tick(), options: pollPattern(seconds) } });
      stopListening = strapi.eventHub.on('entry.publish', async (event: EntryEvent) => {
        const documentId = event?.entry?.documentId;
        if (!event?.uid || !documentId) return;
        // A listener's error would reach the editor's publish, which has succeeded: logged only.
        await onEntryPublish(event.uid, documentId).catch((error: unknown) =>
          strapi.log.warn(
            `[article-publisher] ending a schedule after a publish failed: ${describeError(error)}`
          )
        );
      });
    },

    stop(): void {
      strapi.cron.remove(TASK_NAME);
      stopListening?.();
      stopListening = undefined;
    },

    /** One pass now (the tests' and the cron task's entry). */
    runOnce: tick,
  };
};

export type ScheduleRunnerService = ReturnType<typeof scheduleRunner>;
export default scheduleRunner;
