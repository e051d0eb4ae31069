import type { Core } from '@strapi/strapi';
import { PERMISSION_ACTIONS } from './permissions';

async function registerPermissionActions(strapi: Core.Strapi) {
  await strapi.admin.services.permission.actionProvider.registerMany(PERMISSION_ACTIONS);
}

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  await registerPermissionActions(strapi);
};
