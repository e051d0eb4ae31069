import type { SiteLocale } from '../../../../core/src/locale';
import { useTranslate } from '../../hooks/useTranslate';
import type { bindField } from './field-binding';
import { SelectField } from './inputs';

type LocaleFieldProps = ReturnType<typeof bindField<'locale'>> & { locales: SiteLocale[] };

/** The locale articles are written in on a localized target ('' follows the site's default locale). */
export const LocaleField = ({ locales, ...field }: LocaleFieldProps) => {
  const t = useTranslate();
  const defaultLocale = locales.find((locale) => locale.isDefault);
  return (
    <SelectField
      {...field}
      label={t('settings.target.locale', 'Locale')}
      hint={t(
        'settings.target.locale.hint',
        'On a localized content type: the language articles are written in, unless a request names one.'
      )}
      options={locales.map((locale) => ({ value: locale.code, label: `${locale.name} (${locale.code})` }))}
      noneLabel={t('settings.target.locale.default', "The site's default locale ({code})", {
        code: defaultLocale?.code ?? '-',
      })}
    />
  );
};
