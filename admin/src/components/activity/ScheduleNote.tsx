import { Flex, TextButton, Typography } from '@strapi/design-system';
import { Cross } from '@strapi/icons';
import * as React from 'react';
import { useIntl } from 'react-intl';
import type { ActivitySchedule } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';

interface ScheduleNoteProps {
  schedule: ActivitySchedule;
  /** Set when the admin may cancel schedules; answers the schedule as it is after the cancel. */
  onCancel?: () => Promise<ActivitySchedule>;
}

/** Under a `future` delivery's status: where its schedule is ("scheduled for…", "published by schedule…"), and "cancel schedule" while it waits. */
export const ScheduleNote = ({ schedule: initial, onCancel }: ScheduleNoteProps) => {
  const t = useTranslate();
  const { formatDate } = useIntl();
  const [schedule, setSchedule] = React.useState(initial);
  const [busy, setBusy] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'medium' });

  const text = {
    scheduled: t('schedule.scheduled', 'Scheduled for {time}', { time: when(schedule.publishAt) }),
    published: t('schedule.published', 'Published by schedule at {time}', {
      time: when(schedule.publishedAt ?? schedule.publishAt),
    }),
    cancelled: t('schedule.cancelled', 'Schedule for {time} cancelled', { time: when(schedule.publishAt) }),
    replaced: t('schedule.replaced', 'Schedule for {time} replaced by a later delivery', {
      time: when(schedule.publishAt),
    }),
    failed: t('schedule.failed', 'Scheduled publish failed: {problem}', { problem: schedule.problem ?? '' }),
  }[schedule.state];

  const cancel = async () => {
    if (!onCancel) return;
    setBusy(true);
    setFailed(false);
    try {
      setSchedule(await onCancel());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex
      direction="column"
      alignItems="flex-start"
      gap={1}
      data-testid="delivery-schedule"
      data-state={schedule.state}
      // "Scheduled for <date and time>" wraps, so the Status column stays narrow.
      style={{ whiteSpace: 'normal' }}
    >
      <Typography variant="pi" textColor={schedule.state === 'failed' ? 'danger600' : 'neutral600'}>
        {text}
        {schedule.via === 'publisher' ? ` (${t('schedule.viaPublisher', 'Publisher plugin')})` : ''}
      </Typography>
      {schedule.state === 'scheduled' && onCancel && (
        <TextButton onClick={cancel} disabled={busy} startIcon={<Cross />} data-testid="cancel-schedule">
          {t('schedule.cancel', 'Cancel schedule')}
        </TextButton>
      )}
      {failed && (
        <Typography variant="pi" textColor="danger600">
          {t('schedule.cancelFailed', 'The schedule could not be cancelled; reload the page.')}
        </Typography>
      )}
    </Flex>
  );
};
