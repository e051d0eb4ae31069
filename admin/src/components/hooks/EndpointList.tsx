import { Badge, Flex, Switch, Td, Tr, Typography } from '@strapi/design-system';
import type { HookEndpointsResponse, HookEndpointSummary } from '../../../../core/src/hooks/endpoints-api';
import { PRESET_GUIDES } from '../../../../core/src/hooks/preset-guide';
import { useShortDate } from '../../hooks/useShortDate';
import { useTranslate } from '../../hooks/useTranslate';
import { hookAddresses } from '../../utils/hookAddresses';
import { adminBackendUrl } from '../../utils/serviceAddresses';
import { DataTable } from '../common/DataTable';
import { EndpointActions, type EndpointActionHandlers } from './EndpointActions';

interface EndpointListProps {
  page: HookEndpointsResponse;
  canManage: boolean;
  handlers: EndpointActionHandlers & {
    onToggle: (endpoint: HookEndpointSummary, enabled: boolean) => Promise<void>;
  };
}

/** Every endpoint, those of the config first (read-only), each with its URL, state and last delivery. */
export const EndpointList = ({ page, canManage, handlers }: EndpointListProps) => {
  const t = useTranslate();
  const when = useShortDate();
  if (page.endpoints.length === 0) {
    return (
      <Typography textColor="neutral600" data-testid="hook-endpoints-empty">
        {t('hooks.none', 'No webhook endpoint yet.')}
      </Typography>
    );
  }
  const columns = [
    t('hooks.column.name', 'Name and URL'),
    t('hooks.column.preset', 'Service'),
    t('hooks.column.enabled', 'Enabled'),
    t('hooks.column.created', 'Created'),
    t('hooks.column.lastDelivery', 'Last delivery'),
    t('hooks.column.actions', 'Actions'),
  ];
  return (
    <DataTable
      columns={columns}
      rows={page.endpoints}
      renderRow={(endpoint) => {
        const addresses = hookAddresses(page, adminBackendUrl(), endpoint.id);
        const fromConfig = endpoint.source === 'config';
        return (
          <Tr key={endpoint.id} data-testid="hook-endpoint-row">
            <Td style={{ whiteSpace: 'normal', maxWidth: '28rem' }}>
              <Flex direction="column" alignItems="flex-start" gap={1}>
                <Flex gap={2}>
                  <Typography fontWeight="bold">{endpoint.name}</Typography>
                  {fromConfig && (
                    <Badge data-testid="hook-endpoint-config">
                      {t('hooks.fromConfig', 'From config (read-only)')}
                    </Badge>
                  )}
                </Flex>
                <Typography
                  variant="pi"
                  textColor="neutral600"
                  style={{ wordBreak: 'break-all' }}
                  data-testid="hook-endpoint-url"
                >
                  {addresses.api}
                </Typography>
                {endpoint.secret.hint && (
                  <Typography variant="pi" textColor="neutral600">
                    {t('hooks.secretHint', 'Secret ending with {hint}', { hint: endpoint.secret.hint })}
                    {endpoint.secret.previousValidUntil &&
                      ` · ${t('hooks.previousUntil', 'the previous one works until {date}', {
                        date: when(endpoint.secret.previousValidUntil, ''),
                      })}`}
                  </Typography>
                )}
              </Flex>
            </Td>
            <Td>
              <Typography data-testid="hook-endpoint-preset">
                {PRESET_GUIDES[endpoint.preset]?.label ?? endpoint.preset}
              </Typography>
            </Td>
            <Td>
              {canManage && !fromConfig ? (
                <Switch
                  aria-label={t('hooks.toggle', 'Enable {name}', { name: endpoint.name })}
                  checked={endpoint.enabled}
                  onCheckedChange={(checked: boolean) => handlers.onToggle(endpoint, checked)}
                />
              ) : (
                <Badge active={endpoint.enabled}>
                  {endpoint.enabled ? t('hooks.enabled', 'Enabled') : t('hooks.disabled', 'Disabled')}
                </Badge>
              )}
            </Td>
            <Td>
              <Typography>
                {when(endpoint.createdAt, fromConfig ? t('hooks.config', 'Config') : '—')}
              </Typography>
            </Td>
            <Td>
              <Typography data-testid="hook-endpoint-last-delivery">
                {when(endpoint.lastDeliveryAt, t('hooks.never', 'Never'))}
              </Typography>
            </Td>
            <Td>
              <EndpointActions
                endpoint={endpoint}
                addresses={addresses}
                canManage={canManage}
                graceSeconds={page.graceSeconds}
                handlers={handlers}
              />
            </Td>
          </Tr>
        );
      }}
    />
  );
};
