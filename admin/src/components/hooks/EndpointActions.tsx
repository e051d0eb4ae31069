import { Checkbox, Flex, IconButton, Modal, Typography } from '@strapi/design-system';
import { ArrowClockwise, Eye, Link as LinkIcon, Pencil } from '@strapi/icons';
import * as React from 'react';
import type { HookEndpointSummary } from '../../../../core/src/hooks/endpoints-api';
import { useTranslate } from '../../hooks/useTranslate';
import type { HookAddresses } from '../../utils/hookAddresses';
import { DeleteConfirm, IconConfirm } from '../common/IconConfirm';
import { EndpointAddresses } from './EndpointAddresses';

export interface EndpointActionHandlers {
  onEdit: (endpoint: HookEndpointSummary) => void;
  onRegenerate: (endpoint: HookEndpointSummary, endPreviousNow: boolean) => Promise<void>;
  onDelete: (endpoint: HookEndpointSummary) => Promise<void>;
  /** Opens the endpoint's delivery inspector (absent: the role may not read activity). */
  onInspect?: (endpoint: HookEndpointSummary) => void;
}

/** A row's actions: its addresses for everyone; edit, a new secret and delete for endpoints the role may manage. */
export const EndpointActions = ({
  endpoint,
  addresses,
  canManage,
  graceSeconds,
  handlers,
}: {
  endpoint: HookEndpointSummary;
  addresses: HookAddresses;
  canManage: boolean;
  graceSeconds: number;
  handlers: EndpointActionHandlers;
}) => {
  const t = useTranslate();
  const editable = canManage && endpoint.source === 'admin';
  return (
    <Flex gap={1}>
      {handlers.onInspect && (
        <IconButton
          label={t('hooks.actions.inspect', 'Deliveries of {name}', { name: endpoint.name })}
          variant="ghost"
          onClick={() => handlers.onInspect?.(endpoint)}
        >
          <Eye />
        </IconButton>
      )}
      <Modal.Root>
        <Modal.Trigger>
          <IconButton
            label={t('hooks.actions.addresses', 'Addresses of {name}', { name: endpoint.name })}
            variant="ghost"
          >
            <LinkIcon />
          </IconButton>
        </Modal.Trigger>
        <Modal.Content>
          <Modal.Header closeLabel={t('settings.close', 'Close')}>
            <Modal.Title>
              {t('hooks.actions.addressesTitle', 'Addresses of {name}', { name: endpoint.name })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <EndpointAddresses endpoint={endpoint} addresses={addresses} />
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
      {editable && (
        <>
          <IconButton
            label={t('hooks.actions.edit', 'Edit {name}', { name: endpoint.name })}
            variant="ghost"
            onClick={() => handlers.onEdit(endpoint)}
          >
            <Pencil />
          </IconButton>
          <RegenerateButton
            endpoint={endpoint}
            graceSeconds={graceSeconds}
            onRegenerate={handlers.onRegenerate}
          />
          <DeleteButton endpoint={endpoint} onDelete={handlers.onDelete} />
        </>
      )}
    </Flex>
  );
};

const RegenerateButton = ({
  endpoint,
  graceSeconds,
  onRegenerate,
}: {
  endpoint: HookEndpointSummary;
  graceSeconds: number;
  onRegenerate: EndpointActionHandlers['onRegenerate'];
}) => {
  const t = useTranslate();
  const [endPreviousNow, setEndPreviousNow] = React.useState(false);
  const hours = Math.round((graceSeconds / 3600) * 10) / 10;
  return (
    <IconConfirm
      onOpenChange={() => setEndPreviousNow(false)}
      label={t('hooks.actions.regenerate', 'New secret for {name}', { name: endpoint.name })}
      icon={<ArrowClockwise />}
      title={t('hooks.regenerate.title', 'A new secret for {name}?', { name: endpoint.name })}
      body={
        <Flex direction="column" alignItems="stretch" gap={3}>
          <Typography>
            {t(
              'hooks.regenerate.body',
              'The current secret keeps working for {hours} h beside the new one, so the service can be given the new secret without a lost delivery.',
              { hours }
            )}
          </Typography>
          <Checkbox
            name="hook-end-previous-now"
            checked={endPreviousNow}
            onCheckedChange={(checked: boolean | 'indeterminate') => setEndPreviousNow(checked === true)}
          >
            {t('hooks.regenerate.now', 'The current secret leaked: refuse it at once')}
          </Checkbox>
        </Flex>
      }
      actionLabel={t('hooks.regenerate.action', 'Generate a new secret')}
      actionVariant="danger-light"
      onConfirm={() => onRegenerate(endpoint, endPreviousNow)}
    />
  );
};

const DeleteButton = ({
  endpoint,
  onDelete,
}: {
  endpoint: HookEndpointSummary;
  onDelete: EndpointActionHandlers['onDelete'];
}) => {
  const t = useTranslate();
  return (
    <DeleteConfirm
      label={t('hooks.actions.delete', 'Delete {name}', { name: endpoint.name })}
      title={t('hooks.delete.title', 'Delete {name}?', { name: endpoint.name })}
      body={t(
        'hooks.delete.body',
        'Its URL stops answering at once, on every instance; the posts it delivered stay. This cannot be undone.'
      )}
      actionLabel={t('hooks.delete.action', 'Delete')}
      onConfirm={() => onDelete(endpoint)}
    />
  );
};
