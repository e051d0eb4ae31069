import { useTranslate } from '../../hooks/useTranslate';
import { optionsOf } from '../../utils/labels';
import { SelectField } from '../settings/inputs';

/** Every way a preset's service can authenticate. */
type AuthKind = 'bearer' | 'header' | 'hmac' | 'none' | 'signature';

interface AuthFieldProps<Kind extends AuthKind> {
  name: string;
  /** The ways this preset's service can authenticate, in the order offered. */
  choices: readonly Kind[];
  value: Kind;
  error?: string;
  onChange: (value: Kind) => void;
}

/** "Authentication": the choice of how a preset's service proves a delivery is its own. */
export const AuthField = <Kind extends AuthKind>({
  name,
  choices,
  value,
  error,
  onChange,
}: AuthFieldProps<Kind>) => {
  const t = useTranslate();
  const labels: Record<AuthKind, string> = {
    bearer: t('hooks.form.auth.bearer', 'Bearer token (Authorization)'),
    header: t('hooks.form.auth.header', 'A header you name'),
    hmac: t('hooks.form.auth.hmac', 'HMAC-SHA256 of the body, in a header you name'),
    none: t('hooks.form.auth.none', 'None: the URL is the only secret'),
    signature: t('hooks.form.auth.signature', 'Signature (HMAC of the body)'),
  };
  return (
    <SelectField
      name={name}
      label={t('hooks.form.auth', 'Authentication')}
      value={value}
      options={optionsOf(labels, choices)}
      error={error}
      // The select offers only `choices`, so what it answers is one of them.
      onChange={(next) => onChange(next as Kind)}
    />
  );
};
