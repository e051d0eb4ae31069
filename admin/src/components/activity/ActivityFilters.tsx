import { Button, Flex, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';

export interface ActivityFilterValues {
  status: string;
  source: string;
}

const ALL = 'all';

/** Status and source filters; "all" is the absence of a filter. */
export const ActivityFilters = ({
  filters,
  onChange,
}: {
  filters: ActivityFilterValues;
  onChange: (filters: ActivityFilterValues) => void;
}) => {
  const t = useTranslate();
  const pick = (key: keyof ActivityFilterValues) => (value: string | number) =>
    onChange({ ...filters, [key]: String(value) === ALL ? '' : String(value) });
  return (
    <Flex gap={2} wrap="wrap">
      <SingleSelect
        aria-label={t('activity.filter.status', 'Status')}
        name="status"
        size="S"
        value={filters.status || ALL}
        onChange={pick('status')}
      >
        <SingleSelectOption value={ALL}>{t('activity.filter.status.all', 'All statuses')}</SingleSelectOption>
        <SingleSelectOption value="draft">{t('status.draft', 'Draft')}</SingleSelectOption>
        <SingleSelectOption value="publish">{t('status.publish', 'Published')}</SingleSelectOption>
        <SingleSelectOption value="pending">{t('status.pending', 'Pending review')}</SingleSelectOption>
      </SingleSelect>
      <SingleSelect
        aria-label={t('activity.filter.source', 'Source')}
        name="source"
        size="S"
        value={filters.source || ALL}
        onChange={pick('source')}
      >
        <SingleSelectOption value={ALL}>{t('activity.filter.source.all', 'All sources')}</SingleSelectOption>
        <SingleSelectOption value="api">{t('source.api', 'API')}</SingleSelectOption>
        <SingleSelectOption value="webhook">{t('source.webhook', 'Webhook')}</SingleSelectOption>
      </SingleSelect>
      {(filters.status || filters.source) && (
        <Button variant="tertiary" size="S" onClick={() => onChange({ status: '', source: '' })}>
          {t('activity.filter.clear', 'Clear filters')}
        </Button>
      )}
    </Flex>
  );
};
