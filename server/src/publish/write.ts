import { withoutImportWarnings } from '../../../core/src/dry-run';
import { BODY_WRITERS } from '../../../core/src/body-formats';
import type { PostStatus } from '../../../core/src/config';
import { featuredFileId, featuredImageWarning } from '../../../core/src/images/featured-outcome';
import { countPlacedImages } from '../../../core/src/images/image-counts';
import { truncateAtWord } from '../../../core/src/seo';
import { letReadersIn } from '../../../core/src/event-loop-turn';
import { CONFORMANCE_CHECK_SLUG } from '../../../core/src/wire-names';
import {
  classifyDeliveryWarnings,
  mappablePartsOf,
  type DeliveryWarnings,
} from '../../../core/src/warning-parts';
import type { CategoryRow, Connection, HeldLocks } from './types';
import type { DocumentRow } from '../strapi/documents';
import type { ArticleMedia } from '../media/types';
import type { PublishCollaborators } from './collaborators';
import { composeEntry } from './compose-entry';
import { addNew, PostGone, refuseBlockedFields, SlugTaken, type PublishPlan } from './plan';
import { findRepeat, type Unchanged } from './repeat';

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

/** What a delivery that writes nothing answers: the post as the ledger's newest entry left it. */
const unchanged = ({ record, stale }: Unchanged): Written => ({
  created: false,
  duplicate: true,
  stale,
  status: record.requestedStatus,
  documentId: record.targetDocumentId,
  postId: record.postId,
  categories: [],
  media: {
    libraryFiles: new Map(),
    featured: { kind: 'unchanged', stale },
    imported: [],
    warnings: [],
    refusedSources: [],
    uploadedFileIds: [],
  },
});

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
 * Whether this write is split: a publish of a draft-and-publish target whose zone body has many
 * components, on a database whose readers wait on a transaction. A large Blocks body is not: its
 * stand-in is replaced in the same transaction as the publish, and its JSON write is one row each.
 */
function writesInTwo(
  { article, target }: PublishPlan,
  storesBodyJson: boolean,
  data: Record<string, unknown>,
  use: Pick<PublishCollaborators, 'readersWaitOnTransactions'>
): boolean {
  if (!use.readersWaitOnTransactions || article.status !== 'publish' || !target.draftAndPublish) return false;
  if (storesBodyJson || target.body?.body.format !== 'zone') return false;
  const zone = data[target.body.field];
  return Array.isArray(zone) && zone.length >= TWO_TRANSACTIONS_FROM_COMPONENTS;
}

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
  held: HeldLocks,
  existing: DocumentRow | null,
  use: Pick<
    PublishCollaborators,
    | 'posts'
    | 'categories'
    | 'siteInfo'
    | 'deliveries'
    | 'schedules'
    | 'keptTerms'
    | 'transaction'
    | 'articleWork'
    | 'readersWaitOnTransactions'
  >,
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
    linked: CategoryRow[]
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
            payloadTimestamp: origin.timestamp,
          }
        : {}),
      ...(origin.source === 'hook'
        ? {
            hookEndpoint: origin.endpointId,
            hookPreset: origin.preset,
            externalId: origin.externalId,
            event: origin.event,
            bodyHash: origin.bodyHash,
          }
        : {}),
      ...(origin.source === 'wordpress' ? { wordpressMeta: origin.meta } : {}),
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

  // Timed as one stage with nothing timed inside it, so the stage is the transactions' whole length.
  const transaction = clock.begin('transaction');
  let written: Written;
  if (writesInTwo(publish, entry.bodyJson !== undefined, data, use)) {
    // The draft in one transaction, then the published version and the rest in a second, as an editor
    // saves and then publishes: readers are answered between them (see writesInTwo).
    const { linked, saved } = await use.transaction(async () => {
      const terms = await linkTerms();
      return { linked: terms, saved: await saveDraft() };
    });
    progress.draftSaved = true;
    await letReadersIn();
    written = await use.transaction(async (transaction) => {
      await posts.settleStatus(target, saved, statusOptions);
      return finish(transaction, saved, linked);
    });
  } else
    written = await use.transaction(async (transaction) => {
      const linked = await linkTerms();
      const saved = await saveDraft();
      await posts.settleStatus(target, saved, statusOptions);
      return finish(transaction, saved, linked);
    });
  transaction();
  // No turn here: the next turns run what the commit set off (Strapi's events read the entry), and
  // the answer would wait for them.
  return written;
}

type DeliverUse = Pick<
  PublishCollaborators,
  | 'posts'
  | 'categories'
  | 'siteInfo'
  | 'deliveries'
  | 'schedules'
  | 'keptTerms'
  | 'transaction'
  | 'media'
  | 'articleWork'
  | 'locks'
  | 'readersWaitOnTransactions'
>;

const importMedia = ({ article, target, config, values }: PublishPlan, use: DeliverUse) =>
  use.media.importArticleImages(
    article,
    {
      uid: target.uid,
      hasFeaturedImageField: values.featuredImagePaths.length > 0,
      needsLibraryFiles: target.body ? BODY_WRITERS[target.body.body.format].needsLibraryFiles : false,
    },
    config
  );

/**
 * The locked part of a publish: every publish holds its post's locks (and its categories') for its
 * whole length, taken and committed before its reads, and gives them back with its write's commit.
 */
export async function deliver(publish: PublishPlan, use: DeliverUse): Promise<Written> {
  return publish.clock.time('locks', () =>
    use.locks.withLocks(publish.lockNames, (held) => deliverHolding(publish, held, use))
  );
}

/** The entry a delivery writes, as the selection names it: the slug's, the id's, or none (a new post). */
async function findExisting(
  { selection, target, article, locale }: PublishPlan,
  use: Pick<PublishCollaborators, 'posts'>
): Promise<DocumentRow | null> {
  if (selection.kind === 'document') {
    const row = await use.posts.findPostByDocument(target, selection.documentId, locale);
    if (!row) throw new PostGone(selection.documentId);
    return row;
  }
  const row = await use.posts.findPostBySlug(target, article.slug, locale);
  if (row && selection.kind === 'new') throw new SlugTaken(article.slug);
  return row;
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

/**
 * Under the post's lock: a repeated webhook delivery writes nothing; otherwise images are imported
 * before the write (so concurrent deliveries of one article do not upload the same files twice), and
 * removed again if the write fails.
 */
async function deliverHolding(publish: PublishPlan, held: HeldLocks, use: DeliverUse): Promise<Written> {
  const { clock } = publish;
  const repeat = await clock.time('repeat check', () => findRepeat(publish, use));
  if (repeat) return unchanged(repeat);
  const existing = await clock.time('find existing', () => findExisting(publish, use));
  refuseBlockedFields(publish, existing);
  await letReadersIn();
  const media = await clock.time('media', () => importMedia(publish, use));
  const progress: WriteProgress = { draftSaved: false };
  return writeDelivery(publish, media, held, existing, use, progress).catch(async (error: unknown) => {
    // A draft committed before the failure shows the imported images: they stay for the next delivery.
    if (!progress.draftSaved) await use.media.discard(media);
    throw error;
  });
}
