import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { SettingsResponse } from '../../../core/src/contracts';
import { getService } from '../utils/get-service';

/** Admin API behind Settings > Article Publisher. Permissions are checked by route policies. */
const adminSettingsController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async getSettings(ctx: Context) {
    const siteInfo = getService(strapi, 'site-info');
    const config = await getService(strapi, 'plugin-config').get();
    const siteUrl = siteInfo.siteUrl(config);
    const body: SettingsResponse = {
      apiKey: await getService(strapi, 'api-key').status(),
      webhookSecret: await getService(strapi, 'webhook-secret').status(),
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

  /** Body `{ secret?: string }`: saves the given secret, or generates one when absent. */
  async setWebhookSecret(ctx: Context) {
    const body = (ctx.request.body ?? {}) as { secret?: unknown };
    if (body.secret !== undefined && typeof body.secret !== 'string') {
      return ctx.badRequest('secret must be a string');
    }
    ctx.body = await getService(strapi, 'webhook-secret').set(body.secret);
  },
});

export default adminSettingsController;
