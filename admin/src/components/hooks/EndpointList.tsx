import { Typography } from '@strapi/design-system';
import * as React from 'react';
import type { HookEndpointsResponse, HookEndpointSummary } from '../../../../core/src/hooks/endpoints-api';
import { useTranslate } from '../../hooks/useTranslate';
import { hookAddresses } from '../../utils/hookAddresses';
import { adminBackendUrl } from '../../utils/serviceAddresses';
import { ColumnTable } from '../common/ColumnTable';
import { EndpointActions, type EndpointActionHandlers } from './EndpointActions';
import { EndpointState } from './EndpointState';
import { EndpointSummary } from './EndpointSummary';

interface EndpointListProps {
  page: HookEndpointsResponse;
  canManage: boolean;
  handlers: EndpointActionHandlers & {
    onToggle: (endpoint: HookEndpointSummary, enabled: boolean) => Promise<void>;
  };
}

/** Every endpoint, those of the config first (read-only), each with its service, URL, state and last delivery. */
export const EndpointList = ({ page, canManage, handlers }: EndpointListProps) => {
  const t = useTranslate();
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
  // A row holds a few lines: some room above and below them.
  const stacked: React.CSSProperties = { paddingTop: 8, paddingBottom: 8 };
  // Three columns, so that the endpoint's own (its name, service and URL) has the width a long URL needs
  // at 1280 px, and every action button stays in view (test/admin-1280-browser.test.ts).
  return (
    <ColumnTable
      rows={rows}
      rowKey={(row) => row.endpoint.id}
      rowTestId="hook-endpoint-row"
      columns={[
        {
          header: t('hooks.column.endpoint', 'Endpoint'),
          cell: ({ endpoint, addresses }) => <EndpointSummary endpoint={endpoint} url={addresses.api} />,
          // The rest of the table's width: the other columns keep to what they show.
          style: { ...stacked, whiteSpace: 'normal', width: '100%' },
        },
        {
          header: t('hooks.column.state', 'State'),
          style: stacked,
          cell: ({ endpoint, fromConfig }) => (
            <EndpointState
              endpoint={endpoint}
              onToggle={canManage && !fromConfig ? handlers.onToggle : undefined}
            />
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
