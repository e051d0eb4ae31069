import {
  Box,
  Flex,
  SingleSelect,
  SingleSelectOption,
  Table,
  Tbody,
  Td,
  TextInput,
  Th,
  Thead,
  Tr,
  Typography,
} from '@strapi/design-system';
import * as React from 'react';
import { useIntl } from 'react-intl';
import type { RefusalsResponse } from '../../../../core/src/refusals';
import type { activityApi } from '../../api/activity';
import { useTranslate } from '../../hooks/useTranslate';
import { PaginationBar } from './PaginationBar';

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
  const [refusals, setRefusals] = React.useState<RefusalsResponse | null>(null);
  const [failed, setFailed] = React.useState(false);
  const codeFilter = CODE.test(code.trim()) ? code.trim() : null;

  React.useEffect(() => {
    if (codeFilter === null) return;
    let current = true;
    api.refusals({ page, pageSize: PAGE_SIZE, door: door || undefined, code: codeFilter || undefined }).then(
      (result) => current && (setRefusals(result), setFailed(false)),
      () => current && setFailed(true)
    );
    return () => {
      current = false;
    };
  }, [api, page, door, codeFilter]);

  const doors: [string, string][] = [
    [ALL, t('activity.refusals.door.all', 'All doors')],
    ['api', t('source.api', 'API')],
    ['webhook', t('source.webhook', 'Webhook')],
    ['wordpress', t('source.wordpress', 'WordPress API')],
    ['hook', t('source.hook', 'Custom webhook')],
    ['mcp', t('source.mcp', 'AI agent (MCP)')],
  ];
  const doorLabel = (value: string) => doors.find(([key]) => key === value)?.[1] ?? value;

  return (
    <Box data-testid="refusals" background="neutral0" padding={4} shadow="tableShadow" hasRadius>
      <Flex direction="column" alignItems="stretch" gap={3}>
        <Typography variant="delta" tag="h2">
          {t('activity.refusals.title', 'Refused requests')}
        </Typography>
        <Typography textColor="neutral600">
          {t(
            'activity.refusals.description',
            'Requests answered with a 4xx error (except 404 and 429), newest first: the newest {maxRows} of the last {maxDays} days are kept. The request itself (its key, signature, password or body) is never kept.',
            { maxRows: refusals?.kept.maxRows ?? '…', maxDays: refusals?.kept.maxDays ?? '…' }
          )}
        </Typography>
        <Flex gap={2} wrap="wrap">
          <SingleSelect
            aria-label={t('activity.refusals.door', 'Door')}
            name="door"
            size="S"
            value={door || ALL}
            onChange={(value: string | number) => {
              setDoor(String(value) === ALL ? '' : String(value));
              setPage(1);
            }}
          >
            {doors.map(([value, label]) => (
              <SingleSelectOption key={value} value={value}>
                {label}
              </SingleSelectOption>
            ))}
          </SingleSelect>
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
        {failed || codeFilter === null ? (
          <Typography textColor="danger600">
            {codeFilter === null
              ? t('activity.refusals.badCode', 'An error code is lower-case letters, digits and _.')
              : t('activity.refusals.failed', 'The refused requests could not be loaded.')}
          </Typography>
        ) : !refusals ? null : refusals.results.length === 0 ? (
          <Typography textColor="neutral600">{t('activity.refusals.none', 'No refused request.')}</Typography>
        ) : (
          <>
            <Table colCount={5} rowCount={refusals.results.length + 1}>
              <Thead>
                <Tr>
                  {[
                    t('activity.column.time', 'Time'),
                    t('activity.refusals.door', 'Door'),
                    t('activity.refusals.route', 'Route'),
                    t('activity.refusals.answer', 'Answer'),
                    t('activity.failures.client', 'Client address'),
                  ].map((label) => (
                    <Th key={label}>
                      <Typography variant="sigma">{label}</Typography>
                    </Th>
                  ))}
                </Tr>
              </Thead>
              <Tbody>
                {refusals.results.map((row) => (
                  <Tr key={row.id} data-testid="refusal-row">
                    <Td>
                      <Typography>
                        {formatDate(row.refusedAt, { dateStyle: 'medium', timeStyle: 'medium' })}
                      </Typography>
                    </Td>
                    <Td>
                      <Typography>{doorLabel(row.door)}</Typography>
                    </Td>
                    <Td>
                      <Typography>{row.route}</Typography>
                    </Td>
                    <Td style={{ whiteSpace: 'normal' }}>
                      <Typography fontWeight="bold">{`${row.status} ${row.code}`}</Typography>
                      <Typography tag="p" textColor="neutral600">
                        {row.message}
                      </Typography>
                    </Td>
                    <Td>
                      <Typography>{row.client}</Typography>
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
            <PaginationBar pagination={refusals.pagination} onPage={setPage} />
          </>
        )}
      </Flex>
    </Box>
  );
};
