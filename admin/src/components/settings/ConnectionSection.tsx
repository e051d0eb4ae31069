import { Alert, Field, IconButton } from '@strapi/design-system';
import { Duplicate } from '@strapi/icons';
import { useClipboard, useNotification } from '@strapi/strapi/admin';
import * as React from 'react';
import type { SettingsPageResponse } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from './Section';

/** A read-only value with a copy button, for what the site owner pastes into the service. */
const CopyableField = ({ name, label, value }: { name: string; label: string; value: string }) => {
  const t = useTranslate();
  const { copy } = useClipboard();
  const { toggleNotification } = useNotification();
  const copyValue = async () => {
    if (await copy(value)) toggleNotification({ type: 'success', message: t('settings.copied', 'Copied') });
  };
  return (
    <Field.Root name={name} id={name}>
      <Field.Label>{label}</Field.Label>
      <Field.Input
        value={value}
        readOnly
        data-testid={`endpoint-${name}`}
        endAction={
          <IconButton
            label={t('settings.copy', 'Copy {name}', { name: label })}
            variant="ghost"
            onClick={copyValue}
          >
            <Duplicate />
          </IconButton>
        }
      />
    </Field.Root>
  );
};

/** The exact addresses to paste into the service, and a warning when the site is not https. */
export const ConnectionSection = ({ page }: { page: SettingsPageResponse }) => {
  const t = useTranslate();
  const [warningDismissed, setWarningDismissed] = React.useState(false);
  return (
    <Section
      title={t('settings.endpoints.title', 'Addresses to paste into the service')}
      description={t(
        'settings.endpoints.description',
        'The service needs the site URL and the key; webhook deliveries go to the webhook URL, signed with the webhook secret.'
      )}
      testId="connection-card"
    >
      {!page.siteUrlIsHttps && !warningDismissed && (
        <Alert
          variant="warning"
          closeLabel={t('settings.close', 'Close')}
          onClose={() => setWarningDismissed(true)}
        >
          {t(
            'settings.endpoints.httpsWarning',
            'The public site URL is not https. The key must only travel over HTTPS: set an https URL before connecting the service.'
          )}
        </Alert>
      )}
      <CopyableField
        name="siteUrl"
        label={t('settings.endpoints.siteUrl', 'Site URL')}
        value={page.siteUrl}
      />
      <CopyableField
        name="ping"
        label={t('settings.endpoints.ping', 'Connection check')}
        value={page.endpoints.ping}
      />
      <CopyableField
        name="publishPost"
        label={t('settings.endpoints.publish', 'Publish endpoint')}
        value={page.endpoints.publishPost}
      />
      <CopyableField
        name="webhook"
        label={t('settings.endpoints.webhook', 'Webhook URL (integration B)')}
        value={page.endpoints.webhook}
      />
    </Section>
  );
};
