import { Badge, Flex, Switch } from '@strapi/design-system';
import type { HookEndpointSummary } from '../../../../core/src/hooks/endpoints-api';
import { useShortDate } from '../../hooks/useShortDate';
import { useTranslate } from '../../hooks/useTranslate';
import { LabelledLine } from '../common/LabelledLine';

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
      <LabelledLine
        label={t('hooks.createdAt', 'Created:')}
        value={when(endpoint.createdAt, fromConfig ? t('hooks.config', 'Config') : '—')}
      />
      <LabelledLine
        label={t('hooks.lastDeliveryAt', 'Last delivery:')}
        value={when(endpoint.lastDeliveryAt, t('hooks.never', 'Never'))}
        testId="hook-endpoint-last-delivery"
      />
    </Flex>
  );
};
