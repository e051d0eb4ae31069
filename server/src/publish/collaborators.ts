import type { PluginServices } from '../services';
import type { Connection } from './types';

/**
 * What the publish stages use of the rest of the plugin, passed in as arguments so that each stage
 * runs (and is unit tested) without Strapi: index.ts wires in the services. The one import of
 * services/ from this folder is this type-only one: the stages name what they use of each service.
 */
export interface PublishCollaborators {
  targetSchema: Pick<PluginServices['target-schema'], 'requireUsable'>;
  siteLocales: Pick<PluginServices['site-locales'], 'choose'>;
  siteInfo: Pick<PluginServices['site-info'], 'siteUrl'>;
  categories: Pick<
    PluginServices['category-resolver'],
    'plan' | 'lockNames' | 'apply' | 'applyTags' | 'findAuthor'
  >;
  posts: Pick<
    PluginServices['posts'],
    | 'findPostBySlug'
    | 'findTranslatedDocument'
    | 'existingZone'
    | 'saveDraft'
    | 'settleStatus'
    | 'postExists'
    | 'findPostByDocument'
    | 'entryStamp'
  >;
  deliveries: Pick<
    PluginServices['deliveries'],
    'recordDelivery' | 'findLatestOfArticle' | 'findRepeatFacts'
  >;
  locks: Pick<PluginServices['locks'], 'withLocks' | 'tryTakeWithin'>;
  /** Scheduled publishing (server/src/schedule): a post's schedule, set, replaced or ended by a delivery. */
  schedules: Pick<PluginServices['schedules'], 'settle'>;
  /** The WordPress door's own terms, for targets without a category or tag relation. */
  keptTerms: Pick<PluginServices['kept-terms'], 'linkPost'>;
  media: Pick<PluginServices['media-import'], 'importArticleImages' | 'discard' | 'decideArticleImages'>;
  /** Writes the body in the target's format (in a worker thread for a large article). */
  articleWork: Pick<PluginServices['article-work'], 'writeBody'>;
  /** Runs `work` in one database transaction (strapi.db.transaction), handing it the transaction. */
  transaction<T>(work: (transaction: Connection) => Promise<T>): Promise<T>;
  /**
   * Whether the site's database has one connection (SQLite): its readers wait while a transaction
   * runs, and its transactions run one at a time, so a lock taken inside one cannot wait or deadlock.
   */
  oneConnection: boolean;
}
