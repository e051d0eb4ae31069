import { Page } from '@strapi/strapi/admin';
import * as React from 'react';
import { Route, Routes } from 'react-router-dom';
import type { SettingsPageResponse } from '../../../core/src/contracts';
import { applicationPasswordsApi } from '../api/application-passwords';
import { settingsApi } from '../api/settings';
import { FeedbackProvider } from '../components/feedback/FeedbackProvider';
import { SettingsForm } from '../components/settings/SettingsForm';
import { protectedPage } from '../components/common/protectedPage';
import { useAdminApi } from '../hooks/useAdminApi';
import { usePermissions } from '../hooks/usePermissions';
import { useTranslate } from '../hooks/useTranslate';
import { PERMISSIONS } from '../permissions';
import { AuthorizeApplicationPage } from './AuthorizeApplicationPage';

/** Settings > Article Publisher > Connection and settings. */
const SettingsPage = () => {
  const t = useTranslate();
  const api = useAdminApi(settingsApi);
  const passwordsApi = useAdminApi(applicationPasswordsApi);
  const allowed = usePermissions('updateSettings', 'regenerateSecrets');
  const [page, setPage] = React.useState<SettingsPageResponse | null>(null);
  const [failed, setFailed] = React.useState(false);

  React.useEffect(() => {
    api.read().then(setPage, () => setFailed(true));
  }, [api]);

  if (failed) return <Page.Error />;
  if (!page || !allowed) return <Page.Loading />;
  return (
    <Page.Main>
      <Page.Title>{t('settings.title', 'Article Publisher')}</Page.Title>
      <FeedbackProvider>
        <Routes>
          <Route
            path="authorize-application"
            element={
              <AuthorizeApplicationPage
                api={passwordsApi}
                page={page}
                canRegenerate={allowed.canRegenerate}
              />
            }
          />
          <Route
            path="*"
            element={
              <SettingsForm
                api={api}
                passwordsApi={passwordsApi}
                page={page}
                onSaved={setPage}
                canUpdate={allowed.canUpdate}
                canRegenerate={allowed.canRegenerate}
              />
            }
          />
        </Routes>
      </FeedbackProvider>
    </Page.Main>
  );
};

export default protectedPage(PERMISSIONS.readSettings, SettingsPage);
