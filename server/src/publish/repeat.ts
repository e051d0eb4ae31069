import { replayVerdict } from '../../../core/src/webhook-replay';
import type { PublishCollaborators } from './collaborators';
import type { PublishPlan } from './plan';

/** A delivery that writes nothing: the post as the ledger's newest entry left it. */
/** A ledger row, as the ledger answers it. */
type DeliveryRecord = NonNullable<
  Awaited<ReturnType<PublishCollaborators['deliveries']['findLatestWebhookDelivery']>>
>;

export interface Unchanged {
  stale: boolean;
  record: DeliveryRecord;
}

/**
 * A webhook delivery is idempotent on article_id + slug (+ locale), and never rolls a post back.
 * Nothing is written when its exact bytes were applied before (at any time), when its timestamp is
 * older than the newest one applied for that key, or when the newest ledger entry for that key has
 * the same content and its post still exists. Runs under the post's lock, so deliveries of one
 * article are decided one after another, each seeing the ledger entries of those before it.
 */
export async function findRepeat(
  publish: PublishPlan,
  use: Pick<PublishCollaborators, 'deliveries' | 'posts'>
): Promise<Unchanged | null> {
  const { article, origin, target, locale } = publish;
  if (origin.source === 'hook') return findHookRepeat(publish, use);
  if (origin.source !== 'webhook') return null;
  const ledger = use.deliveries;
  const previous = await ledger.findLatestWebhookDelivery(origin.articleId, article.slug, locale);
  const sameBytes = await ledger.findWebhookDeliveryByBodyHash(origin.bodyHash);
  const verdict = replayVerdict({
    sameBytesApplied: sameBytes !== null,
    deliveryTime: origin.timestamp,
    newestAppliedTime: await ledger.findNewestWebhookTimestamp(origin.articleId, article.slug, locale),
  });
  const current = previous ?? sameBytes;
  if (verdict.duplicate && current) return { record: current, stale: verdict.stale };
  if (!previous || previous.contentHash !== article.contentHash) return null;
  if (!(await use.posts.postExists(target, previous.targetDocumentId, locale))) return null;
  return { record: previous, stale: false };
}

/**
 * A custom webhook's delivery is idempotent on its endpoint + the service's article id (or none) +
 * slug (+ locale): nothing is written when the newest entry for that key came from the same bytes
 * (a retry; one batch's articles each have their own key), or has the same content and its post still
 * exists. Custom webhooks carry no signed ordering timestamp, so no stale check applies.
 */
async function findHookRepeat(
  { article, origin, target, locale }: PublishPlan,
  use: Pick<PublishCollaborators, 'deliveries' | 'posts'>
): Promise<Unchanged | null> {
  if (origin.source !== 'hook') return null;
  const previous = await use.deliveries.findLatestHookDelivery(
    origin.endpointId,
    origin.externalId,
    article.slug,
    locale
  );
  if (!previous) return null;
  if (previous.bodyHash === origin.bodyHash) return { record: previous, stale: false };
  if (previous.contentHash !== article.contentHash) return null;
  if (!(await use.posts.postExists(target, previous.targetDocumentId, locale))) return null;
  return { record: previous, stale: false };
}
