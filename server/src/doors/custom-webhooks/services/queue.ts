import { createId as createDocumentId } from '@paralleldrive/cuid2';
import type { Core } from '@strapi/strapi';
import {
  type HookQueueEntry,
  type HookQueueResponse,
  type HookQueueStatus,
  type QueueVerdict,
  type StoredArticleOutcome,
} from '../../../../../core/src/hooks/queue';
import { HOOK_DELIVERY_UID } from '../../../common/plugin-tables';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'hookEndpoints' | 'pluginConfig'>;

/** A delivery to store: what the worker needs to read it again, never the endpoint's secret. */
export interface NewHookDelivery {
  endpointId: string;
  preset: string;
  event: string;
  payload: unknown;
  /** Headers the preset read (credentials left out, see recordingRequest). */
  headers: Record<string, string>;
  bodyHash: string;
  /** The one article it is about (articleKeyOf), so deliveries of an article run in order; null for a batch. */
  articleKey: string | null;
  /** A delivery run again from the inspector: the one it repeats, and whether to write past the repeat rule. */
  again?: { of: number; writeAgain: boolean };
}

/** A claimed delivery, as the worker processes it. */
export interface ClaimedHookDelivery {
  id: number;
  endpointId: string;
  preset: string;
  event: string;
  payload: unknown;
  headers: unknown;
  bodyHash: string;
  /** Tries so far, this one included. */
  attempts: number;
  /** Run again on purpose, past the repeat rule (the inspector's "write again"). */
  writeAgain: boolean;
}

interface QueueRow extends Omit<ClaimedHookDelivery, 'attempts' | 'writeAgain'> {
  writeAgain?: boolean | null;
  attempts: number | string;
  status: HookQueueStatus;
  nextAttemptAt: number | string;
  leaseExpiresAt?: number | string | null;
  problem?: string | null;
  outcome?: unknown;
  finishedAt?: string | Date | null;
  createdAt: string | Date;
}

interface Candidate {
  id: number;
  attempts: number | string;
  status: HookQueueStatus;
  endpointId: string;
  articleKey: string | null;
}

export interface HookQueueQuery {
  page: number;
  pageSize: number;
  status?: HookQueueStatus;
}

/** Rows read per claim attempt: another instance may take the first ones between the read and the update. */
const CANDIDATES = 8;
/** How long a delivery waiting behind an earlier one of its article is put back, at least. */
const BEHIND_MS = 1_000;
const UNFINISHED: HookQueueStatus[] = ['queued', 'processing'];
const DAY_MS = 86_400_000;
const FINISHED: HookQueueStatus[] = ['done', 'failed'];
/** What a list reads of a row: never its payload or headers. */
export const LISTED_COLUMNS = [
  'id',
  'createdAt',
  'endpointId',
  'preset',
  'event',
  'status',
  'attempts',
  'nextAttemptAt',
  'finishedAt',
  'problem',
  'outcome',
] as const;

/** The size of a payload as stored (its JSON text). */
export const payloadSize = (payload: unknown) => Buffer.byteLength(JSON.stringify(payload ?? null));

/** What is due at `now`: a waiting delivery whose time came, or a claim whose lease ran out (its holder died). */
const dueAt = (now: number) => ({
  $or: [
    { status: 'queued', nextAttemptAt: { $lte: now } },
    { status: 'processing', leaseExpiresAt: { $lt: now } },
  ],
});

const iso = (value: string | Date | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/**
 * The queue's rows: one statement each, never a transaction. A claim is one conditional update (the
 * row's status, its due time or expired lease, and the tries it had when read): of two instances that
 * read the same row, the database lets one update match it, on SQLite, PostgreSQL and MySQL alike.
 * Every later write is conditional on holding the lease.
 */
const hookQueue = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const rows = () => strapi.db.query(HOOK_DELIVERY_UID);
  const settings = () => uses.pluginConfig.static().hookQueue;
  const held = (id: number, owner: string) => ({ id, status: 'processing', leaseOwner: owner });
  /**
   * Whether an earlier delivery of the same article (same endpoint and article key) is not finished yet:
   * then this one waits, put back behind it so other deliveries are not held up. Race-free: a finished
   * delivery never becomes unfinished again, so "none earlier is unfinished" stays true once read.
   */
  async function waitsBehindEarlier(candidate: Candidate, now: number): Promise<boolean> {
    if (!candidate.articleKey) return false;
    const [earlier] = (await rows().findMany({
      select: ['id', 'status', 'nextAttemptAt'],
      where: {
        endpointId: candidate.endpointId,
        articleKey: candidate.articleKey,
        id: { $lt: candidate.id },
        status: { $in: UNFINISHED },
      },
      orderBy: { id: 'asc' },
      limit: 1,
    })) as { status: HookQueueStatus; nextAttemptAt: number | string }[];
    if (!earlier) return false;
    if (candidate.status === 'queued') {
      const after = earlier.status === 'queued' ? Number(earlier.nextAttemptAt) : 0;
      await rows().updateMany({
        where: { id: candidate.id, status: 'queued', attempts: Number(candidate.attempts) },
        data: { nextAttemptAt: Math.max(after, now) + BEHIND_MS },
      });
    }
    return true;
  }

  /**
   * A delivery whose every try ended with its instance gone (its lease ran out each time): something in
   * it may be what stops the process, so it is failed rather than run once more.
   */
  async function abandon(id: number, attempts: number, now: number): Promise<void> {
    await rows().updateMany({
      where: { id, attempts, status: 'processing', leaseExpiresAt: { $lt: now } },
      data: {
        status: 'failed',
        problem: `The instance running it stopped before it finished, ${attempts} times; it is not tried again.`,
        leaseExpiresAt: null,
        finishedAt: new Date(now),
      },
    });
  }

  /** A finished delivery's payload goes when it is over the bound (or none is kept). */
  async function dropPayloadOverBound(id: number): Promise<void> {
    const { keepPayloadDays, keepPayloadKb } = settings();
    await rows().updateMany({
      where: keepPayloadDays > 0 ? { id, payloadBytes: { $gt: keepPayloadKb * 1024 } } : { id },
      data: { payload: null, payloadKept: false },
    });
  }

  return {
    /** Stores a delivery, due now; answers its id. One insert, committed before the sender is answered. */
    async enqueue(delivery: NewHookDelivery, now = Date.now()): Promise<number> {
      const { again, ...stored } = delivery;
      const [id] = (
        await rows().createMany({
          data: [
            {
              ...stored,
              status: 'queued',
              attempts: 0,
              nextAttemptAt: now,
              arrival: again ? 'again' : 'queued',
              againOf: again?.of ?? null,
              writeAgain: again?.writeAgain ?? false,
              payloadBytes: payloadSize(delivery.payload),
              // Until it is finished, whatever its size: the worker reads it.
              payloadKept: true,
              documentId: createDocumentId(),
              publishedAt: new Date(now),
            },
          ],
        })
      ).ids;
      return Number(id);
    },

    /** Claims one due delivery for `owner` (its lease runs `leaseSeconds`), or answers null when none is due. */
    async claim(owner: string, now = Date.now()): Promise<ClaimedHookDelivery | null> {
      const candidates = (await rows().findMany({
        select: ['id', 'attempts', 'status', 'endpointId', 'articleKey'],
        where: dueAt(now),
        orderBy: [{ nextAttemptAt: 'asc' }, { id: 'asc' }],
        limit: CANDIDATES,
      })) as Candidate[];
      for (const candidate of candidates) {
        const attempts = Number(candidate.attempts);
        if (candidate.status === 'processing' && attempts >= settings().maxAttempts) {
          await abandon(candidate.id, attempts, now);
          continue;
        }
        if (await waitsBehindEarlier(candidate, now)) continue;
        const { count } = await rows().updateMany({
          where: { id: candidate.id, attempts, ...dueAt(now) },
          data: {
            status: 'processing',
            leaseOwner: owner,
            leaseExpiresAt: now + settings().leaseSeconds * 1000,
            attempts: attempts + 1,
          },
        });
        if (count !== 1) continue;
        const row = (await rows().findOne({ where: { id: candidate.id } })) as QueueRow | null;
        if (!row) continue;
        return {
          id: row.id,
          endpointId: row.endpointId,
          preset: row.preset,
          event: row.event,
          payload: row.payload,
          headers: row.headers,
          bodyHash: row.bodyHash,
          attempts: attempts + 1,
          writeAgain: row.writeAgain === true,
        };
      }
      return null;
    },

    /** Extends `owner`'s lease; false when the claim is no longer its own. */
    async renew(id: number, owner: string, now = Date.now()): Promise<boolean> {
      const { count } = await rows().updateMany({
        where: held(id, owner),
        data: { leaseExpiresAt: now + settings().leaseSeconds * 1000 },
      });
      return count === 1;
    },

    /**
     * Records what became of a claimed delivery, if `owner` still holds it: done or failed (its payload
     * stays for the inspector within keepPayloadDays and keepPayloadKb, see prune), or back in the queue
     * for its next try. False when the lease was lost (another instance took over).
     */
    async finish(id: number, owner: string, verdict: QueueVerdict, now = Date.now()): Promise<boolean> {
      const outcome: StoredArticleOutcome[] = verdict.outcome;
      const data =
        verdict.kind === 'retry'
          ? { status: 'queued', nextAttemptAt: now + verdict.delayMs, problem: verdict.problem, outcome }
          : verdict.kind === 'done'
            ? { status: 'done', problem: null, outcome, finishedAt: new Date(now) }
            : { status: 'failed', problem: verdict.problem, outcome, finishedAt: new Date(now) };
      const { count } = await rows().updateMany({
        where: held(id, owner),
        // The owner stays on a finished row: which instance ran its last try (for people and tests).
        data: { ...data, leaseExpiresAt: null },
      });
      if (count === 1 && verdict.kind !== 'retry') await dropPayloadOverBound(id);
      return count === 1;
    },

    /**
     * Drops finished deliveries older than `keepDays`, then all but the newest `keepRows` finished ones,
     * then the payloads of finished ones older than `keepPayloadDays`.
     */
    async prune(now = Date.now()): Promise<void> {
      const { keepDays, keepRows, keepPayloadDays } = settings();
      await rows().deleteMany({
        where: { status: { $in: FINISHED }, finishedAt: { $lt: new Date(now - keepDays * DAY_MS) } },
      });
      const [beyond] = (await rows().findMany({
        select: ['id'],
        where: { status: { $in: FINISHED } },
        orderBy: { id: 'desc' },
        offset: keepRows,
        limit: 1,
      })) as { id: number }[];
      if (beyond) await rows().deleteMany({ where: { status: { $in: FINISHED }, id: { $lte: beyond.id } } });
      await rows().updateMany({
        where: {
          status: { $in: FINISHED },
          payloadKept: true,
          finishedAt: { $lt: new Date(now - keepPayloadDays * DAY_MS) },
        },
        data: { payload: null, payloadKept: false },
      });
    },

    /** The activity page's list, newest first: never a payload or a header. */
    async list(query: HookQueueQuery): Promise<HookQueueResponse> {
      const { results, pagination } = (await rows().findPage({
        page: query.page,
        pageSize: query.pageSize,
        select: [...LISTED_COLUMNS],
        // Deliveries answered before their import (and those run again): the inspector lists the others too.
        where: {
          $and: [
            query.status ? { status: query.status } : {},
            { $or: [{ arrival: { $null: true } }, { arrival: { $ne: 'direct' } }] },
          ],
        },
        orderBy: [{ id: 'desc' }],
      })) as { results: QueueRow[]; pagination: HookQueueResponse['pagination'] };
      // Config and admin endpoints alike, in one read per page.
      const names = await uses.hookEndpoints.namesOf(results.map((row) => row.endpointId));
      const entry = (row: QueueRow): HookQueueEntry => ({
        id: row.id,
        receivedAt: new Date(row.createdAt).toISOString(),
        endpointId: row.endpointId,
        endpointName: names.get(row.endpointId) ?? null,
        preset: row.preset,
        event: row.event,
        status: row.status,
        attempts: Number(row.attempts),
        nextAttemptAt: row.status === 'queued' ? new Date(Number(row.nextAttemptAt)).toISOString() : null,
        finishedAt: iso(row.finishedAt),
        problem: row.problem ?? null,
        outcome: Array.isArray(row.outcome) ? (row.outcome as StoredArticleOutcome[]) : [],
      });
      const { keepDays, keepRows } = settings();
      return { results: results.map(entry), pagination, kept: { keepDays, keepRows } };
    },
  };
};

export type HookQueueService = ReturnType<typeof hookQueue>;
export default hookQueue;
