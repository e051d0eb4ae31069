import { Flex, Status, Typography } from '@strapi/design-system';
import * as React from 'react';
import { useIntl } from 'react-intl';
import type { HookQueueEntry } from '../../../../core/src/hooks/queue';
import type { activityApi } from '../../api/activity';
import { useLoaded } from '../../hooks/useLoaded';
import { useTranslate } from '../../hooks/useTranslate';
import { FilterSelect } from '../common/FilterSelect';
import { PagedPanel } from './PagedPanel';

const PAGE_SIZE = 20;
const ALL = 'all';
const VARIANTS = { queued: 'secondary', processing: 'primary', done: 'success', failed: 'danger' } as const;

/** What became of each article of a delivery, in one line per article. */
const OutcomeLines = ({ entry }: { entry: HookQueueEntry }) => {
  const t = useTranslate();
  return (
    <>
      {entry.outcome.map((line, index) => (
        <Typography key={index} tag="p" textColor={line.ok ? 'neutral800' : 'danger600'}>
          {line.ok
            ? t('activity.queue.landed', 'Post {postId} ({what})', {
                postId: line.postId,
                what: line.duplicate
                  ? t('activity.queue.duplicate', 'unchanged')
                  : line.created
                    ? t('activity.queue.created', 'created')
                    : t('activity.queue.updated', 'updated'),
              })
            : `${line.error.data.status} ${line.error.code}: ${line.error.message}`}
        </Typography>
      ))}
      {entry.problem && (
        <Typography tag="p" textColor={entry.status === 'failed' ? 'danger600' : 'warning600'}>
          {entry.problem}
        </Typography>
      )}
    </>
  );
};

/**
 * Custom webhook deliveries answered before their import (services that give up after a few seconds):
 * waiting, in progress, done or failed, with the endpoint, the event, the tries and what became of
 * each article. Never the payload.
 */
export const HookQueuePanel = ({ api }: { api: ReturnType<typeof activityApi> }) => {
  const t = useTranslate();
  const { formatDate } = useIntl();
  const [status, setStatus] = React.useState('');
  const [page, setPage] = React.useState(1);
  const load = React.useCallback(
    () => api.hookQueue({ page, pageSize: PAGE_SIZE, status: status || undefined }),
    [api, page, status]
  );
  const { data: queue, failed } = useLoaded(load);

  const statuses: [string, string][] = [
    [ALL, t('activity.queue.status.all', 'All states')],
    ['queued', t('activity.queue.status.queued', 'Waiting')],
    ['processing', t('activity.queue.status.processing', 'In progress')],
    ['done', t('activity.queue.status.done', 'Done')],
    ['failed', t('activity.queue.status.failed', 'Failed')],
  ];
  const statusLabel = (value: string) => statuses.find(([key]) => key === value)?.[1] ?? value;
  const time = (value: string) => formatDate(value, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <PagedPanel
      testId="hook-queue"
      title={t('activity.queue.title', 'Queued webhook deliveries')}
      description={t(
        'activity.queue.description',
        'Deliveries of services that give up after a few seconds are answered once stored, then imported. A delivery that failed for a reason a retry can fix is tried again later. Finished deliveries of the last {keepDays} days are kept, at most {keepRows}.',
        { keepDays: queue?.kept.keepDays ?? '…', keepRows: queue?.kept.keepRows ?? '…' }
      )}
      filters={
        <Flex gap={2}>
          <FilterSelect
            label={t('activity.queue.status', 'State')}
            name="queue-status"
            unset={ALL}
            options={statuses}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
          />
        </Flex>
      }
      failure={failed ? t('activity.queue.failed', 'The queued deliveries could not be loaded.') : null}
      emptyText={t('activity.queue.none', 'No queued delivery.')}
      page={queue}
      onPage={setPage}
      rowKey={(entry) => entry.id}
      rowTestId="hook-queue-row"
      columns={[
        {
          header: t('activity.column.time', 'Time'),
          cell: (entry) => <Typography>{time(entry.receivedAt)}</Typography>,
        },
        {
          header: t('activity.queue.endpoint', 'Endpoint and event'),
          cell: (entry) => (
            <>
              <Typography fontWeight="bold">{entry.endpointName ?? entry.endpointId}</Typography>
              <Typography tag="p" textColor="neutral600">
                {`${entry.preset} · ${entry.event}`}
              </Typography>
            </>
          ),
        },
        {
          header: t('activity.queue.status', 'State'),
          cell: (entry) => (
            <Status variant={VARIANTS[entry.status]} size="S">
              <Typography variant="omega">{statusLabel(entry.status)}</Typography>
            </Status>
          ),
        },
        {
          header: t('activity.queue.tries', 'Tries'),
          cell: (entry) => (
            <>
              <Typography>{entry.attempts}</Typography>
              {entry.nextAttemptAt && (
                <Typography tag="p" textColor="neutral600">
                  {t('activity.queue.next', 'next {time}', { time: time(entry.nextAttemptAt) })}
                </Typography>
              )}
            </>
          ),
        },
        {
          header: t('activity.queue.outcome', 'Outcome'),
          cell: (entry) => <OutcomeLines entry={entry} />,
          style: { whiteSpace: 'normal' },
        },
      ]}
    />
  );
};
