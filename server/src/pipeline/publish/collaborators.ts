import type { Collaborators } from '../../common/collaborators';
import type { Connection } from './types';

/**
 * What the publish stages use of the rest of the plugin, passed in as arguments so that each stage
 * runs (and is unit tested) without Strapi: index.ts wires in the services. Each is named by type
 * (common/collaborators.ts): the stages name what they use of it.
 */
export interface PublishCollaborators {
  targetSchema: Pick<Collaborators['targetSchema'], 'requireUsable'>;
  siteLocales: Pick<Collaborators['siteLocales'], 'choose'>;
  siteInfo: Pick<Collaborators['siteInfo'], 'siteUrl'>;
  categories: Pick<
    Collaborators['categoryResolver'],
    'plan' | 'lockNames' | 'apply' | 'applyTags' | 'findAuthor'
  >;
  posts: Pick<
    Collaborators['posts'],
    | 'findPostBySlug'
    | 'readPostBySlug'
    | 'findTranslatedDocument'
    | 'existingZone'
    | 'saveDraft'
    | 'settleStatus'
    | 'postExists'
    | 'findPostByDocument'
    | 'entryStamp'
    | 'eventReadsSettled'
  >;
  deliveries: Pick<
    Collaborators['deliveries'],
    'recordDelivery' | 'findLatestOfArticle' | 'findRepeatFacts' | 'findLatestDocumentOf'
  >;
  locks: Pick<Collaborators['locks'], 'withLocks' | 'tryTakeWithin' | 'freeWithin'>;
  /** Scheduled publishing (server/src/schedule): a post's schedule, set, replaced or ended by a delivery. */
  schedules: Pick<Collaborators['schedules'], 'settle'>;
  /** The WordPress door's own terms, for targets without a category or tag relation. */
  keptTerms: Pick<Collaborators['keptTerms'], 'linkPost'>;
  media: Pick<
    Collaborators['mediaImport'],
    'importArticleImages' | 'reuseArticleImages' | 'stillRecorded' | 'discard' | 'decideArticleImages'
  >;
  /** Writes the body in the target's format (in a worker thread for a large article). */
  articleWork: Pick<Collaborators['articleWork'], 'writeBody'>;
  /** Runs `work` in one database transaction (strapi.db.transaction), handing it the transaction. */
  transaction<T>(work: (transaction: Connection) => Promise<T>): Promise<T>;
  /**
   * Whether the site's database has one connection (SQLite): its readers wait while a transaction
   * runs, and its transactions run one at a time, so a lock taken inside one cannot wait or deadlock.
   */
  oneConnection: boolean;
}
