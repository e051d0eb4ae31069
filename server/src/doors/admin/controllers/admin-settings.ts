import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { articleFromPublishRequest, normalizeArticle } from '../../../../../core/src/article';
import { articleOptions, targetSettingsSchema, type EffectiveConfig } from '../../../../../core/src/config';
import { parsePublishRequest } from '../../../../../core/src/publish-request';
import { SAMPLE_ARTICLE } from '../../../../../core/src/sample-article';
import { TARGET_SETTING_KEYS } from '../../../../../core/src/settings-keys';
import { getService } from '../../../common/get-service';
import { settingsPage, targetCheckOf } from './admin-settings-view';
import { asSettingsValidationError } from './admin-validation-errors';

const requestBody = (ctx: Context): Record<string, unknown> => {
  const body: unknown = ctx.request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
};

/** The effective config with the target settings of a request on top (unsaved); a 400 names a malformed one. */
async function draftTargetConfig(
  strapi: Core.Strapi,
  body: Record<string, unknown>
): Promise<EffectiveConfig> {
  const draft = Object.fromEntries(
    TARGET_SETTING_KEYS.filter((key) => key in body).map((key) => [key, body[key]])
  );
  const parsed = targetSettingsSchema.safeParse(draft);
  if (!parsed.success) throw asSettingsValidationError(parsed.error);
  return { ...(await getService(strapi, 'plugin-config').get()), ...parsed.data };
}

/** Admin API behind Settings > Article Publisher. Permissions are checked by route policies. */
const adminSettingsController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async getSettings(ctx: Context) {
    ctx.body = await settingsPage(strapi);
  },

  /**
   * Saves the editable settings with the config validator's rules, a new target only with the saving
   * admin's Content Manager rights on it; 400 ValidationError names each field.
   */
  async updateSettings(ctx: Context) {
    try {
      await getService(strapi, 'plugin-config').saveSettings(ctx.request.body ?? {}, ctx.state.userAbility);
    } catch (error) {
      throw asSettingsValidationError(error);
    }
    ctx.body = await settingsPage(strapi);
  },

  /** The target check for unsaved target settings (the form's live check); nothing is stored. */
  async checkTarget(ctx: Context) {
    const config = await draftTargetConfig(strapi, requestBody(ctx));
    ctx.body = targetCheckOf(getService(strapi, 'target-schema').describe(config));
  },

  /**
   * "Preview with a sample article": a dry run of the sample article into the target of the given
   * (unsaved) target settings, as publish-post?dry_run=true answers it; nothing is fetched or written.
   */
  async previewTarget(ctx: Context) {
    const config = await draftTargetConfig(strapi, requestBody(ctx));
    const article = normalizeArticle(
      articleFromPublishRequest(parsePublishRequest(SAMPLE_ARTICLE)),
      articleOptions(config)
    );
    ctx.body = await getService(strapi, 'publisher').preview(article, config);
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
