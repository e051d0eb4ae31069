import type { Core } from '@strapi/strapi';
import { ZodError } from 'zod';
import { contentTypeKindProblems, missingRightsMessage } from '../../../../core/src/app-content-types';
import {
  applyStoredSettings,
  assertValidConfig,
  resolveEffectiveConfig,
  sameTargetSettings,
  settingsSchema,
  storedSettingsSchema,
  type EffectiveConfig,
  type PluginConfig,
} from '../../../../core/src/config';
import { unknownLocaleProblem } from '../../../../core/src/locale';
import { PLUGIN_ID } from '../plugin-id';
import type { Collaborators } from '../collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'contentRights' | 'pluginStore' | 'siteLocales'>;

/**
 * The plugin config as the other services use it. Precedence: environment variables, then settings
 * saved in the admin (read from the database on each call, so every instance agrees), then
 * `config/plugins`, then defaults.
 */
const pluginConfigService = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const fromFiles = (): PluginConfig => strapi.config.get(`plugin::${PLUGIN_ID}`) as PluginConfig;
  const kindOf = (uid: string) =>
    (strapi.contentTypes as unknown as Record<string, { kind?: string } | undefined>)[uid]?.kind;

  return {
    /** Files and environment only: for what the admin cannot change (secrets, throttle, body limit). */
    static(): EffectiveConfig {
      return resolveEffectiveConfig(fromFiles(), process.env);
    },

    async get(): Promise<EffectiveConfig> {
      const stored = storedSettingsSchema.safeParse(await uses.pluginStore.getSettings());
      if (!stored.success) {
        strapi.log.warn('[article-publisher] the settings saved in the admin are invalid and were ignored');
        return this.static();
      }
      return resolveEffectiveConfig(applyStoredSettings(fromFiles(), stored.data), process.env);
    },

    /**
     * Validates settings from the admin with the config validator's rules, plus what a config file
     * cannot know: `locale` against the site's locales, each named content type against the schema
     * (a collection type), and, when the target settings change, the saving admin's Content Manager
     * rights on the target (`ability`: their `ctx.state.userAbility`). Then saves them.
     */
    async saveSettings(input: unknown, ability: unknown): Promise<EffectiveConfig> {
      const site = await uses.siteLocales.list();
      const current = await this.get();
      const settings = settingsSchema
        .superRefine((settings, context) => {
          const problem = settings.locale ? unknownLocaleProblem(settings.locale, site) : undefined;
          if (problem) context.addIssue({ code: 'custom', path: ['locale'], message: problem });
          for (const { path, message } of contentTypeKindProblems(settings, kindOf)) {
            context.addIssue({ code: 'custom', path: [path], message });
          }
        })
        .parse(input);
      const next = assertValidConfig(applyStoredSettings(fromFiles(), settings));
      if (!sameTargetSettings(current, next)) this.assertMayTarget(ability, next.targetContentType);
      await uses.pluginStore.setSettings(settings);
      return this.get();
    },

    /** A field error unless `ability` may do in the Content Manager what the plugin does with `uid`. */
    assertMayTarget(ability: unknown, uid: string): void {
      const missing = uses.contentRights.missingForArticles(ability, uid);
      if (!missing.length) return;
      throw new ZodError([
        {
          code: 'custom',
          path: ['targetContentType'],
          message: missingRightsMessage(uid, missing),
          input: uid,
        },
      ]);
    },
  };
};

export type PluginConfigService = ReturnType<typeof pluginConfigService>;
export default pluginConfigService;
