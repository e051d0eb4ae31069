import { Flex, Typography } from '@strapi/design-system';
import type { HookEndpointSummary } from '../../../../core/src/hooks/endpoints-api';
import { PRESET_GUIDES } from '../../../../core/src/hooks/preset-guide';
import { useTranslate } from '../../hooks/useTranslate';
import type { HookAddresses } from '../../utils/hookAddresses';
import { CopyableField } from '../settings/CopyableField';

/**
 * An endpoint's addresses to paste into its service: the URL, then the same endpoint under WordPress's
 * paths (for a service that only takes a WordPress site's address form), and what goes where.
 */
export const EndpointAddresses = ({
  endpoint,
  addresses,
}: {
  endpoint: HookEndpointSummary;
  addresses: HookAddresses;
}) => {
  const t = useTranslate();
  const guide = PRESET_GUIDES[endpoint.preset];
  return (
    <Flex direction="column" alignItems="stretch" gap={3} data-testid="hook-endpoint-addresses">
      {guide && <Typography>{guide.paste}</Typography>}
      <CopyableField
        name={`hook-url-${endpoint.id}`}
        label={t('hooks.address.url', 'Webhook URL')}
        value={addresses.api}
      />
      {addresses.wordpress.map((address, index) => (
        <CopyableField
          key={address}
          name={`hook-url-${endpoint.id}-wp${index}`}
          label={
            index === 0
              ? t('hooks.address.wordpress', "The same under WordPress's path")
              : t('hooks.address.restRoute', 'The same without pretty permalinks')
          }
          value={address}
        />
      ))}
      {endpoint.unauthenticated && (
        <Typography textColor="warning600" data-testid="hook-endpoint-unauthenticated">
          {t(
            'hooks.address.unauthenticated',
            'This endpoint checks no credential: its URL is its only secret. Share it as you would a password.'
          )}
        </Typography>
      )}
    </Flex>
  );
};
