import { Table, Tbody, Th, Thead, Tr, Typography } from '@strapi/design-system';
import type { ActivityEntry, ActivitySchedule } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';
import { DELIVERY_COLUMNS, DeliveryRow } from './DeliveryRow';

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
    <Table colCount={DELIVERY_COLUMNS} rowCount={entries.length + 1} data-testid="deliveries-table">
      <Thead>
        <Tr>
          {headers.map((header) => (
            <Th key={header}>
              <Typography variant="sigma" textColor="neutral600">
                {header}
              </Typography>
            </Th>
          ))}
        </Tr>
      </Thead>
      <Tbody>
        {entries.map((entry) => (
          <DeliveryRow key={entry.id} entry={entry} onCancelSchedule={onCancelSchedule} />
        ))}
      </Tbody>
    </Table>
  );
};
