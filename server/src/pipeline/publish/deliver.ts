import { BODY_WRITERS } from '../../../../core/src/body-formats';
import { articleBodyOf } from '../../../../core/src/html/article-body';
import { letReadersIn } from '../../../../core/src/event-loop-turn';
import type { HeldLocks } from './types';
import type { DocumentRow } from '../../strapi/documents';
import type { PublishCollaborators } from './collaborators';
import { PostGone, refuseBlockedFields, SlugTaken, type PublishPlan } from './plan';
import { findRepeat, type Unchanged } from './repeat';
import { OneCommitYields, writeDelivery, type Written, type WriteProgress, type WriteUse } from './write';

/**
 * The locked part of a publish (its locks, its reads, its media) around its write (write.ts): which
 * entry it writes, when its locks are taken, and what a failure leaves.
 */

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

type DeliverUse = WriteUse & Pick<PublishCollaborators, 'media'>;

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
 * Whether a publish takes its locks inside its write's transaction, so that it commits once: it
 * imports nothing (no image in the body, no featured image), so only its reads come before the
 * write; it names its post by slug (an update by id reads the entry it names under the lock); it is
 * not a webhook delivery, whose idempotency is decided under the lock; and the site's transactions
 * run one at a time (SQLite), so the lock taken inside cannot wait on or deadlock with another.
 * The lock's own commit was a tenth of Strapi's REST create of the same entry (docs/benchmarks.md).
 */
function writesInOneCommit(
  { article, origin, selection }: PublishPlan,
  use: Pick<PublishCollaborators, 'oneConnection'>
): boolean {
  return (
    use.oneConnection &&
    selection.kind !== 'document' &&
    origin.source !== 'webhook' &&
    origin.source !== 'hook' &&
    !article.featuredImage &&
    articleBodyOf(article).images.length === 0
  );
}

/**
 * The locked part of a publish: it holds its post's locks (and its categories') for its whole
 * length, taken and committed before its reads, and gives them back with its write's commit. One
 * that imports nothing first tries to commit once (writesInOneCommit): it reads and composes without
 * the locks, and its transaction takes them, checks that the entry is still what it read, writes and
 * gives them back. When the locks are held elsewhere or the entry changed, it rolls back and runs as
 * any other publish.
 */
export async function deliver(publish: PublishPlan, use: DeliverUse): Promise<Written> {
  if (writesInOneCommit(publish, use)) {
    const written = await publish.clock.time('one commit', () => deliverInOneCommit(publish, use));
    if (written) return written;
  }
  return publish.clock.time('locks', () =>
    use.locks.withLocks(publish.lockNames, (held) => deliverHolding(publish, held, use))
  );
}

/** A publish that takes its locks in its write's transaction, or undefined when it yielded (see deliver). */
async function deliverInOneCommit(publish: PublishPlan, use: DeliverUse): Promise<Written | undefined> {
  const { clock, target, article, locale, warnings } = publish;
  const warningsBefore = warnings.length;
  // The stamp first: an entry that changes after it is caught by the transaction's own reading of it.
  const stamp = await clock.time('find existing', () => use.posts.entryStamp(target, article.slug, locale));
  const existing = stamp === null ? null : await findExisting(publish, use, { stamped: true });
  refuseBlockedFields(publish, existing);
  // Nothing to import: the media stage only answers the body's library files (none).
  const media = await importMedia(publish, use);
  try {
    return await writeDelivery(publish, media, { kind: 'in transaction', stamp }, existing, use);
  } catch (error) {
    if (!(error instanceof OneCommitYields)) throw error;
    // The publish under the locks composes the entry again, with its warnings.
    warnings.length = warningsBefore;
    return undefined;
  }
}

/** The entry a delivery writes, as the selection names it: the slug's, the id's, or none (a new post). */
async function findExisting(
  { selection, target, article, locale }: PublishPlan,
  use: Pick<PublishCollaborators, 'posts'>,
  read: { stamped?: boolean } = {}
): Promise<DocumentRow | null> {
  if (selection.kind === 'document') {
    const row = await use.posts.findPostByDocument(target, selection.documentId, locale);
    if (!row) throw new PostGone(selection.documentId);
    return row;
  }
  const row = await use.posts.findPostBySlug(target, article.slug, locale, read);
  if (row && selection.kind === 'new') throw new SlugTaken(article.slug);
  return row;
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
  const existing = await clock.time('find existing', () => findExisting(publish, use));
  refuseBlockedFields(publish, existing);
  await letReadersIn();
  const media = await clock.time('media', () => importMedia(publish, use));
  const progress: WriteProgress = { draftSaved: false };
  return writeDelivery(publish, media, { kind: 'held', held }, existing, use, progress).catch(
    async (error: unknown) => {
      // A draft committed before the failure shows the imported images: they stay for the next delivery.
      if (!progress.draftSaved) await use.media.discard(media);
      throw error;
    }
  );
}
