import { Status, Typography } from '@strapi/design-system';
import type { ActivityEntry } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';
import { statusLabels } from '../../utils/labels';

const VARIANTS = { draft: 'secondary', publish: 'success', pending: 'warning', future: 'primary' } as const;

/** The requested status; pending (a draft waiting for review) stands out. */
export const StatusBadge = ({ status }: { status: ActivityEntry['requestedStatus'] }) => {
  const t = useTranslate();
  return (
    <Status variant={VARIANTS[status]} size="S" data-testid={`status-${status}`}>
      <Typography fontWeight={status === 'pending' ? 'bold' : 'regular'} variant="omega">
        {statusLabels(t)[status]}
      </Typography>
    </Status>
  );
};
