import { prepareHookArticle, type HookArticle } from '../hook-article';
import type { ArticleThunk, HookDelivery } from '../preset';
import { idTitleAndSlug, isRecord, member } from './fields';

/** What a preset's reading answers: the articles to publish, or why the delivery writes nothing. */

type EndpointStatus = 'draft' | 'publish' | 'pending' | undefined;

/** The articles of a delivery, each mapped by `pick` and prepared with the endpoint's status. */
export function articlesOf(
  items: readonly unknown[],
  status: EndpointStatus,
  pick: (item: unknown) => HookArticle
): ArticleThunk[] {
  return mappedArticlesOf(items, status, (item) => ({ article: pick(item), warnings: [] }));
}

/** As `articlesOf`, for a mapping that also says what of it did not hold (a Custom endpoint's paths). */
export function mappedArticlesOf(
  items: readonly unknown[],
  status: EndpointStatus,
  map: (item: unknown) => { article: HookArticle; warnings: string[] }
): ArticleThunk[] {
  return items.map((item, index) =>
    Object.assign(
      () => {
        const { article, warnings } = map(item);
        const prepared = prepareHookArticle(article, {
          status,
          what: items.length > 1 ? `article ${index + 1} of the batch` : 'webhook article',
        });
        return warnings.length ? { ...prepared, warnings } : prepared;
      },
      { picked: () => map(item).article }
    )
  );
}

/** A delivery of one article: every preset but Outrank's batch. */
export function oneArticle(
  event: string,
  item: unknown,
  status: EndpointStatus,
  pick: (item: unknown) => HookArticle
): HookDelivery {
  return { kind: 'articles', event, articles: articlesOf([item], status, pick) };
}

/** The event services send with a published article (CiteFlow, EarlySEO, Ranket). */
const ARTICLE_PUBLISHED = 'article.published';

/**
 * The `article.published` dialect: a delivery whose one article is the `article` object, keyed by its
 * `id` (with its `title` and `slug`) and the rest of it as `pick` reads it. Any other event (none is
 * ''), or a delivery without that object, is acknowledged and ignored.
 */
export function articlePublished(
  body: unknown,
  event: string | undefined,
  status: EndpointStatus,
  pick: (article: Record<string, unknown>) => HookArticle
): HookDelivery {
  const article = member(body, 'article');
  if (event !== ARTICLE_PUBLISHED || !isRecord(article)) return unhandledEvent(event ?? '');
  return oneArticle(event, article, status, () => ({ ...idTitleAndSlug(article), ...pick(article) }));
}

export const ignored = (event: string, reason: string, echo?: Record<string, unknown>): HookDelivery => ({
  kind: 'ignored',
  event,
  reason,
  ...(echo ? { echo } : {}),
});

/** An event this version does not act on: acknowledged, nothing written. */
export const unhandledEvent = (event: string): HookDelivery =>
  ignored(event, `the event "${event || '(none)'}" is not handled`);

/** A service's test delivery: acknowledged, nothing written. */
export const testDelivery = (event: string): HookDelivery =>
  ignored(event, 'a test delivery: nothing is written');
