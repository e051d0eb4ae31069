import { Alert, Box, Button, Flex, Typography } from '@strapi/design-system';
import * as React from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { SettingsPageResponse } from '../../../core/src/contracts';
import {
  approvedRedirectUrl,
  authorizeApplicationProblems,
  authorizeApplicationRequest,
  rejectedRedirectUrl,
} from '../../../core/src/wordpress/authorize-application';
import type { ApplicationPasswordsApi } from '../api/application-passwords';
import { PageLayout } from '../components/common/PageLayout';
import { useFeedback } from '../components/feedback/FeedbackProvider';
import { RevealedPassword } from '../components/settings/RevealedPassword';
import { Section } from '../components/settings/Section';
import { useTranslate } from '../hooks/useTranslate';
import { adminBackendUrl, serviceAddresses } from '../utils/serviceAddresses';

interface AuthorizeApplicationPageProps {
  api: ApplicationPasswordsApi;
  page: SettingsPageResponse;
  canRegenerate: boolean;
}

/**
 * WordPress's authorize-application page (`?app_name&app_id&success_url&reject_url`): the admin approves
 * the named application, which gets an application password named after it and is sent back to
 * `success_url` with `site_url`, `user_login` and `password`; a refusal goes to `reject_url`.
 */
export const AuthorizeApplicationPage = ({ api, page, canRegenerate }: AuthorizeApplicationPageProps) => {
  const t = useTranslate();
  const notify = useFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const request = React.useMemo(() => authorizeApplicationRequest(searchParams), [searchParams]);
  const problems = React.useMemo(() => authorizeApplicationProblems(request), [request]);
  const [busy, setBusy] = React.useState(false);
  const [shown, setShown] = React.useState<{ name: string; login: string; password: string } | null>(null);

  const approve = async () => {
    setBusy(true);
    try {
      const created = await api.create({ name: request.appName, appId: request.appId || undefined });
      const login = created.applicationPassword.login;
      if (request.successUrl) {
        const siteUrl = serviceAddresses(page, adminBackendUrl()).cmsUrl;
        window.location.assign(
          approvedRedirectUrl(request.successUrl, { siteUrl, userLogin: login, password: created.password })
        );
        return;
      }
      // Without a success URL WordPress shows the password on the page, once.
      setShown({ name: request.appName, login, password: created.password });
    } catch {
      notify({ type: 'danger', message: t('authorize.failed', 'The password could not be created.') });
    }
    setBusy(false);
  };

  const reject = () => {
    if (request.rejectUrl) window.location.assign(rejectedRedirectUrl(request.rejectUrl));
    else navigate('..');
  };

  const destination = request.successUrl ? new URL(request.successUrl).host : null;

  return (
    <PageLayout
      title={t('authorize.title', 'Authorize application')}
      subtitle={t(
        'authorize.subtitle',
        'A service asks for an application password to publish to this site.'
      )}
    >
      <Section
        title={request.appName || t('authorize.unnamed', 'An application')}
        testId="authorize-application"
      >
        {problems.length > 0 ? (
          <Alert
            variant="danger"
            title={t('authorize.invalid', 'This request cannot be approved.')}
            closeLabel={t('settings.close', 'Close')}
            data-testid="authorize-application-problems"
          >
            {problems.join(' ')}
          </Alert>
        ) : shown ? (
          <RevealedPassword {...shown} />
        ) : !canRegenerate ? (
          <Typography textColor="neutral600" data-testid="authorize-application-no-permission">
            {t('authorize.noPermission', 'Your role may not create application passwords.')}
          </Typography>
        ) : (
          <Flex direction="column" alignItems="stretch" gap={4}>
            <Typography>
              {t(
                'authorize.question',
                'Would you like to give {name} an application password? It will publish articles to this site as you. You can revoke it at any time in Settings > Article Publisher.',
                { name: request.appName }
              )}
            </Typography>
            <Typography textColor="neutral600" data-testid="authorize-application-destination">
              {destination
                ? t(
                    'authorize.destination',
                    'If you approve, you will be sent to {host}, which receives the password.',
                    { host: destination }
                  )
                : t('authorize.shownHere', 'If you approve, the password is shown here, once.')}
            </Typography>
            <Box>
              <Flex gap={2}>
                <Button loading={busy} onClick={approve}>
                  {t('authorize.approve', 'Yes, I approve of this connection')}
                </Button>
                <Button variant="tertiary" disabled={busy} onClick={reject}>
                  {t('authorize.reject', 'No, I do not approve of this connection')}
                </Button>
              </Flex>
            </Box>
          </Flex>
        )}
      </Section>
    </PageLayout>
  );
};
