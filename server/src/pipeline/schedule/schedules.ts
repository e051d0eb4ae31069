import type { Core } from '@strapi/strapi';
import type { ActivitySchedule, ScheduleState } from '../../../../core/src/contracts';
import { ServiceError } from '../../../../core/src/errors';
import type { PublishTarget } from '../../../../core/src/publish-target';
import { handPublishProblem, publishedSinceScheduled } from '../../../../core/src/schedule/hand-publish';
import { documentsOf } from '../../strapi/documents';
import { SCHEDULE_UID } from '../../common/plugin-tables';
import type { Collaborators } from '../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'locks' | 'publisherActions'>;

/** A schedule as the database returns it. */
export interface ScheduleRow {
  id: number;
  deliveryId: number;
  targetUid: string;
  targetDocumentId: string;
  targetLocale: string | null;
  slug: string;
  publishAt: string | Date;
  state: ScheduleState;
  via: 'plugin' | 'publisher';
  actionDocumentId: string | null;
  firedAt: string | Date | null;
  problem: string | null;
  /** When the schedule was set: a publish of the post after it was an editor's. */
  createdAt: string | Date;
}

/** What a delivery's write hands the schedule: the post it wrote and, for `future`, when to publish it. */
export interface ScheduleRequest {
  target: PublishTarget;
  documentId: string;
  locale: string | undefined;
  slug: string;
  /** The ledger entry of the delivery (the activity row that shows the schedule). */
  deliveryId: number;
  /** Set for a `future` article; absent, the post's waiting schedule (if any) ends. */
  scheduledAt: Date | undefined;
  /** The delivery created the document: no schedule can wait for it, so none is looked for. */
  newDocument?: boolean;
}

/** What a cancel found: no schedule, one no longer waiting (published, replaced...), or the one it cancelled. */
export type CancelOutcome =
  | { kind: 'none' }
  | { kind: 'not-waiting'; state: ScheduleState }
  | { kind: 'cancelled'; schedule: ActivitySchedule };

/** The lock a schedule is published or cancelled under (one instance, once). */
export const scheduleLockName = (id: number) => `schedule:${id}`;

const toIso = (value: string | Date) => new Date(value).toISOString();

export const toActivitySchedule = (row: ScheduleRow): ActivitySchedule => ({
  state: row.state,
  publishAt: toIso(row.publishAt),
  publishedAt: row.firedAt ? toIso(row.firedAt) : null,
  via: row.via,
  problem: row.problem ?? null,
});

/**
 * The schedule table: one row per scheduled publish. A post has at most one waiting (`scheduled`) row;
 * each later delivery of it replaces that row, whatever its status. Where the schedule runs: in
 * strapi-plugin-publisher's actions when that plugin is enabled, else in this plugin's cron task
 * (schedule-runner.ts). Any door that produces a NormalizedArticle reaches this through the publisher.
 */
const schedules = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const store = () => strapi.db.query(SCHEDULE_UID);
  const actions = () => uses.publisherActions;
  const postKey = (targetUid: string, documentId: string, locale: string | undefined) => ({
    targetUid,
    targetDocumentId: documentId,
    targetLocale: locale ? locale : { $null: true },
  });

  /** Ends waiting rows (their publisher actions removed too) with `state`, and why when it is not plain. */
  async function end(rows: ScheduleRow[], state: ScheduleState, problem?: string): Promise<void> {
    for (const row of rows)
      if (row.via === 'publisher' && row.actionDocumentId) await actions().remove(row.actionDocumentId);
    if (!rows.length) return;
    await store().updateMany({
      where: { id: { $in: rows.map((row) => row.id) }, state: 'scheduled' },
      data: { state, ...(problem ? { problem } : {}) },
    });
  }

  /** When each of these documents' published version was published (documents without one are absent). */
  async function publishedAtOf(
    targetUid: string,
    documentIds: string[],
    locale: string | null
  ): Promise<Map<string, Date>> {
    // A type removed since: nothing was published; its due schedule fails when published, as before.
    if (!strapi.contentTypes[targetUid as never]) return new Map();
    const rows = await documentsOf(strapi, targetUid).findMany({
      filters: { documentId: { $in: documentIds } },
      status: 'published',
      fields: ['documentId', 'publishedAt'],
      ...(locale ? { locale } : {}),
    });
    return new Map(
      rows
        .filter((row) => row.publishedAt)
        .map((row) => [row.documentId, new Date(row.publishedAt as string | Date)])
    );
  }

  /**
   * The rows (by id) whose post an editor published since the row was set, with when: their schedule is
   * over (WordPress publishes only a post still `future`). Read from the posts, so every instance agrees.
   */
  async function publishedByHand(rows: ScheduleRow[]): Promise<Map<number, Date>> {
    const groups = new Map<string, ScheduleRow[]>();
    for (const row of rows) {
      const key = JSON.stringify([row.targetUid, row.targetLocale]);
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const found = new Map<number, Date>();
    for (const group of groups.values()) {
      const { targetUid, targetLocale } = group[0];
      const published = await publishedAtOf(
        targetUid,
        group.map((row) => row.targetDocumentId),
        targetLocale
      );
      for (const row of group) {
        const publishedAt = published.get(row.targetDocumentId) ?? null;
        if (publishedAt && publishedSinceScheduled({ scheduledSince: new Date(row.createdAt), publishedAt }))
          found.set(row.id, publishedAt);
      }
    }
    return found;
  }

  return {
    /**
     * The one call a delivery makes, inside its write transaction (so the post, the ledger and the
     * schedule land together): the post's waiting schedule is replaced, by a new one when the article
     * is `future` (a publish now, a draft or a pending review only end it).
     */
    async settle(request: ScheduleRequest): Promise<void> {
      const { target, documentId, locale, scheduledAt } = request;
      if (!request.newDocument) {
        const waiting = (await store().findMany({
          where: { ...postKey(target.uid, documentId, locale), state: 'scheduled' },
        })) as ScheduleRow[];
        await end(waiting, 'replaced');
      }
      if (!scheduledAt) return;
      if (!target.draftAndPublish)
        throw new ServiceError(
          'bad_request',
          `date: ${target.uid} has no draft and publish, so a post cannot be kept as a draft until its date; send status "publish" or "draft".`
        );
      const viaPublisher = actions().available();
      const actionDocumentId = viaPublisher
        ? await actions().schedule(target.uid, documentId, scheduledAt)
        : null;
      await store().create({
        data: {
          deliveryId: request.deliveryId,
          targetUid: target.uid,
          targetDocumentId: documentId,
          targetLocale: locale ?? null,
          slug: request.slug,
          publishAt: scheduledAt,
          state: 'scheduled',
          via: viaPublisher ? 'publisher' : 'plugin',
          actionDocumentId,
        },
      });
    },

    /** The admin's "cancel schedule" of an activity row: its waiting schedule ends as `cancelled`. */
    async cancelForDelivery(deliveryId: number): Promise<CancelOutcome> {
      const row = (await store().findOne({
        where: { deliveryId },
        orderBy: { id: 'desc' },
      })) as ScheduleRow | null;
      if (!row) return { kind: 'none' };
      if (row.state !== 'scheduled') return { kind: 'not-waiting', state: row.state };
      // Under the lock the cron task publishes it with: a cancel and a publish never cross.
      await uses.locks.withLocks([scheduleLockName(row.id)], async () => {
        const current = (await store().findOne({ where: { id: row.id } })) as ScheduleRow;
        if (current.state === 'scheduled') await end([current], 'cancelled');
      });
      const current = (await store().findOne({ where: { id: row.id } })) as ScheduleRow;
      return { kind: 'cancelled', schedule: toActivitySchedule(current) };
    },

    /** The schedule each of these ledger entries set up, by entry id. */
    async forDeliveries(deliveryIds: number[]): Promise<Map<number, ActivitySchedule>> {
      if (!deliveryIds.length) return new Map();
      const rows = (await store().findMany({
        where: { deliveryId: { $in: deliveryIds } },
        orderBy: { id: 'asc' },
      })) as ScheduleRow[];
      return new Map(rows.map((row) => [row.deliveryId, toActivitySchedule(row)]));
    },

    /**
     * When each of these documents' waiting schedule publishes it (documents without one are absent).
     * A schedule whose post was published by hand since is not waiting, even before the cron task ends it.
     */
    async waitingFor(
      targetUid: string,
      documentIds: string[],
      locale: string | undefined
    ): Promise<Map<string, Date>> {
      if (!documentIds.length) return new Map();
      const rows = (await store().findMany({
        where: {
          ...postKey(targetUid, documentIds[0], locale),
          targetDocumentId: { $in: documentIds },
          state: 'scheduled',
        },
      })) as ScheduleRow[];
      const over = await publishedByHand(rows);
      return new Map(
        rows.filter((row) => !over.has(row.id)).map((row) => [row.targetDocumentId, new Date(row.publishAt)])
      );
    },

    publishedByHand,

    /** Ends a waiting row whose post was published by hand at `publishedAt` (as `cancelled`, saying why). */
    async endPublishedByHand(row: ScheduleRow, publishedAt: Date): Promise<void> {
      await end([row], 'cancelled', handPublishProblem(publishedAt));
    },

    /** The waiting rows of one post (all its locales). */
    async waitingOf(targetUid: string, documentId: string): Promise<ScheduleRow[]> {
      return (await store().findMany({
        where: { targetUid, targetDocumentId: documentId, state: 'scheduled' },
      })) as ScheduleRow[];
    },

    /** Waiting rows of one kind, the earliest first; `dueBy` keeps those whose time has come. */
    async waiting(via: ScheduleRow['via'], dueBy?: Date, limit = 100): Promise<ScheduleRow[]> {
      return (await store().findMany({
        where: { state: 'scheduled', via, ...(dueBy ? { publishAt: { $lte: dueBy } } : {}) },
        orderBy: [{ publishAt: 'asc' }, { id: 'asc' }],
        limit,
      })) as ScheduleRow[];
    },

    async find(id: number): Promise<ScheduleRow | null> {
      return (await store().findOne({ where: { id } })) as ScheduleRow | null;
    },

    /** Moves a waiting row on (published, failed, cancelled, or to a new time); a row no longer waiting is left as it is. */
    async update(
      id: number,
      data: Partial<Pick<ScheduleRow, 'state' | 'firedAt' | 'problem' | 'publishAt'>>
    ): Promise<void> {
      await store().updateMany({ where: { id, state: 'scheduled' }, data });
    },
  };
};

export type SchedulesService = ReturnType<typeof schedules>;
export default schedules;
