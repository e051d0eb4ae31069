import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../../core/src/config';
import {
  chooseLocale,
  type LocaleChoice,
  type SiteLocale,
  type SiteLocales,
} from '../../../../core/src/locale';

/** The slice of the i18n plugin's `locales` service this plugin reads. */
interface I18nLocalesService {
  find(params?: object): Promise<{ code: string; name?: string | null }[]>;
  getDefaultLocale(): Promise<unknown>;
}

/** The site's locales, read from Strapi's i18n plugin on each call (an admin may add one at any time). */
const siteLocales = ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(): Promise<SiteLocales> {
    // i18n ships with Strapi 5, but an app can turn it off: then nothing is localized.
    const service = strapi.plugin('i18n')?.service('locales') as I18nLocalesService | undefined;
    if (!service) return { locales: [], defaultLocale: undefined };
    const defaultCode = await service.getDefaultLocale();
    const defaultLocale = typeof defaultCode === 'string' ? defaultCode : undefined;
    const rows = await service.find();
    const locales: SiteLocale[] = rows
      .map((row) => ({ code: row.code, name: row.name || row.code, isDefault: row.code === defaultLocale }))
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.code.localeCompare(b.code));
    return { locales, defaultLocale };
  },

  /**
   * The locale a delivery into `target` is written in (see chooseLocale), a 400 for an unknown one, and
   * the site's other locales (default first), where an existing translation of a new slug may be.
   */
  async choose(
    target: { localized: boolean },
    config: EffectiveConfig,
    requested: string | undefined
  ): Promise<LocaleChoice & { otherLocales: string[] }> {
    const site = target.localized ? await this.list() : { locales: [], defaultLocale: undefined };
    const choice = chooseLocale({ localized: target.localized, requested, configured: config.locale, site });
    const otherLocales = site.locales.map((entry) => entry.code).filter((code) => code !== choice.locale);
    return { ...choice, otherLocales };
  },
});

export type SiteLocalesService = ReturnType<typeof siteLocales>;
export default siteLocales;
