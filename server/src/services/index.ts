import apiKey from './api-key';
import applicationPasswords from './application-passwords';
import articleWork from './article-work';
import authThrottle from './auth-throttle';
import categoryResolver from './category-resolver';
import categoryStore from './category-store';
import contentRights from './content-rights';
import deliveries from './deliveries';
import entryEventReads from '../strapi/entry-event-reads';
import gate from '../gate';
import hookQueue from './hook-queue';
import hookQueueWorker from './hook-queue-worker';
import hookEndpoints from './hook-endpoints';
import hooks from './hooks';
import hookWithdrawals from './hook-withdrawals';
import keptTerms from './kept-terms';
import locks from './locks';
import mediaImport from '../media';
import mediaSources from '../media/sources';
import orphanSweep from './orphan-sweep';
import pluginConfig from './plugin-config';
import posts from './posts';
import publisher from '../publish';
import refusals from './refusals';
import publisherActions from '../schedule/publisher-actions';
import scheduleRunner from '../schedule/schedule-runner';
import schedules from '../schedule/schedules';
import pluginStore from './plugin-store';
import siteInfo from './site-info';
import siteLocales from './site-locales';
import targetSchema from './target-schema';
import uploadJournal from './upload-journal';
import webhookSecret from './webhook-secret';
import wordpressMedia from './wordpress-media';
import wordpressPosts from './wordpress-posts';
import wordpressPublicReads from './wordpress-public-reads';
import wordpressRights from './wordpress-rights';
import wordpressTerms from './wordpress-terms';
import wordpressUsers from './wordpress-users';

const services = {
  'api-key': apiKey,
  'application-passwords': applicationPasswords,
  'article-work': articleWork,
  'auth-throttle': authThrottle,
  'category-resolver': categoryResolver,
  'category-store': categoryStore,
  'content-rights': contentRights,
  deliveries,
  'entry-event-reads': entryEventReads,
  gate,
  'hook-queue': hookQueue,
  'hook-queue-worker': hookQueueWorker,
  'hook-endpoints': hookEndpoints,
  hooks,
  'hook-withdrawals': hookWithdrawals,
  'kept-terms': keptTerms,
  locks,
  'media-import': mediaImport,
  'media-sources': mediaSources,
  'orphan-sweep': orphanSweep,
  'plugin-config': pluginConfig,
  posts,
  publisher,
  refusals,
  'publisher-actions': publisherActions,
  'schedule-runner': scheduleRunner,
  schedules,
  'plugin-store': pluginStore,
  'site-info': siteInfo,
  'site-locales': siteLocales,
  'target-schema': targetSchema,
  'upload-journal': uploadJournal,
  'webhook-secret': webhookSecret,
  'wordpress-media': wordpressMedia,
  'wordpress-posts': wordpressPosts,
  'wordpress-public-reads': wordpressPublicReads,
  'wordpress-rights': wordpressRights,
  'wordpress-terms': wordpressTerms,
  'wordpress-users': wordpressUsers,
};

export type PluginServices = { [Name in keyof typeof services]: ReturnType<(typeof services)[Name]> };
export default services;
