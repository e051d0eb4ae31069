import { Badge, Flex, Link, Td, TextButton, Tr, Typography } from '@strapi/design-system';
import { CaretDown, CaretUp } from '@strapi/icons';
import * as React from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { ActivityEntry, ActivitySchedule } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';
import { sourceLabels } from '../../utils/labels';
import { ScheduleNote } from './ScheduleNote';
import { StatusBadge } from './StatusBadge';
import { MappableMarker, WarningGroups } from './WarningGroups';
import { WRAPPING } from '../common/wrapping';

export const DELIVERY_COLUMNS = 6;

/** Where the Content Manager edits the entry (relative to the admin's base URL), in the delivery's locale. */
const contentManagerPath = (entry: ActivityEntry) =>
  `/content-manager/collection-types/${entry.targetUid}/${entry.targetDocumentId}` +
  (entry.targetLocale ? `?plugins[i18n][locale]=${encodeURIComponent(entry.targetLocale)}` : '');

interface DeliveryRowProps {
  entry: ActivityEntry;
  /** Cancels the row's schedule (absent: the admin may not). */
  onCancelSchedule?: (entry: ActivityEntry) => Promise<ActivitySchedule>;
}

/** One delivery, and below it its warnings, grouped by part, when expanded. */
export const DeliveryRow = ({ entry, onCancelSchedule }: DeliveryRowProps) => {
  const t = useTranslate();
  const { formatDate } = useIntl();
  const [expanded, setExpanded] = React.useState(false);
  const warningCount = entry.warnings.length;
  const title = entry.title || entry.slug;

  return (
    <>
      <Tr data-testid="delivery-row" data-slug={entry.slug}>
        <Td>
          {/* The date over the time: one column less wide, so the table fits a 1280 px screen. */}
          <Flex direction="column" alignItems="flex-start">
            <Typography textColor="neutral800">
              {formatDate(entry.createdAt, { dateStyle: 'medium' })}
            </Typography>
            <Typography variant="pi" textColor="neutral600">
              {formatDate(entry.createdAt, { timeStyle: 'short' })}
            </Typography>
          </Flex>
        </Td>
        <Td>
          <Typography textColor="neutral800">{sourceLabels(t)[entry.source]}</Typography>
        </Td>
        <Td>
          <Flex direction="column" alignItems="flex-start" style={WRAPPING}>
            {entry.targetDocumentId ? (
              <Link tag={RouterLink} to={contentManagerPath(entry)} data-testid="delivery-link">
                {title}
              </Link>
            ) : (
              <Typography fontWeight="semiBold">{title}</Typography>
            )}
            <Typography variant="pi" textColor="neutral600">
              {entry.slug}
            </Typography>
            {entry.targetLocale && (
              <Badge data-testid="delivery-locale" title={t('activity.locale', 'Locale')}>
                {entry.targetLocale}
              </Badge>
            )}
            {entry.check && (
              <Badge data-testid="check-marker">{t('activity.check', 'Conformance check')}</Badge>
            )}
          </Flex>
        </Td>
        <Td>
          <Flex direction="column" alignItems="flex-start" gap={1}>
            <StatusBadge status={entry.requestedStatus} />
            {entry.schedule && (
              <ScheduleNote
                schedule={entry.schedule}
                onCancel={onCancelSchedule ? () => onCancelSchedule(entry) : undefined}
              />
            )}
          </Flex>
        </Td>
        <Td>
          <Typography textColor="neutral800" data-testid="delivery-images" style={{ whiteSpace: 'normal' }}>
            {t('activity.images', '{imported} imported, {reused} reused', {
              imported: entry.imagesImported,
              reused: entry.imagesReused,
            })}
          </Typography>
        </Td>
        <Td>
          <Flex direction="column" alignItems="flex-start" gap={1}>
            {warningCount === 0 ? (
              <Typography textColor="neutral500">{t('activity.warnings.none', 'None')}</Typography>
            ) : (
              <TextButton
                onClick={() => setExpanded(!expanded)}
                endIcon={expanded ? <CaretUp /> : <CaretDown />}
                aria-expanded={expanded}
                data-testid="warnings-toggle"
              >
                {t('activity.warnings.count', '{count, plural, one {# warning} other {# warnings}}', {
                  count: warningCount,
                })}
              </TextButton>
            )}
            <MappableMarker parts={entry.mappableParts} />
          </Flex>
        </Td>
      </Tr>
      {expanded && (
        <Tr>
          <Td colSpan={DELIVERY_COLUMNS}>
            <WarningGroups groups={entry.warningGroups} />
          </Td>
        </Tr>
      )}
    </>
  );
};
