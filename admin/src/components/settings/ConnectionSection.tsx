import { Alert, Field, IconButton, Typography } from '@strapi/design-system';
import { Duplicate } from '@strapi/icons';
import * as React from 'react';
import type { SettingsPageResponse } from '../../../../core/src/contracts';
import { useCopyToClipboard } from '../../hooks/useCopyToClipboard';
import { useTranslate } from '../../hooks/useTranslate';
import { adminBackendUrl, serviceAddresses } from '../../utils/serviceAddresses';
import { useFeedback } from '../feedback/FeedbackProvider';
import { Section } from './Section';

/**
 * A read-only value with a copy button, for what the site owner pastes into the service. Its id is
 * prefixed so it never shares one with a settings field (a label focuses the first element of its id).
 */
const CopyableField = ({
  name,
  label,
  hint,
  value,
}: {
  name: string;
  label: string;
  hint?: string;
  value: string;
}) => {
  const t = useTranslate();
  const { copy } = useCopyToClipboard();
  const notify = useFeedback();
  const copyValue = async () => {
    if (await copy(value)) notify({ type: 'success', message: t('settings.copied', 'Copied') });
  };
  return (
    <Field.Root name={`address-${name}`} id={`address-${name}`} hint={hint}>
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
      <Field.Hint />
    </Field.Root>
  );
};

/**
 * The exact addresses to paste into the service: this CMS's address, not the public site (which may be a
 * separate frontend), and a warning when the key would travel to it over plain http.
 */
export const ConnectionSection = ({ page }: { page: SettingsPageResponse }) => {
  const t = useTranslate();
  const [warningDismissed, setWarningDismissed] = React.useState(false);
  const addresses = React.useMemo(() => serviceAddresses(page, adminBackendUrl()), [page]);
  return (
    <Section
      title={t('settings.endpoints.title', 'Addresses to paste into the service')}
      description={t(
        'settings.endpoints.description',
        "The service needs this Strapi's address and the API key (publishing API); signed webhook deliveries go to the webhook URL."
      )}
      testId="connection-card"
    >
      {!addresses.isHttps && !warningDismissed && (
        <Alert
          variant="warning"
          closeLabel={t('settings.close', 'Close')}
          onClose={() => setWarningDismissed(true)}
          data-testid="cms-http-warning"
        >
          {t(
            'settings.endpoints.httpsWarning',
            'This Strapi is reached at {url}, which is not https. The key travels to this address: serve Strapi over HTTPS (and set its public URL, server.url) before connecting the service.',
            { url: addresses.cmsUrl }
          )}
        </Alert>
      )}
      <CopyableField
        name="cmsUrl"
        label={t('settings.endpoints.cmsUrl', "Site URL for the service (this Strapi's address)")}
        hint={
          page.cmsUrl
            ? t(
                'settings.endpoints.cmsUrl.configured',
                "Strapi's public URL (server.url). Not the public site URL below, where posts are read."
              )
            : t(
                'settings.endpoints.cmsUrl.fromBrowser',
                "The address this admin reaches Strapi at; Strapi's server.url is not set. Not the public site URL below, where posts are read."
              )
        }
        value={addresses.cmsUrl}
      />
      <CopyableField
        name="ping"
        label={t('settings.endpoints.ping', 'Connection check')}
        value={addresses.ping}
      />
      <CopyableField
        name="publishPost"
        label={t('settings.endpoints.publish', 'Publish endpoint')}
        value={addresses.publishPost}
      />
      <CopyableField
        name="webhook"
        label={t('settings.endpoints.webhook', 'Webhook URL (signed webhook)')}
        value={addresses.webhook}
      />
      {page.settings.wordpressPaths && (
        <Typography variant="pi" textColor="neutral600" data-testid="wordpress-note">
          {t(
            'settings.endpoints.wordpressNote',
            "A service's WordPress connector works with this Strapi's address alone ({url}): the plugin also answers at /wp-json/service/v1/… and /?rest_route=/service/v1/…",
            { url: addresses.cmsUrl }
          )}
        </Typography>
      )}
    </Section>
  );
};
