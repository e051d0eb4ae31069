import type { Core } from '@strapi/strapi';
import { pollPattern } from '../../../core/src/schedule/poll-period';
import { publisherVerdict } from '../../../core/src/schedule/publisher-verdict';
import { describeError } from '../utils/describe-error';
import { getService } from '../utils/get-service';
import { scheduleLockName, type ScheduleRow } from './schedules';

/** The cron task's name in `strapi.cron`. */
const TASK_NAME = 'article-publisher:scheduled-publishing';

interface PublishOutcome {
  documentId?: string;
  entries?: unknown[];
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
 */
const scheduleRunner = ({ strapi }: { strapi: Core.Strapi }) => {
  const service = <Name extends Parameters<typeof getService>[1]>(name: Name) => getService(strapi, name);
  const documents = (uid: string) => strapi.documents(uid as never) as unknown as PublishingDocuments;
  const localeOf = (row: ScheduleRow) => (row.targetLocale ? { locale: row.targetLocale } : {});
  /** This process only: a tick while the previous one still runs does nothing. */
  let ticking = false;

  /**
   * Publishes the post's latest draft, as WordPress does: an editor's changes or publish before the
   * time do not stop it, only a cancel in the admin or a later delivery does.
   */
  async function publishDue(row: ScheduleRow): Promise<void> {
    const schedules = service('schedules');
    await service('locks').withLocksIfFree(
      [scheduleLockName(row.id), `post:${row.targetUid}:${row.slug}`],
      async () => {
        const current = await schedules.find(row.id);
        if (current?.state !== 'scheduled') return;
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
    const action = row.actionDocumentId
      ? await service('publisher-actions').find(row.actionDocumentId)
      : null;
    const published = action
      ? null
      : await documents(row.targetUid).findFirst({
          filters: { documentId: row.targetDocumentId },
          status: 'published',
          fields: ['publishedAt'],
          ...localeOf(row),
        });
    const verdict = publisherVerdict({
      actionExecuteAt: action ? new Date(action.executeAt) : null,
      publishedAt: published?.publishedAt ? new Date(published.publishedAt) : null,
      publishAt: new Date(row.publishAt),
    });
    const schedules = service('schedules');
    if (verdict.kind === 'waiting') {
      if (verdict.publishAt.getTime() !== new Date(row.publishAt).getTime())
        await schedules.update(row.id, { publishAt: verdict.publishAt });
    } else if (verdict.kind === 'published') {
      await schedules.update(row.id, { state: 'published', firedAt: verdict.at });
    } else {
      await schedules.update(row.id, {
        state: 'cancelled',
        problem: 'its strapi-plugin-publisher action was removed',
      });
    }
  }

  async function tick(): Promise<void> {
    if (ticking) return;
    ticking = true;
    try {
      const schedules = service('schedules');
      const now = new Date();
      for (const row of await schedules.waiting('plugin', now)) await publishDue(row);
      if (service('publisher-actions').available()) {
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
      const seconds = service('plugin-config').static().schedulePollSeconds;
      strapi.cron.add({ [TASK_NAME]: { task: () => tick(), options: pollPattern(seconds) } });
    },

    stop(): void {
      strapi.cron.remove(TASK_NAME);
    },

    /** One pass now (the tests' and the cron task's entry). */
    runOnce: tick,
  };
};

export type ScheduleRunnerService = ReturnType<typeof scheduleRunner>;
export default scheduleRunner;
