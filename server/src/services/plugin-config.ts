import type { Core } from '@strapi/strapi';
import {
  applyStoredSettings,
  assertValidConfig,
  resolveEffectiveConfig,
  settingsSchema,
  type EffectiveConfig,
  type PluginConfig,
} from '../../../core/src/config';
import { unknownLocaleProblem } from '../../../core/src/locale';
import { getService } from '../utils/get-service';
import { PLUGIN_ID } from '../utils/plugin-id';

/**
 * The plugin config as the other services use it. Precedence: environment variables, then settings
 * saved in the admin (read from the database on each call, so every instance agrees), then
 * `config/plugins`, then defaults.
 */
const pluginConfigService = ({ strapi }: { strapi: Core.Strapi }) => {
  const fromFiles = (): PluginConfig => strapi.config.get(`plugin::${PLUGIN_ID}`) as PluginConfig;

  return {
    /** Files and environment only: for what the admin cannot change (secrets, throttle, body limit). */
    static(): EffectiveConfig {
      return resolveEffectiveConfig(fromFiles(), process.env);
    },

    async get(): Promise<EffectiveConfig> {
      const stored = settingsSchema.safeParse(await getService(strapi, 'plugin-store').getSettings());
      if (!stored.success) {
        strapi.log.warn('[article-publisher] the settings saved in the admin are invalid and were ignored');
        return this.static();
      }
      return resolveEffectiveConfig(applyStoredSettings(fromFiles(), stored.data), process.env);
    },

    /**
     * Validates settings from the admin with the config validator's rules (and `locale` against the
     * site's locales, which a config file cannot know), then saves them.
     */
    async saveSettings(input: unknown): Promise<EffectiveConfig> {
      const site = await getService(strapi, 'site-locales').list();
      const settings = settingsSchema
        .superRefine(({ locale }, context) => {
          const problem = locale ? unknownLocaleProblem(locale, site) : undefined;
          if (problem) context.addIssue({ code: 'custom', path: ['locale'], message: problem });
        })
        .parse(input);
      assertValidConfig(applyStoredSettings(fromFiles(), settings));
      await getService(strapi, 'plugin-store').setSettings(settings);
      return this.get();
    },
  };
};

export type PluginConfigService = ReturnType<typeof pluginConfigService>;
export default pluginConfigService;
