import os from 'node:os';
import type { Core } from '@strapi/strapi';
import { removeStaleTempFolders } from '../../core/src/images/temp-folders';
import { wordpressPaths } from './middlewares/wordpress-paths';
import { PERMISSION_ACTIONS } from './permissions';
import { getService } from './utils/get-service';

async function registerPermissionActions(strapi: Core.Strapi) {
  await strapi.admin.services.permission.actionProvider.registerMany(PERMISSION_ACTIONS);
}

/** The lock table lives outside Strapi's content types: it needs a real primary-key constraint. */
async function createLockTable(strapi: Core.Strapi) {
  await getService(strapi, 'locks').ensureTable();
}

/**
 * Routes WordPress-style requests to the service routes. Added here, after Strapi registered its
 * global middlewares and before it mounts the router, so it runs last before routing: errors,
 * security, CORS and the (scoped) body parser see the request as sent.
 */
function answerUnderWordPressPaths(strapi: Core.Strapi) {
  strapi.server.use(wordpressPaths({ strapi }));
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

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  await registerPermissionActions(strapi);
  await createLockTable(strapi);
  await removeStaleDownloadFolders(strapi);
  answerUnderWordPressPaths(strapi);
};
