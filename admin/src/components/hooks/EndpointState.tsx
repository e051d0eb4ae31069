import { Badge, Flex, Switch, Typography } from '@strapi/design-system';
import type { HookEndpointSummary } from '../../../../core/src/hooks/endpoints-api';
import { useShortDate } from '../../hooks/useShortDate';
import { useTranslate } from '../../hooks/useTranslate';

/**
 * An endpoint's state, stacked in one cell: whether it is on (a switch where the role may change it),
 * when it was created and when it last received a delivery.
 */
export const EndpointState = ({
  endpoint,
  onToggle,
}: {
  endpoint: HookEndpointSummary;
  /** Switches it on or off; absent for an endpoint this role may not change (or the config's). */
  onToggle?: (endpoint: HookEndpointSummary, enabled: boolean) => Promise<void>;
}) => {
  const t = useTranslate();
  const when = useShortDate();
  const fromConfig = endpoint.source === 'config';
  return (
    <Flex direction="column" alignItems="flex-start" gap={1}>
      {onToggle ? (
        <Switch
          aria-label={t('hooks.toggle', 'Enable {name}', { name: endpoint.name })}
          checked={endpoint.enabled}
          onCheckedChange={(checked: boolean) => onToggle(endpoint, checked)}
        />
      ) : (
        <Badge active={endpoint.enabled}>
          {endpoint.enabled ? t('hooks.enabled', 'Enabled') : t('hooks.disabled', 'Disabled')}
        </Badge>
      )}
      <Typography variant="pi" textColor="neutral600">
        {t('hooks.createdAt', 'Created:')}{' '}
        <Typography variant="pi" textColor="neutral800">
          {when(endpoint.createdAt, fromConfig ? t('hooks.config', 'Config') : '—')}
        </Typography>
      </Typography>
      <Typography variant="pi" textColor="neutral600">
        {t('hooks.lastDeliveryAt', 'Last delivery:')}{' '}
        <Typography variant="pi" textColor="neutral800" data-testid="hook-endpoint-last-delivery">
          {when(endpoint.lastDeliveryAt, t('hooks.never', 'Never'))}
        </Typography>
      </Typography>
    </Flex>
  );
};
