import type { ActivityEntry, ActivitySchedule } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';
import { DataTable } from '../common/DataTable';
import { DeliveryRow } from './DeliveryRow';

/** The ledger's page of deliveries, newest first. */
export const DeliveriesTable = ({
  entries,
  onCancelSchedule,
}: {
  entries: ActivityEntry[];
  onCancelSchedule?: (entry: ActivityEntry) => Promise<ActivitySchedule>;
}) => {
  const t = useTranslate();
  const headers = [
    t('activity.column.time', 'Time'),
    t('activity.column.source', 'Source'),
    t('activity.column.article', 'Title and slug'),
    t('activity.column.status', 'Status'),
    t('activity.column.images', 'Images'),
    t('activity.column.warnings', 'Warnings'),
  ];
  return (
    <DataTable
      columns={headers}
      rows={entries}
      headerTextColor="neutral600"
      testId="deliveries-table"
      renderRow={(entry) => <DeliveryRow key={entry.id} entry={entry} onCancelSchedule={onCancelSchedule} />}
    />
  );
};
