import { ServiceError } from '../errors';
import type { HookDelivery } from './preset';

/**
 * How many articles (or posts to withdraw) one custom webhook delivery may carry: `hookMaxBatchArticles`
 * in the plugin config (issue #55 item 4). Each article is published one after another before the
 * answer (or stored for the queue's worker), so a batch of 1,500 one-line articles (133 KB, well within
 * the body limit) wrote hundreds of posts and never answered within the service's 25 s.
 */
export const DEFAULT_HOOK_MAX_BATCH_ARTICLES = 50;
/** The highest setting: far above any service's batch, low enough that a delivery ends in minutes. */
export const MAX_HOOK_MAX_BATCH_ARTICLES = 1000;

/** The number of entries a delivery asks to publish or withdraw (an ignored delivery: none). */
export function deliveryEntries(delivery: HookDelivery): number {
  if (delivery.kind === 'articles') return delivery.articles.length;
  if (delivery.kind === 'withdraw') return delivery.posts.length;
  return 0;
}

/**
 * Refuses a delivery over the batch bound whole, with 413 `payload_too_large` naming the bound: before
 * any of its articles is prepared, published or queued, so a sender that splits its batch resends
 * every article, never half of them.
 */
export function assertBatchWithinBound(delivery: HookDelivery, maxArticles: number): void {
  const count = deliveryEntries(delivery);
  if (count <= maxArticles) return;
  const what = delivery.kind === 'withdraw' ? 'posts' : 'articles';
  throw new ServiceError(
    'payload_too_large',
    `The delivery carries ${count} ${what}; this site takes at most ${maxArticles} per delivery (hookMaxBatchArticles, the limit). Nothing was written: send them in deliveries of at most ${maxArticles}.`
  );
}
