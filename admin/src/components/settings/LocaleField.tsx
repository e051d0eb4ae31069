import type { SiteLocale } from '../../../../core/src/locale';
import { useTranslate } from '../../hooks/useTranslate';
import { SelectField } from './inputs';

interface LocaleFieldProps {
  value: string;
  locales: SiteLocale[];
  error?: string;
  disabled: boolean;
  onChange: (locale: string) => void;
}

/** The locale articles are written in on a localized target ('' follows the site's default locale). */
export const LocaleField = ({ value, locales, error, disabled, onChange }: LocaleFieldProps) => {
  const t = useTranslate();
  const defaultLocale = locales.find((locale) => locale.isDefault);
  return (
    <SelectField
      name="locale"
      label={t('settings.target.locale', 'Locale')}
      hint={t(
        'settings.target.locale.hint',
        'On a localized content type: the language articles are written in, unless a request names one.'
      )}
      value={value}
      options={locales.map((locale) => ({ value: locale.code, label: `${locale.name} (${locale.code})` }))}
      noneLabel={t('settings.target.locale.default', "The site's default locale ({code})", {
        code: defaultLocale?.code ?? '-',
      })}
      error={error}
      disabled={disabled}
      onChange={onChange}
    />
  );
};
