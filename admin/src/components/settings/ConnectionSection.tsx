import { Alert, Link, Typography } from '@strapi/design-system';
import * as React from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SettingsPageResponse } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';
import { PLUGIN_ID } from '../../pluginId';
import { adminBackendUrl, serviceAddresses } from '../../utils/serviceAddresses';
import { CopyableField } from './CopyableField';
import { Section } from './Section';
import { WordPressConnection, type WordPressAccount } from './WordPressConnection';

/**
 * The exact addresses to paste into the service: this CMS's address, not the public site (which may be a
 * separate frontend), and a warning when the key would travel to it over plain http.
 */
export const ConnectionSection = ({
  page,
  ...wordpress
}: WordPressAccount & { page: SettingsPageResponse }) => {
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
      <Typography variant="pi" textColor="neutral600" data-testid="hook-endpoints-note">
        {t(
          'settings.endpoints.hooksNote',
          'Services that deliver to a custom webhook of their own (Outrank, BlogSEO, SEOcraftAI, SEOLadders, RankPill, Rank Sector, GetMyWebRank, CiteFlow, BabyLoveGrowth, Arvow, Journalist AI, SEOGrove, Ranket, EarlySEO, or any other with a JSON mapping) get a URL and a secret of their own:'
        )}{' '}
        <Link tag={RouterLink} to={`/settings/${PLUGIN_ID}-hooks`} data-testid="hook-endpoints-link">
          {t('settings.endpoints.hooksLink', 'Webhook endpoints')}
        </Link>
      </Typography>
      <WordPressConnection siteUrl={addresses.cmsUrl} {...wordpress} />
    </Section>
  );
};
