import { Badge, Switch, Typography } from '@strapi/design-system';
import type { HookEndpointsResponse, HookEndpointSummary } from '../../../../core/src/hooks/endpoints-api';
import { PRESET_GUIDES } from '../../../../core/src/hooks/preset-guide';
import { useShortDate } from '../../hooks/useShortDate';
import { useTranslate } from '../../hooks/useTranslate';
import { hookAddresses } from '../../utils/hookAddresses';
import { adminBackendUrl } from '../../utils/serviceAddresses';
import { ColumnTable } from '../common/ColumnTable';
import { EndpointActions, type EndpointActionHandlers } from './EndpointActions';
import { EndpointSummary } from './EndpointSummary';

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
  // Each row with its addresses, which both its URL and its actions show.
  const rows = page.endpoints.map((endpoint) => ({
    endpoint,
    addresses: hookAddresses(page, adminBackendUrl(), endpoint.id),
    fromConfig: endpoint.source === 'config',
  }));
  return (
    <ColumnTable
      rows={rows}
      rowKey={(row) => row.endpoint.id}
      rowTestId="hook-endpoint-row"
      columns={[
        {
          header: t('hooks.column.name', 'Name and URL'),
          cell: ({ endpoint, addresses }) => <EndpointSummary endpoint={endpoint} url={addresses.api} />,
          style: { whiteSpace: 'normal', maxWidth: '28rem' },
        },
        {
          header: t('hooks.column.preset', 'Service'),
          cell: ({ endpoint }) => (
            <Typography data-testid="hook-endpoint-preset">
              {PRESET_GUIDES[endpoint.preset]?.label ?? endpoint.preset}
            </Typography>
          ),
        },
        {
          header: t('hooks.column.enabled', 'Enabled'),
          cell: ({ endpoint, fromConfig }) =>
            canManage && !fromConfig ? (
              <Switch
                aria-label={t('hooks.toggle', 'Enable {name}', { name: endpoint.name })}
                checked={endpoint.enabled}
                onCheckedChange={(checked: boolean) => handlers.onToggle(endpoint, checked)}
              />
            ) : (
              <Badge active={endpoint.enabled}>
                {endpoint.enabled ? t('hooks.enabled', 'Enabled') : t('hooks.disabled', 'Disabled')}
              </Badge>
            ),
        },
        {
          header: t('hooks.column.created', 'Created'),
          cell: ({ endpoint, fromConfig }) => (
            <Typography>
              {when(endpoint.createdAt, fromConfig ? t('hooks.config', 'Config') : '—')}
            </Typography>
          ),
        },
        {
          header: t('hooks.column.lastDelivery', 'Last delivery'),
          cell: ({ endpoint }) => (
            <Typography data-testid="hook-endpoint-last-delivery">
              {when(endpoint.lastDeliveryAt, t('hooks.never', 'Never'))}
            </Typography>
          ),
        },
        {
          header: t('hooks.column.actions', 'Actions'),
          cell: ({ endpoint, addresses }) => (
            <EndpointActions
              endpoint={endpoint}
              addresses={addresses}
              canManage={canManage}
              graceSeconds={page.graceSeconds}
              handlers={handlers}
            />
          ),
        },
      ]}
    />
  );
};
