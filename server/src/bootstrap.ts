import type { Core } from '@strapi/strapi';
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

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  await registerPermissionActions(strapi);
  await createLockTable(strapi);
  answerUnderWordPressPaths(strapi);
};
