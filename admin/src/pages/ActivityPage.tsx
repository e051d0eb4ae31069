import { Box, EmptyStateLayout, Flex, Loader } from '@strapi/design-system';
import { Page } from '@strapi/strapi/admin';
import * as React from 'react';
import type { ActivityResponse, AuthFailuresResponse } from '../../../core/src/contracts';
import { activityApi } from '../api/activity';
import {
  ActivityFilters,
  NO_FILTERS,
  type ActivityFilterValues,
} from '../components/activity/ActivityFilters';
import { AuthFailuresPanel } from '../components/activity/AuthFailuresPanel';
import { DeliveriesTable } from '../components/activity/DeliveriesTable';
import { HookQueuePanel } from '../components/activity/HookQueuePanel';
import { PaginationBar } from '../components/activity/PaginationBar';
import { RefusalsPanel } from '../components/activity/RefusalsPanel';
import { PageLayout } from '../components/common/PageLayout';
import { protectedPage } from '../components/common/protectedPage';
import { useAdminApi } from '../hooks/useAdminApi';
import { usePermissions } from '../hooks/usePermissions';
import { useTranslate } from '../hooks/useTranslate';
import { PERMISSIONS } from '../permissions';

const PAGE_SIZE = 20;

/** Settings > Article Publisher > Activity: what the service delivered, and who failed to authenticate. */
const ActivityPage = () => {
  const t = useTranslate();
  const api = useAdminApi(activityApi);
  const allowed = usePermissions('cancelSchedules');
  const [filters, setFilters] = React.useState<ActivityFilterValues>(NO_FILTERS);
  const [page, setPage] = React.useState(1);
  const [deliveries, setDeliveries] = React.useState<ActivityResponse | null>(null);
  const [failures, setFailures] = React.useState<AuthFailuresResponse | null>(null);
  const [failed, setFailed] = React.useState(false);
  // The query whose answer is on screen; while it differs from the one asked for, a load is under way.
  const query = JSON.stringify({ page, ...filters });
  const [shownQuery, setShownQuery] = React.useState<string | null>(null);
  const loading = shownQuery !== query;

  React.useEffect(() => {
    let current = true;
    api
      .deliveries({
        page,
        pageSize: PAGE_SIZE,
        status: filters.status || undefined,
        source: filters.source || undefined,
        kind: filters.kind || undefined,
      })
      .then(
        (result) => current && setDeliveries(result),
        () => current && setFailed(true)
      )
      .finally(() => current && setShownQuery(query));
    return () => {
      current = false;
    };
  }, [api, page, filters, query]);

  React.useEffect(() => {
    api.authFailures().then(setFailures, () => setFailed(true));
  }, [api]);

  const changeFilters = (next: ActivityFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  if (failed) return <Page.Error />;
  if (!deliveries || !failures || !allowed) return <Page.Loading />;

  return (
    <Page.Main>
      <Page.Title>{t('activity.title', 'Article Publisher activity')}</Page.Title>
      <PageLayout
        title={t('activity.title', 'Article Publisher activity')}
        subtitle={t('activity.subtitle', 'Every article the service delivered, newest first.')}
        startActions={<ActivityFilters value={filters} onChange={changeFilters} />}
      >
        <Flex direction="column" alignItems="stretch" gap={4}>
          {loading && (
            <Box>
              <Loader small>{t('activity.loading', 'Loading…')}</Loader>
            </Box>
          )}
          {deliveries.results.length === 0 ? (
            <EmptyStateLayout
              content={
                filters.status || filters.source || filters.kind
                  ? t('activity.empty.filtered', 'No delivery matches these filters.')
                  : t('activity.empty', 'No article has been delivered yet.')
              }
            />
          ) : (
            <>
              <DeliveriesTable
                entries={deliveries.results}
                onCancelSchedule={allowed.canCancel ? (entry) => api.cancelSchedule(entry.id) : undefined}
              />
              <PaginationBar value={deliveries.pagination} onChange={setPage} />
            </>
          )}
          <HookQueuePanel api={api} />
          <RefusalsPanel api={api} />
          <AuthFailuresPanel failures={failures} />
        </Flex>
      </PageLayout>
    </Page.Main>
  );
};

export default protectedPage(PERMISSIONS.readActivity, ActivityPage);
