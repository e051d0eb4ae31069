import { withoutImportWarnings } from '../../../../core/src/dry-run';
import type { PostStatus } from '../../../../core/src/config';
import { featuredFileId, featuredImageWarning } from '../../../../core/src/images/featured-outcome';
import { countPlacedImages } from '../../../../core/src/images/image-counts';
import { truncateAtWord } from '../../../../core/src/seo';
import { letReadersIn } from '../../../../core/src/event-loop-turn';
import { CONFORMANCE_CHECK_SLUG } from '../../../../core/src/wire-names';
import {
  classifyDeliveryWarnings,
  mappablePartsOf,
  type DeliveryWarnings,
} from '../../../../core/src/warning-parts';
import type { CategoryRow, Connection, HeldLocks, LocksTakenWithin } from './types';
import type { DocumentRow } from '../../strapi/documents';
import type { ArticleMedia } from '../media/types';
import type { PublishCollaborators } from './collaborators';
import { composeEntry } from './compose-entry';
import { addNew, type PublishPlan } from './plan';

/** The ledger's `title` is a Strapi `string`, capped at 255 characters. */
const LEDGER_TITLE_MAX_LENGTH = 255;

/** What the locked part of a publish hands back. */
export interface Written {
  created: boolean;
  duplicate: boolean;
  stale: boolean;
  /** The status the post was last delivered with, when this delivery wrote nothing. */
  status?: PostStatus;
  documentId: string;
  postId: number;
  categories: CategoryRow[];
  media: ArticleMedia;
}

/** The ledger's image counts: files uploaded for this delivery apart from files reused from the library. */
function placedImageCounts(media: ArticleMedia): { imagesImported: number; imagesReused: number } {
  const placed = media.imported.map((image) => image.attachment_id);
  const featured = featuredFileId(media.featured);
  if (featured !== undefined) placed.push(featured);
  const { imported, reused } = countPlacedImages(placed, media.uploadedFileIds);
  return { imagesImported: imported, imagesReused: reused };
}

/**
 * How a write holds the post's locks: taken and committed before its reads (every publish that
 * imports something), or in its own transaction (found free, or taken when it writes in two), which
 * first checks that the slug's entry is still what was read before it (`stamp`) and that the earlier
 * imports it reuses are still recorded (`reusedRows`, media-source rows: see deliverInOneCommit).
 */
export type PostLocking =
  | { kind: 'held'; held: HeldLocks }
  | { kind: 'in transaction'; stamp: string | null; reusedRows: number[] };

/** Thrown inside a write that commits once, to roll it back: the locks are held elsewhere, or the entry changed. */
export class OneCommitYields extends Error {}

/** How far a write got: once a draft is committed, its imported images are in use (see deliverHolding). */
export interface WriteProgress {
  draftSaved: boolean;
}

/**
 * Zone components in a body from which a publish is written in two transactions where readers wait on
 * one (SQLite): the draft and the published version each store every component as a row and a link, so
 * the one transaction of a 100 KB article's 55 components held readers back 80 to 100 ms on a 2-core
 * machine, and the largest article's 160 to 180 ms (docs/benchmarks.md). A realistic article has about 8.
 */
const TWO_TRANSACTIONS_FROM_COMPONENTS = 24;

/**
 * Characters of a text body (HTML, Markdown) from which a publish is written in two transactions where
 * readers wait on one: the draft's row and the published version's are each written and read back with
 * the whole body, so the one transaction of the largest article (4.8 MB) held readers back 150 to 250 ms
 * on a 2-core machine, and half of it in each of two (docs/benchmarks.md). A 100 KB body costs little.
 */
const TWO_TRANSACTIONS_FROM_CHARACTERS = 1_000_000;

/**
 * Whether this write is split: a publish of a draft-and-publish target whose zone body has many
 * components, or whose text body is large, on a database whose readers wait on a transaction. A large
 * Blocks body is not: its stand-in is replaced in the same transaction as the publish.
 */
function writesInTwo(
  { article, target }: PublishPlan,
  storesBodyJson: boolean,
  data: Record<string, unknown>,
  use: Pick<PublishCollaborators, 'oneConnection'>
): boolean {
  if (!use.oneConnection || article.status !== 'publish' || !target.draftAndPublish) return false;
  if (storesBodyJson || !target.body) return false;
  const body = data[target.body.field];
  if (typeof body === 'string') return body.length >= TWO_TRANSACTIONS_FROM_CHARACTERS;
  return (
    target.body.body.format === 'zone' &&
    Array.isArray(body) &&
    body.length >= TWO_TRANSACTIONS_FROM_COMPONENTS
  );
}

/** What the write uses of the rest of the plugin. */
export type WriteUse = Pick<
  PublishCollaborators,
  | 'locks'
  | 'posts'
  | 'categories'
  | 'siteInfo'
  | 'deliveries'
  | 'schedules'
  | 'keptTerms'
  | 'transaction'
  | 'articleWork'
  | 'oneConnection'
  | 'media'
>;

/**
 * The write, under the post's locks: everything that can be computed or read is done first (the
 * entry it updates, the body in the target's format, the values fitted to the fields, the author),
 * and the transaction holds only the database writes (categories and tags created, post, status,
 * ledger entry): all of them land, or none. One exception, where readers wait on a transaction
 * (writesInTwo): the draft commits first, then the rest lands or none of it does.
 */
export async function writeDelivery(
  publish: PublishPlan,
  media: ArticleMedia,
  locking: PostLocking,
  existing: DocumentRow | null,
  use: WriteUse,
  progress: WriteProgress = { draftSaved: false }
): Promise<Written> {
  const { article, origin, target, locale, warnings, clock, selection } = publish;
  const posts = use.posts;
  // A slug new to this locale that another locale has: this entry becomes that document's localization.
  const translated =
    existing || selection.kind !== 'by slug'
      ? undefined
      : await posts.findTranslatedDocument(target, article.slug, publish.otherLocales);
  const entry = await clock.time('compose entry', () =>
    composeEntry(
      publish,
      existing,
      { libraryFiles: media.libraryFiles, featuredFileId: featuredFileId(media.featured) },
      use
    )
  );
  // An image the media step refused has its warning there: the body's own about it would say it twice.
  const bodyWarnings = withoutImportWarnings(entry.bodyWarnings, media.refusedSources);
  for (const warning of bodyWarnings) warnings.push(warning);
  addNew(warnings, entry.valueWarnings);
  const { data } = entry;
  // A person's write records them as the Content Manager records an editor (its creator on a new
  // entry or locale, its last editor always): conditions such as "is creator" then judge it as theirs.
  if (origin.writtenBy !== undefined) {
    data.updatedBy = origin.writtenBy;
    if (!existing) data.createdBy = origin.writtenBy;
  }
  const featuredWarning = featuredImageWarning(media.featured);
  await letReadersIn();

  /** Categories and tags found or created, and linked in `data`. */
  const linkTerms = async (): Promise<CategoryRow[]> => {
    const linked = await use.categories.apply(publish.categoryPlan, warnings);
    const tags =
      target.tags?.kind === 'relation'
        ? await use.categories.applyTags(target.tags.type, publish.values.tags, locale, warnings)
        : [];
    const categoryRole = target.categories;
    if (categoryRole?.kind === 'relation' && publish.categoryPlan.kind !== 'none')
      data[categoryRole.field] = { set: linked.map((row) => row.documentId) };
    if (target.tags?.kind === 'relation' && publish.values.tags.length)
      data[target.tags.field] = { set: tags.map((row) => row.documentId) };
    return linked;
  };
  const saveDraft = () => posts.saveDraft(target, existing?.documentId ?? translated, data, locale);
  const statusOptions = {
    publish: article.status === 'publish',
    locale,
    existed: (existing?.documentId ?? translated) !== undefined,
    ...(entry.bodyJson ? { bodyJson: entry.bodyJson } : {}),
  };
  /** The rest of the write, after the post: its kept terms, the ledger entry, its schedule, its locks. */
  const finish = async (
    transaction: Connection,
    { documentId, postId }: { documentId: string; postId: number },
    linked: CategoryRow[],
    held: HeldLocks
  ): Promise<Written> => {
    // A WordPress post's own terms go with the post: a crash never leaves it without them.
    if (origin.source === 'wordpress')
      for (const links of origin.keptTerms ?? [])
        await use.keptTerms.linkPost(
          { taxonomy: links.taxonomy, targetUid: target.uid, locale },
          documentId,
          links.termIds
        );
    const deliveryId = await use.deliveries.recordDelivery({
      ...(origin.source === 'webhook'
        ? {
            articleId: origin.articleId,
            websiteId: origin.websiteId,
            event: origin.event,
            bodyHash: origin.bodyHash,
            payloadTimestamp: origin.sentAt,
          }
        : {}),
      ...(origin.source === 'hook'
        ? {
            hookEndpoint: origin.endpointId,
            hookPreset: origin.preset,
            externalId: origin.externalId,
            event: origin.event,
            bodyHash: origin.bodyHash,
            payloadTimestamp: origin.sentAt,
          }
        : {}),
      ...(origin.source === 'wordpress'
        ? { wordpressMeta: origin.meta, ...(origin.excerpt ? { wordpressExcerpt: origin.excerpt } : {}) }
        : {}),
      source: origin.source,
      slug: ledgerSlug(publish),
      title: truncateAtWord(article.title, LEDGER_TITLE_MAX_LENGTH),
      targetUid: target.uid,
      targetDocumentId: documentId,
      postId,
      ...(locale ? { targetLocale: locale } : {}),
      requestedStatus: article.status,
      contentHash: article.contentHash,
      check: article.slug === CONFORMANCE_CHECK_SLUG,
      created: !existing,
      ...placedImageCounts(media),
      ...ledgerWarnings(target, {
        general: warnings,
        body: new Set(bodyWarnings),
        featured: featuredWarning ? [featuredWarning] : [],
        inline: media.warnings.map((w) => `${w.source_url}: ${w.reason}`),
      }),
    });
    // A `future` article's schedule replaces the post's; any other delivery ends it (server/src/schedule).
    await use.schedules.settle({
      target,
      documentId,
      locale,
      slug: article.slug,
      deliveryId,
      scheduledAt: article.scheduledAt,
      // A document this delivery created (no entry in any locale before) has no schedule to end.
      newDocument: !existing && !translated,
    });
    // The post's locks go with this commit: one commit fewer than releasing them after it.
    await held.releaseWithin(transaction);
    return {
      created: !existing,
      duplicate: false,
      stale: false,
      documentId,
      postId,
      categories: linked,
      media,
    };
  };

  /**
   * The locks, inside the write's (first) transaction: held since before the reads, or taken now (see
   * PostLocking). A write of one transaction only checks that they are free (locks.freeWithin); one of
   * two takes them, to hold them past its first commit.
   */
  const lockWithin = async (
    transaction: Connection,
    pastCommit: boolean
  ): Promise<HeldLocks | LocksTakenWithin> => {
    if (locking.kind === 'held') return locking.held;
    const held = pastCommit
      ? await use.locks.tryTakeWithin(transaction, publish.lockNames)
      : await use.locks.freeWithin(transaction, publish.lockNames);
    if (!held) throw new OneCommitYields();
    if ((await posts.entryStamp(target, article.slug, locale)) !== locking.stamp) throw new OneCommitYields();
    // A delivery of this post in flight when they were read may have failed since, and dropped them.
    if (locking.reusedRows.length && !(await use.media.stillRecorded(locking.reusedRows)))
      throw new OneCommitYields();
    if (
      locking.stamp === null &&
      (await posts.findTranslatedDocument(target, article.slug, publish.otherLocales)) !== translated
    )
      throw new OneCommitYields();
    return held;
  };

  // Timed as one stage with nothing timed inside it, so the stage is the transactions' whole length.
  const transaction = clock.begin('transaction');
  try {
    if (!writesInTwo(publish, entry.bodyJson !== undefined, data, use))
      return await use.transaction(async (transaction) => {
        const held = await lockWithin(transaction, false);
        const linked = await linkTerms();
        const saved = await saveDraft();
        await posts.settleStatus(target, saved, statusOptions);
        return finish(transaction, saved, linked, held);
      });
    // The draft in one transaction, then the published version and the rest in a second, as an editor
    // saves and then publishes: readers are answered between them (see writesInTwo). Locks taken in
    // the first are committed with it, and held until the second gives them back. Strapi's event read
    // of each version after its commit (the whole entry) waits for a turn, and the second transaction
    // for that read: each is a stretch of its own, with readers answered between them.
    const { linked, saved, held } = await use.transaction(async (transaction) => {
      const held = await lockWithin(transaction, true);
      const terms = await linkTerms();
      const draft = await posts.saveDraft(target, existing?.documentId ?? translated, data, locale, {
        paceEventReads: true,
      });
      return { linked: terms, saved: draft, held };
    });
    progress.draftSaved = true;
    await posts.eventReadsSettled();
    return await use
      .transaction(async (transaction) => {
        await posts.settleStatus(target, saved, { ...statusOptions, paceEventReads: true });
        return finish(transaction, saved, linked, held);
      })
      .catch(async (error: unknown) => {
        // Locks held since before the reads are given back by their holder (locks.withLocks).
        if ('release' in held) await held.release();
        throw error;
      });
  } finally {
    // No turn after the commit: the next turns run what it set off (Strapi's events read the entry),
    // and the answer would wait for them.
    transaction();
  }
}

/** A delivery's warnings as the ledger keeps them: in order, each with its part, and the parts a field could have kept. */
function ledgerWarnings(target: PublishPlan['target'], sources: DeliveryWarnings) {
  const warnings = [...sources.general, ...sources.featured, ...sources.inline];
  return {
    warnings,
    warningParts: classifyDeliveryWarnings(target, sources),
    mappableParts: mappablePartsOf(target, sources.general),
  };
}

/** The slug a delivery is recorded under: an update by id keeps the post's own. */
const ledgerSlug = ({ selection, article }: PublishPlan) =>
  selection.kind === 'document' && selection.slug ? selection.slug : article.slug;
