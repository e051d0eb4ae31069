import { Button, Flex, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';

export interface ActivityFilterValues {
  status: string;
  source: string;
  /** '' lists the articles; `checks` the conformance check's deliveries; `all` both. */
  kind: string;
}

export const NO_FILTERS: ActivityFilterValues = { status: '', source: '', kind: '' };

const ALL = 'all';

/** Each filter: its key, its label, and its choices as [value, label]. */
const filtersOf = (t: ReturnType<typeof useTranslate>) =>
  [
    {
      key: 'status',
      label: t('activity.filter.status', 'Status'),
      options: [
        [ALL, t('activity.filter.status.all', 'All statuses')],
        ['draft', t('status.draft', 'Draft')],
        ['publish', t('status.publish', 'Published')],
        ['pending', t('status.pending', 'Pending review')],
      ],
    },
    {
      key: 'source',
      label: t('activity.filter.source', 'Source'),
      options: [
        [ALL, t('activity.filter.source.all', 'All sources')],
        ['api', t('source.api', 'API')],
        ['webhook', t('source.webhook', 'Webhook')],
      ],
    },
    {
      key: 'kind',
      label: t('activity.filter.kind', 'Deliveries'),
      options: [
        [ALL, t('activity.filter.kind.articles', 'Articles')],
        ['checks', t('activity.filter.kind.checks', 'Conformance checks')],
        ['all', t('activity.filter.kind.all', 'Articles and checks')],
      ],
    },
  ] as const satisfies readonly { key: keyof ActivityFilterValues; label: string; options: readonly (readonly [string, string])[] }[];

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
      {filtersOf(t).map((filter) => (
        <SingleSelect
          key={filter.key}
          aria-label={filter.label}
          name={filter.key}
          size="S"
          value={filters[filter.key] || ALL}
          onChange={pick(filter.key)}
        >
          {filter.options.map(([value, label]) => (
            <SingleSelectOption key={value} value={value}>
              {label}
            </SingleSelectOption>
          ))}
        </SingleSelect>
      ))}
      {(filters.status || filters.source || filters.kind) && (
        <Button variant="tertiary" size="S" onClick={() => onChange(NO_FILTERS)}>
          {t('activity.filter.clear', 'Clear filters')}
        </Button>
      )}
    </Flex>
  );
};
