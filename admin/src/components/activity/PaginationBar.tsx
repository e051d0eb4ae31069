import { Button, Flex, Typography } from '@strapi/design-system';
import { ChevronLeft, ChevronRight } from '@strapi/icons';
import type { ActivityPagination } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';
import type { ControlProps } from '../common/control-props';

/** Previous / next through the ledger, with where we are. */
export const PaginationBar = ({
  value: pagination,
  onChange: onPage,
}: ControlProps<ActivityPagination, number>) => {
  const t = useTranslate();
  const { page, pageCount, total } = pagination;
  return (
    <Flex justifyContent="space-between" alignItems="center">
      <Typography textColor="neutral600" data-testid="activity-page-info">
        {t(
          'activity.pagination.info',
          'Page {page} of {pageCount} ({total, plural, one {# delivery} other {# deliveries}})',
          {
            page,
            pageCount: Math.max(pageCount, 1),
            total,
          }
        )}
      </Typography>
      <Flex gap={2}>
        <Button
          variant="tertiary"
          startIcon={<ChevronLeft />}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('activity.pagination.previous', 'Previous')}
        </Button>
        <Button
          variant="tertiary"
          endIcon={<ChevronRight />}
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          {t('activity.pagination.next', 'Next')}
        </Button>
      </Flex>
    </Flex>
  );
};
