import { useTranslate } from '../../hooks/useTranslate';
import { RevealedSecretBox } from '../common/RevealedSecretBox';

/** A just-created application password, shown this once with its login and a copy button. */
export const RevealedPassword = ({
  name,
  login,
  password,
}: {
  name: string;
  login: string;
  password: string;
}) => {
  const t = useTranslate();
  return (
    <RevealedSecretBox
      testId="application-password-reveal"
      fieldId="revealed-application-password"
      title={t('passwords.reveal.title', 'New application password for {name}', { name })}
      hint={t(
        'passwords.reveal.hint',
        'Copy it now: it will not be shown again. In the service, give {login} as the username and this as the password.',
        { login }
      )}
      label={t('passwords.reveal.label', 'Application password')}
      secret={password}
      copyLabel={t('passwords.copy', 'Copy password')}
      messages={{
        copied: t('passwords.copied', 'Password copied to the clipboard'),
        copyFailed: t(
          'passwords.copyFailed',
          'The browser refused to copy; select the password and copy it.'
        ),
      }}
    />
  );
};
