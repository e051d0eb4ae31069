import { Alert, Box, Button, Dialog, Field, Flex, Typography } from '@strapi/design-system';
import { ArrowClockwise, Duplicate, Key } from '@strapi/icons';
import { Layouts, Page, useFetchClient, useNotification, useRBAC } from '@strapi/strapi/admin';
import * as React from 'react';
import { useIntl } from 'react-intl';
import type { SettingsResponse } from '../../../core/src/contracts';
import { settingsApi } from '../api/settings';
import { PERMISSIONS } from '../permissions';
import { getTranslation } from '../utils/getTranslation';

const ReadOnlyField = ({ label, value, name }: { label: string; value: string; name: string }) => (
  <Field.Root name={name} id={name}>
    <Field.Label>{label}</Field.Label>
    <Field.Input value={value} readOnly />
  </Field.Root>
);

const SettingsPage = () => {
  const { formatMessage } = useIntl();
  const t = (id: string, defaultMessage: string, values?: Record<string, string>) =>
    formatMessage({ id: getTranslation(id), defaultMessage }, values);
  const fetchClient = useFetchClient();
  const api = React.useMemo(() => settingsApi(fetchClient), [fetchClient]);
  const { toggleNotification } = useNotification();
  const {
    allowedActions: { canRegenerate },
  } = useRBAC(PERMISSIONS.regenerateSecrets);

  const [settings, setSettings] = React.useState<SettingsResponse | null>(null);
  const [failed, setFailed] = React.useState(false);
  const [revealedKey, setRevealedKey] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  React.useEffect(() => {
    api.read().then(setSettings, () => setFailed(true));
  }, [api]);

  const regenerate = async () => {
    setBusy(true);
    try {
      const result = await api.regenerateApiKey();
      setRevealedKey(result.key);
      setSettings((current) => (current ? { ...current, apiKey: result.apiKey } : current));
      toggleNotification({
        type: 'success',
        message: t('settings.key.generated', 'A new key was generated'),
      });
    } catch {
      toggleNotification({ type: 'danger', message: t('settings.error', 'Could not load the settings') });
    } finally {
      setBusy(false);
    }
  };

  const copyKey = async () => {
    if (!revealedKey) return;
    await navigator.clipboard.writeText(revealedKey);
    toggleNotification({ type: 'success', message: t('settings.key.copied', 'Key copied to the clipboard') });
  };

  if (failed) return <Page.Error />;
  if (!settings) return <Page.Loading />;

  const { apiKey, endpoints } = settings;
  const keyStatusText =
    apiKey.source === 'environment'
      ? t(
          'settings.key.environment',
          'The key is managed by the ARTICLE_PUBLISHER_API_KEY environment variable; change it there.'
        )
      : apiKey.source === 'admin'
        ? t('settings.key.admin', 'A key is set (ends with {hint}), generated on {date}.', {
            hint: apiKey.hint ?? '',
            date: apiKey.createdAt ? new Date(apiKey.createdAt).toLocaleString() : '',
          })
        : t(
            'settings.key.none',
            'No key yet. Generate one, then paste it into the service with the site URL.'
          );

  return (
    <Page.Main>
      <Page.Title>{t('settings.title', 'Article Publisher')}</Page.Title>
      <Layouts.Header
        title={t('settings.title', 'Article Publisher')}
        subtitle={t('settings.subtitle', 'Connect your article service to this site.')}
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
            <Flex direction="column" alignItems="stretch" gap={4}>
              <Typography variant="delta" tag="h2">
                {t('settings.endpoints.title', 'Addresses to paste into the service')}
              </Typography>
              {!settings.siteUrlIsHttps && (
                <Alert variant="warning" closeLabel="" onClose={() => undefined}>
                  {t(
                    'settings.endpoints.httpsWarning',
                    'The public site URL is not https. The key must only travel over HTTPS: set an https URL before connecting the service.'
                  )}
                </Alert>
              )}
              <ReadOnlyField
                name="siteUrl"
                label={t('settings.endpoints.siteUrl', 'Site URL')}
                value={settings.siteUrl}
              />
              <ReadOnlyField
                name="ping"
                label={t('settings.endpoints.ping', 'Connection check')}
                value={endpoints.ping}
              />
              <ReadOnlyField
                name="publishPost"
                label={t('settings.endpoints.publish', 'Publish endpoint')}
                value={endpoints.publishPost}
              />
              <ReadOnlyField
                name="webhook"
                label={t('settings.endpoints.webhook', 'Webhook URL (integration B)')}
                value={endpoints.webhook}
              />
            </Flex>
          </Box>

          <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
            <Flex direction="column" alignItems="stretch" gap={4}>
              <Typography variant="delta" tag="h2">
                {t('settings.key.title', 'API key (X-Service-Key)')}
              </Typography>
              <Typography data-testid="api-key-status">{keyStatusText}</Typography>

              {revealedKey && (
                <Alert
                  variant="success"
                  title={t('settings.key.reveal.title', 'Your new key')}
                  closeLabel=""
                  onClose={() => setRevealedKey(null)}
                >
                  <Flex direction="column" alignItems="stretch" gap={2} paddingTop={2}>
                    <Typography>
                      {t(
                        'settings.key.reveal.hint',
                        'Copy it now: it is stored only as a hash and will not be shown again.'
                      )}
                    </Typography>
                    <Flex gap={2}>
                      <Box flex="1">
                        <Field.Root name="revealedKey" id="revealedKey">
                          <Field.Input value={revealedKey} readOnly data-testid="revealed-api-key" />
                        </Field.Root>
                      </Box>
                      <Button variant="secondary" startIcon={<Duplicate />} onClick={copyKey}>
                        {t('settings.key.copy', 'Copy key')}
                      </Button>
                    </Flex>
                  </Flex>
                </Alert>
              )}

              {apiKey.source !== 'environment' && canRegenerate && apiKey.source === 'none' && (
                <Box>
                  <Button startIcon={<Key />} loading={busy} onClick={regenerate}>
                    {t('settings.key.generate', 'Generate key')}
                  </Button>
                </Box>
              )}
              {apiKey.source === 'admin' && canRegenerate && (
                <Dialog.Root>
                  <Dialog.Trigger>
                    <Box>
                      <Button variant="danger-light" startIcon={<ArrowClockwise />} loading={busy}>
                        {t('settings.key.regenerate', 'Regenerate key')}
                      </Button>
                    </Box>
                  </Dialog.Trigger>
                  <Dialog.Content>
                    <Dialog.Header>
                      {t('settings.key.confirm.title', 'Regenerate the API key?')}
                    </Dialog.Header>
                    <Dialog.Body>
                      {t(
                        'settings.key.confirm.body',
                        'The current key stops working at once. The service must be given the new key before it can publish again.'
                      )}
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Dialog.Cancel>
                        <Button variant="tertiary">{t('settings.key.confirm.cancel', 'Cancel')}</Button>
                      </Dialog.Cancel>
                      <Dialog.Action>
                        <Button variant="danger" onClick={regenerate}>
                          {t('settings.key.confirm.action', 'Regenerate')}
                        </Button>
                      </Dialog.Action>
                    </Dialog.Footer>
                  </Dialog.Content>
                </Dialog.Root>
              )}
              {!canRegenerate && apiKey.source !== 'environment' && (
                <Typography textColor="neutral600">
                  {t('settings.noPermission', 'You may read these settings but not generate keys.')}
                </Typography>
              )}
            </Flex>
          </Box>
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
};

const ProtectedSettingsPage = () => (
  <Page.Protect permissions={PERMISSIONS.readSettings}>
    <SettingsPage />
  </Page.Protect>
);

export default ProtectedSettingsPage;
