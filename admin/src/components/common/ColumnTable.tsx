import { Td, Tr } from '@strapi/design-system';
import * as React from 'react';
import { DataTable } from './DataTable';

/** One column: its header, and what its cell shows for a row. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** The cell's style: the design system keeps a cell on one line unless told otherwise. */
  style?: React.CSSProperties;
}

interface ColumnTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Every row's test id. */
  rowTestId: string;
}

/** A table of one row per entry, described column by column. */
export const ColumnTable = <Row,>({ columns, rows, rowKey, rowTestId }: ColumnTableProps<Row>) => (
  <DataTable
    columns={columns.map((column) => column.header)}
    rows={rows}
    renderRow={(row) => (
      <Tr key={rowKey(row)} data-testid={rowTestId}>
        {columns.map((column) => (
          <Td key={column.header} style={column.style}>
            {column.cell(row)}
          </Td>
        ))}
      </Tr>
    )}
  />
);
