import { Badge, Button, Flex, Link, TextButton, Typography } from '@strapi/design-system';
import * as React from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { HookEndpointSummary } from '../../../../../core/src/hooks/endpoints-api';
import type {
  InspectedDeliveriesResponse,
  InspectedDelivery,
  InspectedDeliverySummary,
  SampleRunResponse,
} from '../../../../../core/src/hooks/inspector-api';
import { hookDeliveriesApi } from '../../../api/hook-deliveries';
import { useAdminApi } from '../../../hooks/useAdminApi';
import { useShortDate } from '../../../hooks/useShortDate';
import { useTranslate } from '../../../hooks/useTranslate';
import { PaginationBar } from '../../activity/PaginationBar';
import { ColumnTable } from '../../common/ColumnTable';
import { useFeedback } from '../../feedback/FeedbackProvider';
import { Section } from '../../settings/Section';
import { DeliveryDetails } from './DeliveryDetails';
import { SampleResult } from './SampleResult';
import { WRAPPING } from '../../common/wrapping';

/** How often the list is read again while a delivery is waiting or running. */
const REFRESH_MS = 1500;

interface DeliveryInspectorProps {
  endpoint: HookEndpointSummary;
  /** The role may run deliveries again (the right that manages endpoints). */
  canRerun: boolean;
  onClose: () => void;
}

/** An endpoint's deliveries, newest first; one opened with its payload and field map; a sample run. */
export const DeliveryInspector = ({ endpoint, canRerun, onClose }: DeliveryInspectorProps) => {
  const t = useTranslate();
  const when = useShortDate();
  const notify = useFeedback();
  const api = useAdminApi(hookDeliveriesApi);
  const [page, setPage] = React.useState(1);
  const [list, setList] = React.useState<InspectedDeliveriesResponse | null>(null);
  const [opened, setOpened] = React.useState<InspectedDelivery | null>(null);
  const [sample, setSample] = React.useState<SampleRunResponse | null>(null);
  const [sampling, setSampling] = React.useState(false);

  const reload = React.useCallback(
    () =>
      api
        .list(endpoint.id, page)
        .then(setList, () =>
          notify({ type: 'danger', message: t('inspector.loadFailed', 'The deliveries could not be read.') })
        ),
    [api, endpoint.id, page, notify, t]
  );
  React.useEffect(() => {
    void reload();
  }, [reload]);
  // A delivery in the queue finishes on its own: the list follows it.
  const waiting = list?.results.some((row) => row.status === 'queued' || row.status === 'processing');
  React.useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => void reload(), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [waiting, list, reload]);

  const open = async (row: InspectedDeliverySummary) => {
    try {
      setOpened(await api.show(row.id));
    } catch {
      notify({ type: 'danger', message: t('inspector.openFailed', 'This delivery could not be read.') });
    }
  };
  const again = async (writeAgain: boolean) => {
    if (!opened) return;
    try {
      const queued = await api.again(opened.id, { writeAgain });
      notify({
        type: 'success',
        message: t('inspector.queued', 'Delivery {id} is queued: it shows below once processed.', {
          id: queued.id,
        }),
      });
      setOpened(null);
      setPage(1);
      await reload();
    } catch {
      notify({ type: 'danger', message: t('inspector.againFailed', 'It could not be processed again.') });
    }
  };
  const runSample = async () => {
    setSampling(true);
    try {
      setSample(await api.sample(endpoint.id));
    } catch {
      notify({ type: 'danger', message: t('inspector.sampleFailed', 'The sample could not be run.') });
    } finally {
      setSampling(false);
    }
  };

  return (
    <Section
      title={t('inspector.title', 'Deliveries to {name}', { name: endpoint.name })}
      description={
        list
          ? t(
              'inspector.description',
              'Every delivery this endpoint received, newest first. Payloads are kept {days} days up to {kb} KB each (hookQueue.keepPayloadDays, keepPayloadKb), credentials never shown; deliveries {keepDays} days.',
              { days: list.kept.keepPayloadDays, kb: list.kept.keepPayloadKb, keepDays: list.kept.keepDays }
            )
          : undefined
      }
      testId="delivery-inspector"
    >
      <Flex gap={2} wrap="wrap">
        <Button
          type="button"
          variant="secondary"
          loading={sampling}
          onClick={runSample}
          data-testid="send-sample"
        >
          {t('inspector.sample', 'Send a sample')}
        </Button>
        <Button type="button" variant="tertiary" onClick={onClose}>
          {t('inspector.close', 'Close')}
        </Button>
      </Flex>
      {sample && <SampleResult result={sample} />}
      {list && list.results.length === 0 && (
        <Typography textColor="neutral600">{t('inspector.none', 'No delivery yet.')}</Typography>
      )}
      {list && list.results.length > 0 && (
        <>
          <ColumnTable
            rows={list.results}
            rowKey={(row) => row.id}
            rowTestId="inspected-delivery"
            columns={[
              {
                header: t('inspector.column.received', 'Received'),
                cell: (row) => <Typography>{when(row.receivedAt, '—')}</Typography>,
              },
              {
                header: t('inspector.column.event', 'Event'),
                cell: (row) => <Typography>{row.event}</Typography>,
                style: WRAPPING,
              },
              {
                header: t('inspector.column.outcome', 'Outcome'),
                cell: (row) => <Outcome row={row} />,
                style: WRAPPING,
              },
              {
                header: t('inspector.column.post', 'Post'),
                cell: (row) => (
                  <Flex direction="column" alignItems="flex-start">
                    {row.posts.map((post) =>
                      post.contentManagerPath ? (
                        <Link
                          key={post.documentId}
                          tag={RouterLink}
                          to={post.contentManagerPath}
                          data-testid="delivery-post"
                        >
                          {t('inspector.editPost', 'Open in the Content Manager')}
                        </Link>
                      ) : (
                        <Typography key={post.documentId}>{post.documentId}</Typography>
                      )
                    )}
                  </Flex>
                ),
              },
              {
                header: t('inspector.column.warnings', 'Warnings'),
                cell: (row) => <Typography>{row.warnings.length}</Typography>,
              },
              {
                header: t('inspector.column.actions', 'Actions'),
                cell: (row) => (
                  <TextButton onClick={() => open(row)} data-testid="open-delivery">
                    {t('inspector.open', 'Inspect')}
                  </TextButton>
                ),
              },
            ]}
          />
          <PaginationBar value={list.pagination} onChange={setPage} />
        </>
      )}
      {opened && <DeliveryDetails delivery={opened} onAgain={canRerun ? again : undefined} />}
    </Section>
  );
};

/** Where a delivery stands, how it came, and whether its article was a duplicate. */
const Outcome = ({ row }: { row: InspectedDeliverySummary }) => {
  const t = useTranslate();
  const duplicate = row.outcome.some((line) => line.ok && line.duplicate);
  return (
    <Flex gap={1} wrap="wrap" data-testid="delivery-outcome" data-status={row.status}>
      <Badge active={row.status === 'done'}>{row.status}</Badge>
      {row.arrival === 'again' && (
        <Badge>
          {row.writeAgain
            ? t('inspector.writtenAgain', 'written again')
            : t('inspector.ranAgain', 'run again')}
        </Badge>
      )}
      {duplicate && <Badge>{t('inspector.duplicate', 'duplicate')}</Badge>}
      {row.problem && (
        <Typography variant="pi" textColor="danger600">
          {row.problem}
        </Typography>
      )}
    </Flex>
  );
};
