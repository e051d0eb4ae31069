import type { Core } from '@strapi/strapi';
import { PERMISSION_ACTIONS } from './permissions';
import { getService } from './utils/get-service';

async function registerPermissionActions(strapi: Core.Strapi) {
  await strapi.admin.services.permission.actionProvider.registerMany(PERMISSION_ACTIONS);
}

/** The lock table lives outside Strapi's content types: it needs a real primary-key constraint. */
async function createLockTable(strapi: Core.Strapi) {
  await getService(strapi, 'locks').ensureTable();
}

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  await registerPermissionActions(strapi);
  await createLockTable(strapi);
};
