import type { Core } from '@strapi/strapi';
import { getService } from './common/get-service';

/** The periodic orphan sweep's timer goes with the app (tests and restarts stop Strapi in-process). */
function stopOrphanSweep(strapi: Core.Strapi) {
  getService(strapi, 'orphan-sweep').stopPeriodicSweep();
}

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  stopOrphanSweep(strapi);
  getService(strapi, 'schedule-runner').stop();
  // The webhook queue stops claiming; a delivery still running after a short wait is claimed again later.
  await getService(strapi, 'hook-queue-worker').stop();
  // The paced event reads' lifecycle subscribers, if a publish left any (server/src/strapi/entry-event-reads.ts).
  getService(strapi, 'entry-event-reads').stop();
  // The worker threads of large articles go with the app too.
  await getService(strapi, 'article-work').stop();
};
