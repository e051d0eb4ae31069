import os from 'node:os';
import type { Core } from '@strapi/strapi';
import { removeStaleTempFolders } from '../../core/src/images/temp-folders';
import { mountWordPressDoor } from './doors/wordpress';
import { PERMISSION_ACTIONS } from './doors/admin/permissions';
import { getService } from './common/get-service';
import { trackReaders } from './common/reader-activity';

async function registerPermissionActions(strapi: Core.Strapi) {
  await strapi.admin.services.permission.actionProvider.registerMany(PERMISSION_ACTIONS);
}

/** The lock table lives outside Strapi's content types: it needs a real primary-key constraint. */
async function createLockTable(strapi: Core.Strapi) {
  await getService(strapi, 'locks').ensureTable();
}

/**
 * Download folders of imports a crash interrupted stay in the temp directory otherwise. Only the
 * plugin's own folders old enough to be nobody's live download go (another instance on this machine
 * may be importing right now).
 */
async function removeStaleDownloadFolders(strapi: Core.Strapi) {
  const removed = await removeStaleTempFolders(os.tmpdir());
  if (removed.length)
    strapi.log.info(`[article-publisher] removed ${removed.length} stale temporary download folder(s)`);
}

/**
 * Each object the plugin's uploads hand the upload provider is journaled before it is written, so one a
 * crash leaves without a file row can be found again. The upload plugin set its provider up in register.
 */
function journalPluginUploads(strapi: Core.Strapi) {
  getService(strapi, 'upload-journal').journalProviderWrites();
}

/**
 * Objects an interrupted upload (of this instance before a crash, or of another) left without a file
 * row are removed at start, and then periodically by one instance at a time. A failed sweep is retried
 * on the next period; it never stops Strapi from starting.
 */
async function removeOrphanUploads(strapi: Core.Strapi) {
  const sweep = getService(strapi, 'orphan-sweep');
  try {
    await sweep.sweepNow();
  } catch (error) {
    strapi.log.warn(
      `[article-publisher] the orphan upload sweep at start failed: ${(error as Error).message}`
    );
  }
  sweep.startPeriodicSweep();
}

/** Scheduled posts (`status: "future"`) are published by a cron task on every instance (see schedule-runner.ts). */
function startScheduledPublishing(strapi: Core.Strapi) {
  getService(strapi, 'schedule-runner').start();
}

/**
 * The durable queue of custom webhook deliveries answered before their import (docs/hook-queue.md):
 * every instance runs a worker; the first thing it claims is what a crash or a restart left, once its
 * lease ran out.
 */
function startWebhookQueue(strapi: Core.Strapi) {
  getService(strapi, 'hook-queue-worker').start();
}

/** The worker threads of article work: the first starts now and warms up before its first article. */
function startArticleWorkThreads(strapi: Core.Strapi) {
  getService(strapi, 'article-work').start();
}

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  // The site's readers as this process sees them: image work keeps a core free for them (issue #62).
  strapi.server.use(trackReaders());
  await registerPermissionActions(strapi);
  await createLockTable(strapi);
  // One URL names one endpoint: a config id that an endpoint created in the admin has stops the start.
  await getService(strapi, 'hook-endpoints').assertUniqueIds();
  await removeStaleDownloadFolders(strapi);
  journalPluginUploads(strapi);
  await removeOrphanUploads(strapi);
  startScheduledPublishing(strapi);
  startWebhookQueue(strapi);
  mountWordPressDoor(strapi);
  startArticleWorkThreads(strapi);
};
