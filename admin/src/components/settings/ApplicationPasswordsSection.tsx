import { Typography } from '@strapi/design-system';
import * as React from 'react';
import type { ApplicationPasswordSummary } from '../../../../core/src/wordpress/application-passwords-api';
import type { ApplicationPasswordsApi } from '../../api/application-passwords';
import type { ApplicationPasswordsState } from '../../hooks/useApplicationPasswords';
import { useTranslate } from '../../hooks/useTranslate';
import { useFeedback } from '../feedback/FeedbackProvider';
import { ApplicationPasswordList } from './ApplicationPasswordList';
import { RevealedPassword } from './RevealedPassword';
import { Section } from './Section';
import { useNamedCreate } from '../../hooks/useNamedCreate';
import { NameAndCreate } from '../common/NameAndCreate';

/** The name field's id: the WordPress addresses' password button focuses it. */
export const NEW_PASSWORD_NAME_ID = 'application-password-name';

interface ApplicationPasswordsSectionProps {
  api: ApplicationPasswordsApi;
  passwords: ApplicationPasswordsState;
  canRegenerate: boolean;
}

/** WordPress application passwords: create one (shown once), the list with each login, revoke. */
export const ApplicationPasswordsSection = ({
  api,
  passwords,
  canRegenerate,
}: ApplicationPasswordsSectionProps) => {
  const t = useTranslate();
  const notify = useFeedback();
  const [revealed, setRevealed] = React.useState<{ name: string; login: string; password: string } | null>(
    null
  );

  const newPassword = useNamedCreate(async (name) => {
    try {
      const created = await api.create({ name });
      setRevealed({
        name: created.applicationPassword.name,
        login: created.applicationPassword.login,
        password: created.password,
      });
      notify({ type: 'success', message: t('passwords.created', 'Application password created') });
      await passwords.reload();
      return true;
    } catch {
      notify({ type: 'danger', message: t('passwords.createFailed', 'The password could not be created.') });
      return false;
    }
  });

  const revoke = async (entry: ApplicationPasswordSummary) => {
    try {
      await api.revoke(entry.id);
      notify({
        type: 'success',
        message: t('passwords.revoked', '{name} was revoked', { name: entry.name }),
      });
    } catch {
      notify({ type: 'danger', message: t('passwords.revokeFailed', 'The password could not be revoked.') });
    }
    await passwords.reload();
  };

  return (
    <Section
      title={t('passwords.title', 'Application passwords (WordPress)')}
      description={t(
        'passwords.description',
        'Services that publish to WordPress through its REST API sign in with a username and an application password. Each password is stored as a digest only and shown once; revoke one and it stops working at once.'
      )}
      testId="application-passwords-card"
    >
      {passwords.data?.environmentLogin && (
        <Typography textColor="neutral600" data-testid="application-password-environment">
          {t(
            'passwords.environment',
            'ARTICLE_PUBLISHER_WP_APP_PASSWORD provides one more password, for the username {login}; change it there.',
            { login: passwords.data.environmentLogin }
          )}
        </Typography>
      )}
      {revealed && <RevealedPassword {...revealed} />}
      {canRegenerate ? (
        <NameAndCreate
          id={NEW_PASSWORD_NAME_ID}
          label={t('passwords.name', 'New application password: which service uses it')}
          createLabel={t('passwords.create', 'Create application password')}
          form={newPassword}
          disabled={!newPassword.name.trim()}
        />
      ) : (
        <Typography textColor="neutral600" data-testid="application-passwords-no-permission">
          {t('passwords.noPermission', 'Your role may not create or revoke application passwords.')}
        </Typography>
      )}
      <ApplicationPasswordList passwords={passwords} canRevoke={canRegenerate} onRevoke={revoke} />
    </Section>
  );
};
