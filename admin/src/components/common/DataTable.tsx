import { Table, Tbody, Th, Thead, Tr, Typography } from '@strapi/design-system';
import * as React from 'react';

interface DataTableProps<Row> {
  /** The headers, one a column. */
  columns: string[];
  rows: Row[];
  /** One row's `<Tr>` (or rows), keyed. */
  renderRow: (row: Row) => React.ReactNode;
  headerTextColor?: 'neutral600';
  testId?: string;
}

/** A design-system table: a header row of column names, then a row or more per entry. */
export const DataTable = <Row,>({
  columns,
  rows,
  renderRow,
  headerTextColor,
  testId,
}: DataTableProps<Row>) => (
  <Table colCount={columns.length} rowCount={rows.length + 1} data-testid={testId}>
    <Thead>
      <Tr>
        {columns.map((column) => (
          <Th key={column}>
            <Typography variant="sigma" textColor={headerTextColor}>
              {column}
            </Typography>
          </Th>
        ))}
      </Tr>
    </Thead>
    <Tbody>{rows.map((row) => renderRow(row))}</Tbody>
  </Table>
);
