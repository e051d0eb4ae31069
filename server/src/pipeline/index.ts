import categoryResolver from './categories/category-resolver';
import categoryStore from './categories/category-store';
import keptTerms from './categories/kept-terms';
import deliveries from './ledger/deliveries';
import refusals from './ledger/refusals';
import locks from './locks/locks';
import mediaImport from './media';
import orphanSweep from './media/orphan-sweep';
import mediaSources from './media/sources';
import uploadJournal from './media/upload-journal';
import posts from './posts/posts';
import publisher from './publish';
import publisherActions from './schedule/publisher-actions';
import scheduleRunner from './schedule/schedule-runner';
import schedules from './schedule/schedules';

/** The publish pipeline's services, room by room: every door's article goes through them. */
export const pipelineServices = {
  publisher,
  'media-import': mediaImport,
  'media-sources': mediaSources,
  'upload-journal': uploadJournal,
  'orphan-sweep': orphanSweep,
  'category-resolver': categoryResolver,
  'category-store': categoryStore,
  'kept-terms': keptTerms,
  posts,
  deliveries,
  refusals,
  locks,
  schedules,
  'schedule-runner': scheduleRunner,
  'publisher-actions': publisherActions,
};
