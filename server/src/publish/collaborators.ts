import type { PluginServices } from '../services';
import type { Connection } from '../services/locks';

/**
 * What the publish stages use of the rest of the plugin, passed in as arguments so that each stage
 * runs (and is unit tested) without Strapi: server/src/services/publisher.ts wires in the services.
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
    | 'savePost'
    | 'postExists'
    | 'findPostByDocument'
  >;
  deliveries: Pick<
    PluginServices['deliveries'],
    | 'recordDelivery'
    | 'findLatestWebhookDelivery'
    | 'findWebhookDeliveryByBodyHash'
    | 'findNewestWebhookTimestamp'
  >;
  locks: Pick<PluginServices['locks'], 'withLocks'>;
  /** Scheduled publishing (server/src/schedule): a post's schedule, set, replaced or ended by a delivery. */
  schedules: Pick<PluginServices['schedules'], 'settle'>;
  media: Pick<PluginServices['media-import'], 'importArticleImages' | 'discard' | 'decideArticleImages'>;
  /** Writes the body in the target's format (in a worker thread for a large article). */
  articleWork: Pick<PluginServices['article-work'], 'writeBody'>;
  /** Runs `work` in one database transaction (strapi.db.transaction), handing it the transaction. */
  transaction<T>(work: (transaction: Connection) => Promise<T>): Promise<T>;
}
