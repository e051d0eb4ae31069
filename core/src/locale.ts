import { z } from 'zod';
import { ServiceError } from './errors';
import { REQUEST_BOUNDS } from './request-bounds';

/**
 * The language an article is written in, on a site localized with Strapi's i18n. Framework-free: the
 * server reads the site's locales from the i18n plugin and hands them in.
 */

/** A locale code as Strapi's i18n names them: `en`, `fr`, `pt-BR`, `zh-Hans-CN`, ... */
export const localeCode = z
  .string()
  .max(REQUEST_BOUNDS.localeLength, `must be at most ${REQUEST_BOUNDS.localeLength} characters`)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a locale code such as "en" or "fr-CA"');

/** One of the site's locales (Settings > Internationalization). */
export interface SiteLocale {
  code: string;
  name: string;
  isDefault: boolean;
}

export interface SiteLocales {
  locales: SiteLocale[];
  /** The default locale's code; undefined when the i18n plugin is absent. */
  defaultLocale: string | undefined;
}

/** Where a delivery's locale came from: the request, or the config (`locale`, else the site's default). */
export interface LocaleChoice {
  /** The locale the entry is written in; undefined for a type that is not localized. */
  locale: string | undefined;
  warnings: string[];
}

const codesOf = (site: SiteLocales) => site.locales.map((locale) => locale.code);

/** Why `code` cannot be used on this site (not one of its locales), or undefined when it can. */
export function unknownLocaleProblem(code: string, site: SiteLocales): string | undefined {
  const codes = codesOf(site);
  if (codes.some((known) => known.toLowerCase() === code.toLowerCase())) return undefined;
  return `"${code}" is not one of the site's locales (${codes.join(', ') || 'none'})`;
}

/** The site's own spelling of a known code (`fr-ca` -> `fr-CA`), as Strapi stores and filters on it. */
const siteSpelling = (code: string, site: SiteLocales) =>
  codesOf(site).find((known) => known.toLowerCase() === code.toLowerCase()) ?? code;

/**
 * The locale a delivery is written in. The request's `locale` wins, then the configured one, then the
 * site's default. An unknown requested locale is a 400 naming the field and the site's locales; a
 * non-localized type ignores the locale, with a warning when the request named one.
 */
export function chooseLocale(options: {
  localized: boolean;
  requested: string | undefined;
  configured: string;
  site: SiteLocales;
}): LocaleChoice {
  const { localized, requested, configured, site } = options;
  if (!localized) {
    const warnings = requested
      ? [
          `locale "${requested}" was ignored: the target content type is not localized (to keep each language apart, enable i18n localization on the type).`,
        ]
      : [];
    return { locale: undefined, warnings };
  }
  if (requested) {
    const problem = unknownLocaleProblem(requested, site);
    if (problem) throw new ServiceError('bad_request', `Invalid publish request: locale ${problem}.`);
    return { locale: siteSpelling(requested, site), warnings: [] };
  }
  if (configured) {
    const problem = unknownLocaleProblem(configured, site);
    if (problem) {
      throw new ServiceError(
        'bad_request',
        `The configured locale ${problem}; nothing was written. Fix "locale" in Settings > Article Publisher.`
      );
    }
    return { locale: siteSpelling(configured, site), warnings: [] };
  }
  return { locale: site.defaultLocale, warnings: [] };
}

/**
 * Document Service parameters that scope a read or write to `locale` on a localized type; nothing for
 * a type that is not localized (Strapi would ignore it, and the intent reads clearer without it).
 */
export const localeParams = (type: { localized: boolean }, locale: string | undefined) =>
  type.localized && locale ? { locale } : {};

/**
 * What ping reports of a localized target's languages: the site's locales and the one a delivery
 * without `locale` is written in, or the problem with a configured locale the site does not have.
 */
export function localeReport(
  localized: boolean,
  configured: string,
  site: SiteLocales
): { report: { locales?: string[]; locale?: string }; problems: string[] } {
  if (!localized) return { report: {}, problems: [] };
  const locales = codesOf(site);
  const problem = configured ? unknownLocaleProblem(configured, site) : undefined;
  if (problem) return { report: { locales }, problems: [`The configured locale ${problem}.`] };
  const locale = configured ? siteSpelling(configured, site) : site.defaultLocale;
  return { report: { locales, ...(locale ? { locale } : {}) }, problems: [] };
}
