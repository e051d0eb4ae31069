import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { SettingsResponse } from '../../../core/src/contracts';
import { getService } from '../utils/get-service';

/** Admin API behind Settings > Article Publisher. Permissions are checked by route policies. */
const adminSettingsController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async getSettings(ctx: Context) {
    const siteInfo = getService(strapi, 'site-info');
    const config = getService(strapi, 'plugin-config').get();
    const siteUrl = siteInfo.siteUrl();
    const body: SettingsResponse = {
      apiKey: await getService(strapi, 'api-key').status(),
      siteName: config.siteName,
      siteUrl,
      endpoints: siteInfo.endpoints(),
      siteUrlIsHttps: siteUrl.startsWith('https://'),
    };
    ctx.body = body;
  },

  async regenerateApiKey(ctx: Context) {
    ctx.body = await getService(strapi, 'api-key').regenerate();
  },
});

export default adminSettingsController;
