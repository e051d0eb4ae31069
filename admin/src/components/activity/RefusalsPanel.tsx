import { Flex, TextInput, Typography } from '@strapi/design-system';
import * as React from 'react';
import { useIntl } from 'react-intl';
import type { activityApi } from '../../api/activity';
import { useLoaded } from '../../hooks/useLoaded';
import { useTranslate } from '../../hooks/useTranslate';
import { choicesOf, sourceLabels } from '../../utils/labels';
import { FilterSelect } from '../common/FilterSelect';
import { PagedPanel } from './PagedPanel';

const PAGE_SIZE = 20;
const ALL = 'all';
/** What the admin API takes as a code filter; anything else is not sent. */
const CODE = /^[a-z0-9_]{0,100}$/;

/**
 * Requests the plugin's doors refused (a bad body, a wrong key, a body too large, a target that cannot
 * be filled...), newest first, filtered by door and code. Only the answer is kept, never the request.
 */
export const RefusalsPanel = ({ api }: { api: ReturnType<typeof activityApi> }) => {
  const t = useTranslate();
  const { formatDate } = useIntl();
  const [door, setDoor] = React.useState('');
  const [code, setCode] = React.useState('');
  const [page, setPage] = React.useState(1);
  const codeFilter = CODE.test(code.trim()) ? code.trim() : null;
  // A code the API would refuse is not asked for: the panel says what a code looks like instead.
  const load = React.useMemo(
    () =>
      codeFilter === null
        ? null
        : () =>
            api.refusals({
              page,
              pageSize: PAGE_SIZE,
              door: door || undefined,
              code: codeFilter || undefined,
            }),
    [api, page, door, codeFilter]
  );
  const { data: refusals, failed } = useLoaded(load);

  const doors: [string, string][] = [
    [ALL, t('activity.refusals.door.all', 'All doors')],
    ...choicesOf(sourceLabels(t), ['api', 'webhook', 'wordpress', 'hook', 'mcp']),
  ];
  const doorLabel = (value: string) => doors.find(([key]) => key === value)?.[1] ?? value;

  return (
    <PagedPanel
      testId="refusals"
      title={t('activity.refusals.title', 'Refused requests')}
      description={t(
        'activity.refusals.description',
        'Requests answered with a 4xx error (except 404 and 429), newest first: the newest {maxRows} of the last {maxDays} days are kept. The request itself (its key, signature, password or body) is never kept.',
        { maxRows: refusals?.kept.maxRows ?? '…', maxDays: refusals?.kept.maxDays ?? '…' }
      )}
      filters={
        <Flex gap={2} wrap="wrap">
          <FilterSelect
            label={t('activity.refusals.door', 'Door')}
            name="door"
            unset={ALL}
            options={doors}
            value={door}
            onChange={(next) => {
              setDoor(next);
              setPage(1);
            }}
          />
          <TextInput
            aria-label={t('activity.refusals.code', 'Error code')}
            name="code"
            size="S"
            placeholder={t('activity.refusals.code.placeholder', 'Error code, e.g. rest_invalid_param')}
            value={code}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
              setCode(event.target.value);
              setPage(1);
            }}
          />
        </Flex>
      }
      failure={
        codeFilter === null
          ? t('activity.refusals.badCode', 'An error code is lower-case letters, digits and _.')
          : failed
            ? t('activity.refusals.failed', 'The refused requests could not be loaded.')
            : null
      }
      emptyText={t('activity.refusals.none', 'No refused request.')}
      page={refusals}
      onPage={setPage}
      rowKey={(row) => row.id}
      rowTestId="refusal-row"
      columns={[
        {
          header: t('activity.column.time', 'Time'),
          cell: (row) => (
            <Typography>{formatDate(row.refusedAt, { dateStyle: 'medium', timeStyle: 'medium' })}</Typography>
          ),
        },
        {
          header: t('activity.refusals.door', 'Door'),
          cell: (row) => <Typography>{doorLabel(row.door)}</Typography>,
        },
        {
          header: t('activity.refusals.route', 'Route'),
          cell: (row) => <Typography>{row.route}</Typography>,
        },
        {
          header: t('activity.refusals.answer', 'Answer'),
          cell: (row) => (
            <>
              <Typography fontWeight="bold">{`${row.status} ${row.code}`}</Typography>
              <Typography tag="p" textColor="neutral600">
                {row.message}
              </Typography>
            </>
          ),
          style: { whiteSpace: 'normal' },
        },
        {
          header: t('activity.failures.client', 'Client address'),
          cell: (row) => <Typography>{row.client}</Typography>,
        },
      ]}
    />
  );
};
