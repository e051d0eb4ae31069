import { Alert, Button, Flex, Typography } from '@strapi/design-system';
import { Check } from '@strapi/icons';
import * as React from 'react';
import type { SecretStatus, SettingsPageResponse } from '../../../../core/src/contracts';
import type { ApplicationPasswordsApi } from '../../api/application-passwords';
import type { SettingsApi } from '../../api/settings';
import { useApplicationPasswords } from '../../hooks/useApplicationPasswords';
import { useTargetCheck } from '../../hooks/useTargetCheck';
import { useTranslate } from '../../hooks/useTranslate';
import { settingsErrorsFrom, type FieldErrors } from '../../utils/fieldErrors';
import { PageLayout } from '../common/PageLayout';
import { useFeedback } from '../feedback/FeedbackProvider';
import { AgentConnectionSection } from './AgentConnectionSection';
import { ApplicationPasswordsSection, NEW_PASSWORD_NAME_ID } from './ApplicationPasswordsSection';
import { ConnectionSection } from './ConnectionSection';
import { sameSettings, toFormValues, toRequestBody, type SettingsFormValues } from './form-values';
import { ImagesSection } from './ImagesSection';
import { SecretCard } from './SecretCard';
import { SiteSection } from './SiteSection';
import { TargetSection } from './TargetSection';

interface SettingsFormProps {
  api: SettingsApi;
  passwordsApi: ApplicationPasswordsApi;
  page: SettingsPageResponse;
  onSaved: (page: SettingsPageResponse) => void;
  canUpdate: boolean;
  canRegenerate: boolean;
}

/**
 * The settings page's content once loaded: the ways to connect (addresses and secrets, WordPress, an AI
 * agent), then the editable settings.
 */
export const SettingsForm = ({
  api,
  passwordsApi,
  page,
  onSaved,
  canUpdate,
  canRegenerate,
}: SettingsFormProps) => {
  const t = useTranslate();
  const passwords = useApplicationPasswords(passwordsApi);
  const notify = useFeedback();
  const [values, setValues] = React.useState<SettingsFormValues>(() => toFormValues(page.settings));
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const [formError, setFormError] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);
  const targetCheck = useTargetCheck(api, values, { ...page.target, mapping: page.targetMapping });
  // Back at the saved settings there is nothing to save, and the errors of a refused attempt no longer apply.
  const changed = !sameSettings(values, page.settings);
  const shownErrors = changed ? errors : {};

  const save = async () => {
    setSaving(true);
    try {
      const saved = await api.save(toRequestBody(values));
      setValues(toFormValues(saved.settings));
      setErrors({});
      setFormError(null);
      onSaved(saved);
      notify({ type: 'success', message: t('settings.saved', 'Settings saved') });
    } catch (error) {
      const invalid = settingsErrorsFrom(error);
      setErrors(invalid?.fields ?? {});
      setFormError(invalid ? invalid.message : null);
      notify({
        type: 'danger',
        message: invalid
          ? t('settings.invalid', 'Some settings are invalid; nothing was saved.')
          : t('settings.saveFailed', 'The settings could not be saved.'),
      });
    } finally {
      setSaving(false);
    }
  };

  const regenerateApiKey = async () => {
    const result = await api.regenerateApiKey();
    return { secret: result.key, status: result.apiKey };
  };
  const regenerateWebhookSecret = async (): Promise<{ secret: string; status: SecretStatus }> => {
    const result = await api.regenerateWebhookSecret();
    return { secret: result.secret, status: result.webhookSecret };
  };
  // The WordPress addresses' password button leads to the one place passwords are created.
  const focusNewPasswordName = () => {
    const field = document.getElementById(NEW_PASSWORD_NAME_ID);
    field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field?.focus({ preventScroll: true });
  };
  const sectionProps = {
    values,
    defaults: page.defaults,
    errors: shownErrors,
    disabled: !canUpdate,
    onChange: setValues,
  };

  return (
    <PageLayout
      title={t('settings.title', 'Article Publisher')}
      subtitle={t('settings.subtitle', 'Connect your article service to this site.')}
      primaryAction={
        canUpdate ? (
          <Button startIcon={<Check />} loading={saving} disabled={!changed} onClick={save}>
            {t('settings.save', 'Save')}
          </Button>
        ) : undefined
      }
    >
      <Flex direction="column" alignItems="stretch" gap={6}>
        {formError && changed && (
          <Alert
            variant="danger"
            title={t('settings.invalid', 'Some settings are invalid; nothing was saved.')}
            closeLabel={t('settings.close', 'Close')}
            onClose={() => setFormError(null)}
            data-testid="settings-form-error"
          >
            {formError}
          </Alert>
        )}
        <ConnectionSection
          page={page}
          login={passwords.data?.login ?? null}
          onCreatePassword={canRegenerate ? focusNewPasswordName : undefined}
        />
        <SecretCard
          kind="api-key"
          status={page.apiKey}
          canRegenerate={canRegenerate}
          regenerate={regenerateApiKey}
        />
        <SecretCard
          kind="webhook-secret"
          status={page.webhookSecret}
          canRegenerate={canRegenerate}
          regenerate={regenerateWebhookSecret}
        />
        <ApplicationPasswordsSection api={passwordsApi} passwords={passwords} canRegenerate={canRegenerate} />
        {/* The third way to connect, beside WordPress's: the connections come first, then the settings. */}
        <AgentConnectionSection page={page} canRegenerate={canRegenerate} />
        {!canUpdate && (
          <Typography textColor="neutral600" data-testid="settings-read-only">
            {t('settings.readOnly', 'Your role may read these settings but not change them.')}
          </Typography>
        )}
        <SiteSection {...sectionProps} serverUrl={page.serverUrl} />
        <TargetSection
          {...sectionProps}
          contentTypes={page.contentTypes}
          locales={page.locales}
          check={targetCheck}
          api={api}
          savedMapping={
            values.targetContentType === page.settings.targetContentType ? page.targetMapping : undefined
          }
        />
        <ImagesSection {...sectionProps} />
      </Flex>
    </PageLayout>
  );
};
