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

/** What the media step needs of the publish's target. */
const mediaTarget = ({ target, values }: PublishPlan) => ({
  uid: target.uid,
  hasFeaturedImageField: values.featuredImagePaths.length > 0,
  needsLibraryFiles: target.body ? BODY_WRITERS[target.body.body.format].needsLibraryFiles : false,
});

const importMedia = (publish: PublishPlan, use: DeliverUse) =>
  use.media.importArticleImages(publish.article, mediaTarget(publish), publish.config);

/**
 * Whether a publish may see to its locks inside its write's transaction, so that it commits once: it
 * names its post by slug (an update by id reads the entry it names under the lock); it is not a
 * webhook delivery, whose idempotency is decided under the lock; and the site's transactions run one
 * at a time (SQLite), so no other can take a lock while it runs, nor wait on or deadlock with it. It does so
 * when it imports nothing (deliverInOneCommit): only its reads come before the write. The lock's own
 * commit was a tenth of Strapi's REST create of the same entry (docs/benchmarks.md).
 */
function mayWriteInOneCommit(
  { origin, selection }: PublishPlan,
  use: Pick<PublishCollaborators, 'oneConnection'>
): boolean {
  return (
    use.oneConnection &&
    selection.kind !== 'document' &&
    origin.source !== 'webhook' &&
    origin.source !== 'hook'
  );
}

const hasImages = (article: PublishPlan['article']) =>
  article.featuredImage !== undefined || articleBodyOf(article).images.length > 0;

/**
 * The locked part of a publish: it holds its post's locks (and its categories') for its whole
 * length, taken and committed before its reads, and gives them back with its write's commit. One
 * that imports nothing first tries to commit once (mayWriteInOneCommit): it reads and composes without
 * the locks, and its transaction finds them free (or takes them, to hold them past its first commit
 * when it writes in two), checks that the entry (and the earlier imports it reuses) are still what it
 * read, and writes. When the locks are held elsewhere or the entry
 * changed, it rolls back and runs as any other publish.
 */
export async function deliver(publish: PublishPlan, use: DeliverUse): Promise<Written> {
  if (mayWriteInOneCommit(publish, use)) {
    const written = await publish.clock.time('one commit', () => deliverInOneCommit(publish, use));
    if (written) return written;
  }
  return publish.clock.time('locks', () =>
    use.locks.withLocks(publish.lockNames, (held) => deliverHolding(publish, held, use))
  );
}

/**
 * A publish that imports nothing, its locks taken in its write's transaction; undefined when it
 * imports something (then nothing was written) or yielded (see deliver). A new post without images,
 * or a republish whose images its post's earlier deliveries imported (nothing is fetched, claimed or
 * recorded: the write checks those records are still there). A new post with images imports them.
 */
async function deliverInOneCommit(publish: PublishPlan, use: DeliverUse): Promise<Written | undefined> {
  const { clock, article, warnings, config } = publish;
  const warningsBefore = warnings.length;
  // The entry with its stamp, in one read: one that changes after it is caught by the transaction's own
  // reading of the stamp.
  const found = await clock.time('find existing', () => findBeforeOneCommit(publish, use));
  if (found && publish.selection.kind === 'new') throw new SlugTaken(article.slug);
  if (!found && hasImages(article)) return undefined;
  const reused = await clock.time('media', () =>
    use.media.reuseArticleImages(article, mediaTarget(publish), config)
  );
  if (!reused) return undefined;
  const existing = found?.entry ?? null;
  const stamp = found?.stamp ?? null;
  refuseBlockedFields(publish, existing);
  try {
    return await writeDelivery(
      publish,
      reused.media,
      { kind: 'in transaction', stamp, reusedRows: reused.reusedRows },
      existing,
      use
    );
  } catch (error) {
    if (!(error instanceof OneCommitYields)) throw error;
    // The publish under the locks composes the entry again, with its warnings.
    warnings.length = warningsBefore;
    return undefined;
  }
}

/**
 * The slug's entry with its stamp, before a write that commits once. A slug no delivery wrote into the
 * type is taken to have none, without reading the entries: that read is a scan of the whole table
 * (Strapi declares no index on a uid field), the ledger's is one index lookup. An entry made there by
 * hand is then caught by the transaction's own reading of the stamp, and the publish runs again under
 * the locks, reading it (issue #62).
 */
async function findBeforeOneCommit(
  { target, article, locale }: PublishPlan,
  use: Pick<PublishCollaborators, 'posts' | 'deliveries'>
): Promise<{ entry: DocumentRow; stamp: string } | null> {
  if (target.slug && (await use.deliveries.findLatestDocumentOf(target.uid, article.slug)) === null)
    return null;
  return use.posts.readPostBySlug(target, article.slug, locale);
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
