import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../src/errors';
import { chooseLocale, localeCode, localeParams, localeReport, type SiteLocales } from '../src/locale';

const SITE: SiteLocales = {
  locales: [
    { code: 'en', name: 'English (en)', isDefault: true },
    { code: 'fr-CA', name: 'French (Canada) (fr-CA)', isDefault: false },
  ],
  defaultLocale: 'en',
};
const localized = (requested: string | undefined, configured = '') =>
  chooseLocale({ localized: true, requested, configured, site: SITE });

describe('locale of a delivery', () => {
  it("takes the request's locale, then the configured one, then the site's default", () => {
    assert.deepEqual(localized('fr-CA', 'en'), { locale: 'fr-CA', warnings: [] });
    assert.deepEqual(localized(undefined, 'fr-CA'), { locale: 'fr-CA', warnings: [] });
    assert.deepEqual(localized(undefined), { locale: 'en', warnings: [] });
  });

  it("uses the site's spelling of a code given in another case", () => {
    assert.equal(localized('FR-ca').locale, 'fr-CA');
  });

  it("refuses a locale the site does not have with a bad_request naming locale and the site's locales", () => {
    assert.throws(
      () => localized('xx'),
      (error: unknown) =>
        error instanceof ServiceError &&
        error.code === 'bad_request' &&
        error.message === `Invalid publish request: locale "xx" is not one of the site's locales (en, fr-CA).`
    );
    assert.throws(
      () => localized(undefined, 'de'),
      (error: unknown) => error instanceof ServiceError && /configured locale "de"/.test(error.message)
    );
  });

  it('ignores the locale on a target that is not localized, warning only when the request named one', () => {
    const ignore = (requested: string | undefined) =>
      chooseLocale({ localized: false, requested, configured: 'fr-CA', site: SITE });
    assert.deepEqual(ignore('xx'), {
      locale: undefined,
      warnings: [
        'locale "xx" was ignored: the target content type is not localized (to keep each language apart, enable i18n localization on the type).',
      ],
    });
    assert.deepEqual(ignore(undefined), { locale: undefined, warnings: [] });
  });

  it('scopes Document Service calls to the locale on a localized type only', () => {
    assert.deepEqual(localeParams({ localized: true }, 'fr'), { locale: 'fr' });
    assert.deepEqual(localeParams({ localized: false }, 'fr'), {});
    assert.deepEqual(localeParams({ localized: true }, undefined), {});
  });

  it("reports a localized target's locales, and a configured locale the site lacks as a problem", () => {
    assert.deepEqual(localeReport(true, '', SITE), {
      report: { locales: ['en', 'fr-CA'], locale: 'en' },
      problems: [],
    });
    assert.deepEqual(localeReport(true, 'de', SITE), {
      report: { locales: ['en', 'fr-CA'] },
      problems: [`The configured locale "de" is not one of the site's locales (en, fr-CA).`],
    });
    assert.deepEqual(localeReport(false, 'de', SITE), { report: {}, problems: [] });
  });

  it('accepts locale codes as Strapi names them, and nothing else', () => {
    for (const code of ['en', 'fr-CA', 'zh-Hans-CN', 'es-419'])
      assert.ok(localeCode.safeParse(code).success, code);
    for (const code of ['', 'e', 'english', 'fr_CA', 'fr-', '<script>'])
      assert.ok(!localeCode.safeParse(code).success, code);
  });
});
