import { Status, Typography } from '@strapi/design-system';
import type { ActivityEntry } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';

const VARIANTS = { draft: 'secondary', publish: 'success', pending: 'warning', future: 'primary' } as const;

/** The requested status; pending (a draft waiting for review) stands out. */
export const StatusBadge = ({ status }: { status: ActivityEntry['requestedStatus'] }) => {
  const t = useTranslate();
  const labels = {
    draft: t('status.draft', 'Draft'),
    publish: t('status.publish', 'Published'),
    pending: t('status.pending', 'Pending review'),
    future: t('status.future', 'Scheduled'),
  };
  return (
    <Status variant={VARIANTS[status]} size="S" data-testid={`status-${status}`}>
      <Typography fontWeight={status === 'pending' ? 'bold' : 'regular'} variant="omega">
        {labels[status]}
      </Typography>
    </Status>
  );
};
