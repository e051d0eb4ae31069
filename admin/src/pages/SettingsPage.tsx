import { Page, useFetchClient, useRBAC } from '@strapi/strapi/admin';
import * as React from 'react';
import type { SettingsPageResponse } from '../../../core/src/contracts';
import { settingsApi } from '../api/settings';
import { FeedbackProvider } from '../components/feedback/FeedbackProvider';
import { SettingsForm } from '../components/settings/SettingsForm';
import { useTranslate } from '../hooks/useTranslate';
import { PERMISSIONS } from '../permissions';

/** Settings > Article Publisher > Connection and settings. */
const SettingsPage = () => {
  const t = useTranslate();
  const fetchClient = useFetchClient();
  const api = React.useMemo(() => settingsApi(fetchClient), [fetchClient]);
  const permissions = React.useMemo(
    () => [...PERMISSIONS.updateSettings, ...PERMISSIONS.regenerateSecrets],
    []
  );
  const {
    isLoading: checkingPermissions,
    allowedActions: { canUpdate, canRegenerate },
  } = useRBAC(permissions);
  const [page, setPage] = React.useState<SettingsPageResponse | null>(null);
  const [failed, setFailed] = React.useState(false);

  React.useEffect(() => {
    api.read().then(setPage, () => setFailed(true));
  }, [api]);

  if (failed) return <Page.Error />;
  if (!page || checkingPermissions) return <Page.Loading />;
  return (
    <Page.Main>
      <Page.Title>{t('settings.title', 'Article Publisher')}</Page.Title>
      <FeedbackProvider>
        <SettingsForm
          api={api}
          page={page}
          onSaved={setPage}
          canUpdate={Boolean(canUpdate)}
          canRegenerate={Boolean(canRegenerate)}
        />
      </FeedbackProvider>
    </Page.Main>
  );
};

const ProtectedSettingsPage = () => (
  <Page.Protect permissions={PERMISSIONS.readSettings}>
    <SettingsPage />
  </Page.Protect>
);

export default ProtectedSettingsPage;
