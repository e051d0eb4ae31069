import { repeatVerdict } from '../../../../core/src/repeat-rule';
import type { LedgerArticleKey } from '../ledger/deliveries';
import type { PublishCollaborators } from './collaborators';
import type { PublishPlan } from './plan';

/** A ledger row, as the ledger answers it. */
type DeliveryRecord = NonNullable<
  Awaited<ReturnType<PublishCollaborators['deliveries']['findLatestOfArticle']>>
>;

/** A delivery that writes nothing: the post as the ledger's newest entry left it. */
export interface Unchanged {
  stale: boolean;
  record: DeliveryRecord;
}

/** The article's key in the ledger, for a door with deliveries; none for a deliberate republish. */
function ledgerKey({ article, origin, locale }: PublishPlan): LedgerArticleKey | null {
  if (origin.source === 'webhook')
    return { source: 'webhook', articleId: origin.articleId, slug: article.slug, locale };
  if (origin.source === 'hook')
    return {
      source: 'hook',
      endpointId: origin.endpointId,
      externalId: origin.externalId,
      slug: article.slug,
      locale,
    };
  return null;
}

/**
 * The repeat rule (core/src/repeat-rule.ts) for the signed webhook and the custom webhooks, read
 * from the ledger's entries of the same door and article. The service API, WordPress and MCP are
 * deliberate republishes: never a repeat. Runs under the post's lock, so deliveries of one article
 * are decided one after another, each seeing the ledger entries of those before it. A delivery the
 * site owner runs again from the inspector is a repeat like any other, unless they ask to write it again.
 */
export async function findRepeat(
  publish: PublishPlan,
  use: Pick<PublishCollaborators, 'deliveries' | 'posts'>
): Promise<Unchanged | null> {
  const { article, origin, target, locale } = publish;
  const key = ledgerKey(publish);
  if (!key || (origin.source !== 'webhook' && origin.source !== 'hook')) return null;
  // The owner asked for this delivery to be written again (the inspector): it is, whatever came before.
  if (origin.source === 'hook' && origin.writeAgain) return null;
  const previous = await use.deliveries.findLatestOfArticle(key);
  const { sameBytes, newestSentAt } = await use.deliveries.findRepeatFacts(key, origin.bodyHash);
  const sameContent = previous !== null && previous.contentHash === article.contentHash;
  const verdict = repeatVerdict({
    sameBytesApplied: sameBytes !== null,
    sentAt: origin.sentAt,
    newestAppliedSentAt: newestSentAt,
    sameContentStands: sameContent && (await use.posts.postExists(target, previous.targetDocumentId, locale)),
  });
  const current = previous ?? sameBytes;
  return verdict.duplicate && current ? { record: current, stale: verdict.stale } : null;
}
