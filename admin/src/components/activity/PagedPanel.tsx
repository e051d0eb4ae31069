import { Box, Flex, Typography } from '@strapi/design-system';
import * as React from 'react';
import type { ActivityPagination } from '../../../../core/src/contracts';
import { ColumnTable, type Column } from '../common/ColumnTable';
import { PaginationBar } from './PaginationBar';

interface PagedPanelProps<Row> {
  testId: string;
  title: string;
  description: string;
  /** The filter row. */
  filters: React.ReactNode;
  /** Said in red instead of the list (the list could not be read, or a filter is wrong). */
  failure: string | null;
  emptyText: string;
  /** The page on screen; null while the first one loads. */
  page: { results: Row[]; pagination: ActivityPagination } | null;
  onPage: (page: number) => void;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowTestId: string;
}

/** A card of the activity page listing one log page by page: title, what it keeps, filters, the table. */
export const PagedPanel = <Row,>({
  testId,
  title,
  description,
  filters,
  failure,
  emptyText,
  page,
  onPage,
  columns,
  rowKey,
  rowTestId,
}: PagedPanelProps<Row>) => (
  <Box data-testid={testId} background="neutral0" padding={4} shadow="tableShadow" hasRadius>
    <Flex direction="column" alignItems="stretch" gap={3}>
      <Typography variant="delta" tag="h2">
        {title}
      </Typography>
      <Typography textColor="neutral600">{description}</Typography>
      {filters}
      {failure ? (
        <Typography textColor="danger600">{failure}</Typography>
      ) : !page ? null : page.results.length === 0 ? (
        <Typography textColor="neutral600">{emptyText}</Typography>
      ) : (
        <>
          <ColumnTable columns={columns} rows={page.results} rowKey={rowKey} rowTestId={rowTestId} />
          <PaginationBar value={page.pagination} onChange={onPage} />
        </>
      )}
    </Flex>
  </Box>
);
