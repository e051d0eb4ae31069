import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ActivityPagination } from '../contracts';
import type { ErrorBody } from '../errors';
import { toSlug } from '../slug';
import type { PreparedArticle } from './hook-article';
import { articleReplyLines, type ArticleOutcome, type ArticleReply } from './reply';

/**
 * The durable queue of custom webhook deliveries (issue #42): a preset whose service gives up after
 * 5 to 10 seconds is answered once its delivery is stored, and the delivery is processed after, by
 * whichever instance claims it. What the database service and the worker decide, without Strapi.
 * docs/hook-queue.md has the design.
 */

/** queued: waiting for its time; processing: claimed under a lease; done / failed: finished. */
export const HOOK_QUEUE_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type HookQueueStatus = (typeof HOOK_QUEUE_STATUSES)[number];

/** `hookQueue` in the plugin config. */
export const hookQueueSchema = z
  .object({
    /** Deliveries one instance processes at once: a delivery whose image host hangs leaves the others going. */
    concurrency: z.number().int().min(1).max(16),
    /** How often an idle instance looks for due deliveries (a delivery it stored itself is started at once). */
    pollMs: z.number().int().min(100).max(60_000),
    /**
     * How long a claim holds without being renewed; the holder renews it every third of that. A crashed
     * instance's delivery is claimed again once its lease ran out.
     */
    leaseSeconds: z.number().int().min(2).max(3600),
    /** Tries of a delivery that keeps failing temporarily, the first included; then it is failed. */
    maxAttempts: z.number().int().min(1).max(50),
    /** The wait before the second try; it doubles with each further try, up to `retryMaxSeconds`. */
    retryBaseSeconds: z.number().int().min(1).max(86_400),
    retryMaxSeconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 86_400),
    /** Finished deliveries kept for the activity page: none older than `keepDays`, at most `keepRows`. */
    keepDays: z.number().int().min(1).max(3650),
    keepRows: z.number().int().min(10).max(1_000_000),
    /**
     * A finished delivery's payload (the delivery inspector shows it and can run it again) is kept this
     * many days, and only when it is at most `keepPayloadKb`; 0 keeps none. Never the auth headers.
     */
    keepPayloadDays: z.number().int().min(0).max(3650),
    keepPayloadKb: z.number().int().min(0).max(100_000),
  })
  .strict()
  .refine((queue) => queue.retryMaxSeconds >= queue.retryBaseSeconds, {
    message: 'retryMaxSeconds must be at least retryBaseSeconds',
    path: ['retryMaxSeconds'],
  });

export type HookQueueSettings = z.output<typeof hookQueueSchema>;

export const DEFAULT_HOOK_QUEUE: HookQueueSettings = {
  concurrency: 2,
  pollMs: 1000,
  leaseSeconds: 60,
  maxAttempts: 8,
  retryBaseSeconds: 30,
  retryMaxSeconds: 3600,
  keepDays: 30,
  keepRows: 10_000,
  keepPayloadDays: 7,
  keepPayloadKb: 512,
};

/**
 * The wait before the next try after `attempts` tries: retryBaseSeconds doubled per further try, capped
 * at retryMaxSeconds, then spread by up to a fifth either way so deliveries that failed together (a
 * database restart) do not all come back in the same second.
 */
export function retryDelayMs(
  attempts: number,
  settings: Pick<HookQueueSettings, 'retryBaseSeconds' | 'retryMaxSeconds'>,
  random: () => number = Math.random
): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const seconds = Math.min(settings.retryBaseSeconds * 2 ** exponent, settings.retryMaxSeconds);
  return Math.round(seconds * 1000 * (0.8 + 0.4 * random()));
}

/**
 * A failure a later try may not see: the site's own 5xx (a write that failed, a lock another delivery
 * held too long, a site not configured yet), or anything that is not one of our answers (the database
 * or the network went away). A 4xx is the article's own problem: trying again cannot fix it.
 */
export const isTemporaryFailure = (error: Pick<ErrorBody, 'data'> | undefined): boolean =>
  error === undefined || error.data.status >= 500;

/**
 * One article's result as the queue keeps it: the answer's line with its warnings (the delivery
 * inspector shows them), without the image results (the ledger has them).
 */
export type StoredArticleOutcome =
  | Omit<Extract<ArticleReply, { ok: true }>, 'featuredImage' | 'inlineImages'>
  | Extract<ArticleReply, { ok: false }>;

/** The reply's lines without their image results (the ledger keeps those). */
export const storedOutcome = (outcomes: readonly ArticleOutcome[]): StoredArticleOutcome[] =>
  articleReplyLines(outcomes).map((line) => {
    if (!line.ok) return line;
    const { featuredImage: _featured, inlineImages: _inline, ...stored } = line;
    return stored;
  });

/** What the worker does with a delivery once its articles went through the pipeline. */
export type QueueVerdict =
  | { kind: 'done'; outcome: StoredArticleOutcome[] }
  | { kind: 'retry'; outcome: StoredArticleOutcome[]; problem: string; delayMs: number }
  | { kind: 'failed'; outcome: StoredArticleOutcome[]; problem: string };

/**
 * Done when no article failed for a reason a retry could fix; tried again later (every article: those
 * that landed answer `duplicate` and write nothing) while tries remain; else failed. A delivery with
 * some articles landed and others refused (4xx) is done: the refusals are in its outcome.
 */
export function queueVerdict(
  outcomes: readonly ArticleOutcome[],
  attempts: number,
  settings: Pick<HookQueueSettings, 'maxAttempts' | 'retryBaseSeconds' | 'retryMaxSeconds'>,
  random: () => number = Math.random
): QueueVerdict {
  const outcome = storedOutcome(outcomes);
  const failures = outcome.flatMap((line) => (line.ok ? [] : [line.error]));
  const temporary = failures.find((error) => isTemporaryFailure(error));
  if (temporary) return retryOrFail(outcome, temporary.message, attempts, settings, random);
  if (failures.length === outcome.length && failures[0])
    return { kind: 'failed', outcome, problem: failures[0].message };
  return { kind: 'done', outcome };
}

/** A delivery that failed before any article ran (its endpoint's reading threw): by the same rule. */
export function failureVerdict(
  error: ErrorBody | undefined,
  message: string,
  attempts: number,
  settings: Pick<HookQueueSettings, 'maxAttempts' | 'retryBaseSeconds' | 'retryMaxSeconds'>,
  random: () => number = Math.random
): QueueVerdict {
  if (isTemporaryFailure(error)) return retryOrFail([], message, attempts, settings, random);
  return { kind: 'failed', outcome: [], problem: message };
}

function retryOrFail(
  outcome: StoredArticleOutcome[],
  problem: string,
  attempts: number,
  settings: Pick<HookQueueSettings, 'maxAttempts' | 'retryBaseSeconds' | 'retryMaxSeconds'>,
  random: () => number
): QueueVerdict {
  if (attempts >= settings.maxAttempts)
    return { kind: 'failed', outcome, problem: `${problem} (gave up after ${attempts} tries)` };
  return { kind: 'retry', outcome, problem, delayMs: retryDelayMs(attempts, settings, random) };
}

/**
 * The answer to a queued delivery, once it is stored: 200 (what these services wait for; BabyLoveGrowth
 * retries anything else), `queued: true` and the queue entry's id, by which the Activity page lists it.
 * The post's id and URL do not exist yet.
 */
export const queuedReply = (event: string, id: number): Record<string, unknown> => ({
  received: true,
  event,
  queued: true,
  status: 'queued',
  deliveryId: id,
});

/**
 * The article a single-article delivery is about, as the queue orders deliveries: the service's id, or
 * the slug the pipeline will use when it sends none (hashed: any length fits the column). Deliveries of
 * one article run in the order they were received, so an update sent right after a publish is never
 * overwritten by it. A batch has none (its articles run in order within it).
 */
export function articleKeyOf(articles: readonly PreparedArticle[]): string | null {
  if (articles.length !== 1) return null;
  const [{ externalId, fields }] = articles;
  const key = externalId === undefined ? `slug:${toSlug(fields.slug ?? fields.title)}` : `id:${externalId}`;
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Headers a preset reads while reading a delivery (SEOGrove's event header, say), kept with a queued
 * delivery so the worker reads it the same way. A credential is never kept: these names are dropped
 * whatever the preset reads.
 */
const CREDENTIAL_HEADER = /authorization|cookie|secret|signature|token|key|password/i;

export interface RecordingRequest {
  request: { header(name: string): string | undefined };
  /** The headers read so far, credentials left out, by lower-case name. */
  headers(): Record<string, string>;
}

export function recordingRequest(source: { header(name: string): string | undefined }): RecordingRequest {
  const read = new Map<string, string>();
  return {
    request: {
      header(name) {
        const value = source.header(name);
        if (value !== undefined && !CREDENTIAL_HEADER.test(name)) read.set(name.toLowerCase(), value);
        return value;
      },
    },
    headers: () => Object.fromEntries(read),
  };
}

/** The request a stored delivery is read with again: only the headers kept with it. */
export function storedRequest(headers: unknown): { header(name: string): string | undefined } {
  const kept =
    headers && typeof headers === 'object' && !Array.isArray(headers)
      ? (headers as Record<string, unknown>)
      : {};
  return {
    header(name) {
      const value = kept[name.toLowerCase()];
      return typeof value === 'string' ? value : undefined;
    },
  };
}

/** One queued delivery as the activity page lists it: never its payload or headers. */
export interface HookQueueEntry {
  id: number;
  receivedAt: string;
  endpointId: string;
  /** The endpoint's name in the config, when it still has one. */
  endpointName: string | null;
  preset: string;
  event: string;
  status: HookQueueStatus;
  attempts: number;
  /** When a waiting delivery is tried next. */
  nextAttemptAt: string | null;
  finishedAt: string | null;
  /** The latest failure: why it waits for a retry, or why it failed. */
  problem: string | null;
  outcome: StoredArticleOutcome[];
}

/** GET /article-publisher/activity/hook-queue?page&pageSize&status */
export interface HookQueueResponse {
  results: HookQueueEntry[];
  pagination: ActivityPagination;
  kept: { keepDays: number; keepRows: number };
}
