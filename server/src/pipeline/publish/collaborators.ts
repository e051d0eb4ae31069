import type articleWorkService from '../../worker/pool';
import type categoryResolverService from '../categories/category-resolver';
import type deliveriesService from '../ledger/deliveries';
import type keptTermsService from '../categories/kept-terms';
import type locksService from '../locks/locks';
import type mediaImportService from '../media';
import type postsService from '../posts/posts';
import type schedulesService from '../schedule/schedules';
import type siteInfoService from '../../shared/services/site-info';
import type siteLocalesService from '../../shared/services/site-locales';
import type targetSchemaService from '../../shared/services/target-schema';
import type { Connection } from './types';

/**
 * What the publish stages use of the rest of the plugin, passed in as arguments so that each stage
 * runs (and is unit tested) without Strapi: index.ts wires in the services. Each service is named by
 * type only, from its own file: the stages name what they use of it.
 */
export interface PublishCollaborators {
  targetSchema: Pick<ReturnType<typeof targetSchemaService>, 'requireUsable'>;
  siteLocales: Pick<ReturnType<typeof siteLocalesService>, 'choose'>;
  siteInfo: Pick<ReturnType<typeof siteInfoService>, 'siteUrl'>;
  categories: Pick<
    ReturnType<typeof categoryResolverService>,
    'plan' | 'lockNames' | 'apply' | 'applyTags' | 'findAuthor'
  >;
  posts: Pick<
    ReturnType<typeof postsService>,
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
    ReturnType<typeof deliveriesService>,
    'recordDelivery' | 'findLatestOfArticle' | 'findRepeatFacts'
  >;
  locks: Pick<ReturnType<typeof locksService>, 'withLocks' | 'tryTakeWithin'>;
  /** Scheduled publishing (server/src/schedule): a post's schedule, set, replaced or ended by a delivery. */
  schedules: Pick<ReturnType<typeof schedulesService>, 'settle'>;
  /** The WordPress door's own terms, for targets without a category or tag relation. */
  keptTerms: Pick<ReturnType<typeof keptTermsService>, 'linkPost'>;
  media: Pick<
    ReturnType<typeof mediaImportService>,
    'importArticleImages' | 'discard' | 'decideArticleImages'
  >;
  /** Writes the body in the target's format (in a worker thread for a large article). */
  articleWork: Pick<ReturnType<typeof articleWorkService>, 'writeBody'>;
  /** Runs `work` in one database transaction (strapi.db.transaction), handing it the transaction. */
  transaction<T>(work: (transaction: Connection) => Promise<T>): Promise<T>;
  /**
   * Whether the site's database has one connection (SQLite): its readers wait while a transaction
   * runs, and its transactions run one at a time, so a lock taken inside one cannot wait or deadlock.
   */
  oneConnection: boolean;
}
