import { Button, Flex, Typography } from '@strapi/design-system';
import * as React from 'react';
import type { InspectedDelivery } from '../../../../../core/src/hooks/inspector-api';
import { useTranslate } from '../../../hooks/useTranslate';
import { PayloadView } from './PayloadView';

interface DeliveryDetailsProps {
  delivery: InspectedDelivery;
  /** Runs it again (absent: the role may not); `writeAgain` writes past the repeat rule. */
  onAgain?: (writeAgain: boolean) => Promise<void>;
}

/** One delivery opened: why it ended so, its warnings, its payload and field map, and "process again". */
export const DeliveryDetails = ({ delivery, onAgain }: DeliveryDetailsProps) => {
  const t = useTranslate();
  const [busy, setBusy] = React.useState(false);
  const again = async (writeAgain: boolean) => {
    if (!onAgain) return;
    setBusy(true);
    try {
      await onAgain(writeAgain);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex direction="column" alignItems="stretch" gap={3} data-testid="delivery-details">
      <Typography variant="delta" tag="h3">
        {t('inspector.details', 'Delivery {id}: {event}', { id: delivery.id, event: delivery.event })}
      </Typography>
      {delivery.problem && (
        <Typography textColor="danger600" data-testid="delivery-problem">
          {delivery.problem}
        </Typography>
      )}
      {delivery.note && (
        <Typography textColor="neutral600" style={{ whiteSpace: 'pre-line' }}>
          {delivery.note}
        </Typography>
      )}
      {delivery.warnings.map((warning) => (
        <Typography key={warning} textColor="warning600" data-testid="delivery-warning">
          {warning}
        </Typography>
      ))}
      {delivery.payload === null ? (
        <Typography textColor="neutral600" data-testid="delivery-payload-note">
          {delivery.payloadNote}
        </Typography>
      ) : (
        <PayloadView payload={delivery.payload} map={delivery.fieldMap} />
      )}
      {onAgain && delivery.payloadKept && (
        <Flex gap={2} wrap="wrap">
          <Button type="button" loading={busy} onClick={() => again(false)} data-testid="delivery-again">
            {t('inspector.again', 'Process again')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            loading={busy}
            onClick={() => again(true)}
            data-testid="delivery-write-again"
          >
            {t('inspector.writeAgain', 'Write again, even if unchanged')}
          </Button>
          <Typography variant="pi" textColor="neutral600">
            {t(
              'inspector.againHint',
              'Processed again through the queue, by the same rules: what it wrote before is a duplicate unless written again.'
            )}
          </Typography>
        </Flex>
      )}
    </Flex>
  );
};
