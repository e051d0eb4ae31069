import { BODY_WRITERS } from '../../../core/src/body-formats';
import { articleBodyOf } from '../../../core/src/html/article-body';
import type { PostStatus } from '../../../core/src/config';
import { featuredFileId, featuredImageWarning } from '../../../core/src/images/featured-outcome';
import { countPlacedImages } from '../../../core/src/images/image-counts';
import { truncateAtWord } from '../../../core/src/seo';
import { letReadersIn } from '../../../core/src/event-loop-turn';
import { CONFORMANCE_CHECK_SLUG } from '../../../core/src/wire-names';
import type { CategoryRow } from '../services/category-store';
import type { Connection, HeldLocks } from '../services/locks';
import type { ArticleMedia } from '../services/media-import';
import type { PublishCollaborators } from './collaborators';
import { composeEntry } from './compose-entry';
import { addNew, type PublishPlan } from './plan';
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
    uploadedFileIds: [],
  },
});

/**
 * The write: everything that can be computed or read is done first (the entry it updates, the body
 * in the target's format, the values fitted to the fields, the author), and the transaction holds
 * only the database writes (categories and tags created, post, status, ledger entry): all of them
 * land, or none. Reading the entry before the transaction is safe: either the post's lock is held, so
 * no other delivery of this slug writes in between, or the transaction takes the lock and checks that
 * the entry is still what was read (`takeLocksInside`).
 */
export async function writeDelivery(
  publish: PublishPlan,
  media: ArticleMedia,
  locking: PostLocking,
  use: Pick<
    PublishCollaborators,
    'posts' | 'categories' | 'siteInfo' | 'deliveries' | 'schedules' | 'transaction' | 'articleWork' | 'locks'
  >
): Promise<Written> {
  const { article, origin, target, locale, warnings, clock } = publish;
  const posts = use.posts;
  await letReadersIn();
  const existing = await clock.time('find existing', () =>
    posts.findPostBySlug(target, article.slug, locale)
  );
  // A slug new to this locale that another locale has: this entry becomes that document's localization.
  const translated = existing
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
  for (const warning of entry.bodyWarnings) warnings.push(warning);
  addNew(warnings, entry.valueWarnings);
  const { data } = entry;
  const featuredWarning = featuredImageWarning(media.featured);
  await letReadersIn();

  // Timed as one stage with nothing timed inside it, so the stage is the transaction's whole length.
  const transaction = clock.begin('transaction');
  const written = await use.transaction(async (transaction) => {
    const locks =
      locking.kind === 'held'
        ? locking.held
        : await takeLocksInside(transaction, publish, { stamp: posts.stampOf(existing), translated }, use);
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
    const { documentId, postId } = await posts.savePost(target, existing?.documentId ?? translated, data, {
      publish: article.status === 'publish',
      locale,
      ...(entry.bodyJson ? { bodyJson: entry.bodyJson } : {}),
    });
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
      source: origin.source,
      slug: article.slug,
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
      warnings: [
        ...warnings,
        ...(featuredWarning ? [featuredWarning] : []),
        ...media.warnings.map((w) => `${w.source_url}: ${w.reason}`),
      ],
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
    await locks.releaseWithin(transaction);
    return {
      created: !existing,
      duplicate: false,
      stale: false,
      documentId,
      postId,
      categories: linked,
      media,
    };
  });
  transaction();
  // No turn here: the next turns run what the commit set off (Strapi's events read the entry), and
  // the answer would wait for them.
  return written;
}

/** How a write holds the post's locks: taken before it (committed rows), or in its own transaction. */
export type PostLocking = { kind: 'held'; held: HeldLocks } | { kind: 'in transaction' };

/** Thrown inside a one-commit write to roll it back: the locks are held elsewhere, or the entry changed. */
class OneCommitYields extends Error {}

/**
 * The locks of a write that read the entry before taking them: taken by its transaction, which then
 * checks that the slug's entry (and, for a new slug, the document of another locale) is still what the
 * write was composed from. Either failing rolls the transaction back (OneCommitYields).
 */
async function takeLocksInside(
  transaction: Connection,
  { article, target, locale, lockNames, otherLocales }: PublishPlan,
  read: { stamp: string | null; translated: string | undefined },
  use: Pick<PublishCollaborators, 'locks' | 'posts'>
): Promise<HeldLocks> {
  const held = await use.locks.tryTakeWithin(transaction, lockNames);
  if (!held) throw new OneCommitYields();
  if ((await use.posts.entryStamp(target, article.slug, locale)) !== read.stamp) throw new OneCommitYields();
  if (
    read.stamp === null &&
    (await use.posts.findTranslatedDocument(target, article.slug, otherLocales)) !== read.translated
  )
    throw new OneCommitYields();
  return held;
}

/**
 * Whether a publish can take its locks in its write transaction, so that it commits once: it imports
 * nothing (no image in the body, no featured image), so nothing but its reads comes before the write,
 * and it is not a webhook delivery, whose idempotency decision is made under the lock. Any other
 * publish holds its locks for its whole length (its media import included).
 */
function writesInOneCommit({ article, origin }: PublishPlan): boolean {
  return origin.source !== 'webhook' && !article.featuredImage && articleBodyOf(article).images.length === 0;
}

type DeliverUse = Pick<
  PublishCollaborators,
  | 'posts'
  | 'categories'
  | 'siteInfo'
  | 'deliveries'
  | 'schedules'
  | 'transaction'
  | 'media'
  | 'articleWork'
  | 'locks'
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
 * The locked part of a publish. One that imports nothing first tries to commit once: it reads and
 * composes without a lock, and its transaction takes the locks, checks that what it read still
 * stands, writes and gives them back (issue #30: a commit less than taking them first). When the
 * locks are held elsewhere or the entry changed, it rolls back and runs as any other publish: under
 * the post's locks, taken and committed before its reads.
 */
export async function deliver(publish: PublishPlan, use: DeliverUse): Promise<Written> {
  const { clock } = publish;
  if (writesInOneCommit(publish)) {
    const warningsBefore = publish.warnings.length;
    const written = await clock.time('one commit', async () => {
      const media = await importMedia(publish, use);
      return writeDelivery(publish, media, { kind: 'in transaction' }, use).catch(async (error: unknown) => {
        await use.media.discard(media);
        if (error instanceof OneCommitYields) return undefined;
        throw error;
      });
    });
    if (written) return written;
    // The retry composes the entry again, with its warnings.
    publish.warnings.length = warningsBefore;
  }
  return clock.time('locks', () =>
    use.locks.withLocks(publish.lockNames, (held) => deliverHolding(publish, held, use))
  );
}

/**
 * Under the post's lock: a repeated webhook delivery writes nothing; otherwise images are imported
 * before the write (so concurrent deliveries of one article do not upload the same files twice), and
 * removed again if the write fails.
 */
async function deliverHolding(publish: PublishPlan, held: HeldLocks, use: DeliverUse): Promise<Written> {
  const { clock } = publish;
  const repeat = await clock.time('repeat check', () => findRepeat(publish, use));
  if (repeat) return unchanged(repeat);
  await letReadersIn();
  const media = await clock.time('media', () => importMedia(publish, use));
  return writeDelivery(publish, media, { kind: 'held', held }, use).catch(async (error: unknown) => {
    await use.media.discard(media);
    throw error;
  });
}
