import { createId as createDocumentId } from '@paralleldrive/cuid2';
import type { Core } from '@strapi/strapi';
import type {
  ActivityEntry,
  ActivityResponse,
  ActivitySchedule,
  DeliveryKind,
  DeliverySource,
} from '../../../../core/src/contracts';
import type { PostStatus } from '../../../../core/src/config';
import { redactUrlsIn } from '../../../../core/src/redact-url';
import { groupWarnings, recordedMappableParts, type ArticlePart } from '../../../../core/src/warning-parts';
import { documentsOf } from '../../strapi/documents';
import { DELIVERY_UID } from '../../common/plugin-tables';
import type { Collaborators } from '../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'schedules'>;

export interface DeliveryQuery {
  page: number;
  pageSize: number;
  status?: ActivityEntry['requestedStatus'];
  source?: DeliverySource;
  kind: DeliveryKind;
}

/** A delivery row as the database returns it (the content type's attributes plus Strapi's own). */
interface DeliveryRow {
  id: number;
  createdAt: string | Date;
  source: DeliverySource;
  title?: string | null;
  slug: string;
  targetUid: string;
  targetDocumentId?: string | null;
  postId?: number | null;
  targetLocale?: string | null;
  requestedStatus: ActivityEntry['requestedStatus'];
  created?: boolean | null;
  imagesImported?: number | null;
  imagesReused?: number | null;
  warnings?: unknown;
  warningParts?: unknown;
  mappableParts?: unknown;
  check?: boolean | null;
}

const toIso = (value: string | Date | number) => new Date(value).toISOString();

const toEntry = (row: DeliveryRow, schedule: ActivitySchedule | null): ActivityEntry => {
  // Written by the publisher as a string array; anything else is shown as nothing rather than failing.
  // Redacted again on the way out: rows written before redaction existed may hold whole image URLs.
  const warnings = Array.isArray(row.warnings)
    ? row.warnings.map((warning) => redactUrlsIn(String(warning)))
    : [];
  return {
    id: row.id,
    createdAt: toIso(row.createdAt),
    source: row.source,
    title: row.title ?? null,
    slug: row.slug,
    targetUid: row.targetUid,
    targetDocumentId: row.targetDocumentId ?? null,
    postId: row.postId ?? null,
    targetLocale: row.targetLocale ?? null,
    requestedStatus: row.requestedStatus,
    created: row.created ?? null,
    imagesImported: row.imagesImported ?? 0,
    imagesReused: row.imagesReused ?? 0,
    warnings,
    // Rows written before parts were recorded are grouped by their words (core/src/warning-parts.ts).
    warningGroups: groupWarnings(warnings, row.warningParts),
    mappableParts: recordedMappableParts(row.mappableParts),
    check: row.check === true,
    schedule,
  };
};

export interface DeliveryRecord {
  source: DeliverySource;
  slug: string;
  title: string;
  targetUid: string;
  targetDocumentId: string;
  postId: number;
  /** The locale of the entry written, on a localized target. */
  targetLocale?: string;
  requestedStatus: PostStatus;
  articleId?: number;
  websiteId?: number;
  event?: string;
  /** A custom webhook's: the service's article id, the endpoint and its preset. */
  externalId?: string;
  hookEndpoint?: string;
  hookPreset?: string;
  contentHash: string;
  /** The SHA-256 of the delivery's exact bytes (the repeat rule, core/src/repeat-rule.ts). */
  bodyHash?: string;
  /** The service's own time of the delivery, when it sends one (the repeat rule). */
  payloadTimestamp?: Date;
  created: boolean;
  imagesImported: number;
  imagesReused: number;
  warnings: string[];
  /** The part of the article each warning is about (core/src/warning-parts.ts), in the same order. */
  warningParts: ArticlePart[];
  /** Parts left out that a field of the type could have taken: the activity page marks the delivery. */
  mappableParts: ArticlePart[];
  /** A delivery of the conformance check (its reserved slug), not an article. */
  check: boolean;
  /** The WordPress door's SEO keys the post keeps (`meta`). */
  wordpressMeta?: Record<string, string>;
  /** The WordPress door's excerpt, as text: a target without a summary field keeps it here. */
  wordpressExcerpt?: string;
}

/** What the newest delivery of a post says that its entry does not hold. */
export interface LatestDelivery {
  requestedStatus: PostStatus;
  wordpressMeta: Record<string, string> | undefined;
  wordpressExcerpt: string | undefined;
}

/**
 * An article's key in the ledger, for a door with deliveries: the signed webhook's `article_id` and
 * slug; a custom webhook's endpoint, the service's article id (none when it sends none) and slug; and
 * the locale on a localized target.
 */
export type LedgerArticleKey =
  | { source: 'webhook'; articleId: number; slug: string; locale: string | undefined }
  | {
      source: 'hook';
      endpointId: string;
      externalId: string | undefined;
      slug: string;
      locale: string | undefined;
    };

/** The `contentHash` of a custom webhook's unpublish or delete entry (`withdrawn:<action>`). */
export const WITHDRAWN_CONTENT_PREFIX = 'withdrawn:';

function ledgerArticleFilters(key: LedgerArticleKey): Record<string, unknown> {
  const locale = key.locale ? { targetLocale: key.locale } : {};
  if (key.source === 'webhook')
    return { source: 'webhook', articleId: key.articleId, slug: key.slug, ...locale };
  return {
    source: 'hook',
    hookEndpoint: key.endpointId,
    externalId: key.externalId ?? { $null: true },
    slug: key.slug,
    ...locale,
  };
}

/** The ledger of deliveries: written by each publish, read by the webhook's idempotency check and the activity page. */
const deliveries = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => ({
  /**
   * Adds the ledger row of a delivery, inside the publish's transaction; answers its id. Warnings are
   * stored with every URL in them redacted: no image URL's password or signature stays in the ledger.
   * Written with the Query Engine, as the Document Service would write it (a documentId of Strapi's
   * own kind, `publishedAt` set, as on every entry of a type without draft and publish): its create
   * validates the row, reads it back and sends an `entry.create` event that reads it again after the
   * commit, about 1.5 ms of a publish's 15 on SQLite (issue #30, p1 and p5). The row is the plugin's own, hidden from the Content Manager;
   * it is read through the Document Service as before.
   */
  async recordDelivery(record: DeliveryRecord): Promise<number> {
    const warnings = record.warnings.map((warning) => redactUrlsIn(warning));
    const [id] = (
      await strapi.db.query(DELIVERY_UID).createMany({
        data: [{ ...record, warnings, documentId: createDocumentId(), publishedAt: new Date() }],
      })
    ).ids;
    return Number(id);
  },

  /**
   * The newest delivery of each of these posts: the status it asked for (WordPress's `pending` reads
   * back from it), the WordPress door's SEO keys and excerpt.
   */
  async latestOfPosts(targetUid: string, postIds: number[]): Promise<Map<number, LatestDelivery>> {
    const latest = new Map<number, LatestDelivery>();
    if (!postIds.length) return latest;
    const rows = await documentsOf(strapi, DELIVERY_UID).findMany({
      filters: { targetUid, postId: { $in: postIds } },
      fields: ['postId', 'requestedStatus', 'wordpressMeta', 'wordpressExcerpt'],
      sort: 'id:desc',
    });
    for (const row of rows) {
      const postId = Number(row.postId);
      if (latest.has(postId)) continue;
      const meta = row.wordpressMeta;
      latest.set(postId, {
        requestedStatus: row.requestedStatus as PostStatus,
        wordpressMeta:
          meta && typeof meta === 'object' && !Array.isArray(meta)
            ? (meta as Record<string, string>)
            : undefined,
        wordpressExcerpt: typeof row.wordpressExcerpt === 'string' ? row.wordpressExcerpt : undefined,
      });
    }
    return latest;
  },

  /** How many deliveries changed each of these posts after creating it (the WordPress API's revision count). */
  async countUpdates(targetUid: string, postIds: number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (!postIds.length) return counts;
    const rows = await documentsOf(strapi, DELIVERY_UID).findMany({
      filters: { targetUid, postId: { $in: postIds }, created: false },
      fields: ['postId'],
    });
    for (const row of rows) {
      const postId = Number(row.postId);
      counts.set(postId, (counts.get(postId) ?? 0) + 1);
    }
    return counts;
  },

  /** The newest ledger entry of an article of a door with deliveries (its key: ledgerArticleFilters). */
  async findLatestOfArticle(key: LedgerArticleKey): Promise<(DeliveryRecord & { id: number }) | null> {
    const row = await documentsOf(strapi, DELIVERY_UID).findFirst({
      filters: ledgerArticleFilters(key),
      sort: 'id:desc',
    });
    return row as unknown as (DeliveryRecord & { id: number }) | null;
  },

  /**
   * What the repeat rule (core/src/repeat-rule.ts) reads of an article's ledger entries since the
   * service last unpublished or deleted it (a custom webhook's withdrawal starts the article anew):
   * whether a delivery of exactly these bytes was applied, and the newest service time applied.
   */
  async findRepeatFacts(
    key: LedgerArticleKey,
    bodyHash: string
  ): Promise<{ sameBytes: (DeliveryRecord & { id: number }) | null; newestSentAt: Date | undefined }> {
    const ledger = documentsOf(strapi, DELIVERY_UID);
    const article = ledgerArticleFilters(key);
    const withdrawal =
      key.source === 'hook'
        ? await ledger.findFirst({
            filters: { ...article, contentHash: { $startsWith: WITHDRAWN_CONTENT_PREFIX } },
            sort: 'id:desc',
            fields: ['id'],
          })
        : null;
    const since = withdrawal ? { id: { $gt: Number(withdrawal.id) } } : {};
    const sameBytes = await ledger.findFirst({
      filters: { ...article, ...since, bodyHash },
      sort: 'id:desc',
    });
    const newest = await ledger.findFirst({
      filters: { ...article, ...since, payloadTimestamp: { $notNull: true } },
      sort: 'payloadTimestamp:desc',
      fields: ['payloadTimestamp'],
    });
    const value = newest?.payloadTimestamp as string | Date | number | null | undefined;
    return {
      sameBytes: sameBytes as unknown as (DeliveryRecord & { id: number }) | null,
      newestSentAt: value === null || value === undefined ? undefined : new Date(value),
    };
  },

  /**
   * The newest ledger entry of the post a custom webhook's unpublish or delete event names: by the
   * service's article id when it sends one, else by slug; only posts this endpoint delivered into
   * `targetUid`.
   */
  async findLatestHookPost(
    endpointId: string,
    targetUid: string,
    key: { externalId: string | undefined; slug: string | undefined }
  ): Promise<(DeliveryRecord & { id: number }) | null> {
    const row = await documentsOf(strapi, DELIVERY_UID).findFirst({
      filters: {
        source: 'hook',
        hookEndpoint: endpointId,
        targetUid,
        targetDocumentId: { $notNull: true },
        ...(key.externalId !== undefined ? { externalId: key.externalId } : { slug: key.slug }),
      },
      sort: 'id:desc',
    });
    return row as unknown as (DeliveryRecord & { id: number }) | null;
  },

  /** Where each of these documents lives (its type and locale), from their newest deliveries: one read. */
  async placesOf(
    documentIds: string[]
  ): Promise<Map<string, { targetUid: string; targetLocale: string | null }>> {
    const ids = [...new Set(documentIds)];
    if (!ids.length) return new Map();
    const rows = (await documentsOf(strapi, DELIVERY_UID).findMany({
      filters: { targetDocumentId: { $in: ids } },
      fields: ['targetDocumentId', 'targetUid', 'targetLocale'],
      sort: 'id:asc',
    })) as unknown as Pick<DeliveryRow, 'targetDocumentId' | 'targetUid' | 'targetLocale'>[];
    return new Map(
      rows.map((row) => [
        String(row.targetDocumentId),
        { targetUid: row.targetUid, targetLocale: row.targetLocale ?? null },
      ])
    );
  },

  /**
   * The document the newest delivery of `slug` into `targetUid` wrote, or null when no delivery wrote
   * that slug there: one read of the ledger's (target, slug) index. It keys a target without a slug
   * field (the post's lock on uid + slug keeps two first deliveries apart), and tells a publish that
   * commits once whether the slug's entry is worth reading first (publish/deliver.ts); a slug it never
   * wrote may still have an entry made by hand.
   */
  async findLatestDocumentOf(targetUid: string, slug: string): Promise<string | null> {
    const row = (await strapi.db.query(DELIVERY_UID).findOne({
      select: ['targetDocumentId'],
      where: { targetUid, slug, targetDocumentId: { $notNull: true } },
      orderBy: { id: 'desc' },
    })) as Pick<DeliveryRow, 'targetDocumentId'> | null;
    return typeof row?.targetDocumentId === 'string' ? row.targetDocumentId : null;
  },

  async listDeliveries(query: DeliveryQuery): Promise<ActivityResponse> {
    const where: Record<string, unknown> = {};
    if (query.status) where.requestedStatus = query.status;
    if (query.source) where.source = query.source;
    // Rows written before the marker existed have no value: they are articles.
    if (query.kind === 'articles') where.$or = [{ check: false }, { check: { $null: true } }];
    if (query.kind === 'checks') where.check = true;
    const { results, pagination } = (await strapi.db.query(DELIVERY_UID).findPage({
      page: query.page,
      pageSize: query.pageSize,
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    })) as { results: DeliveryRow[]; pagination: ActivityResponse['pagination'] };
    // A `future` delivery's row shows its schedule as it stands now (waiting, published, cancelled...).
    const schedules = await uses.schedules.forDeliveries(results.map((row) => row.id));
    return { results: results.map((row) => toEntry(row, schedules.get(row.id) ?? null)), pagination };
  },
});

export type DeliveriesService = ReturnType<typeof deliveries>;
export default deliveries;
