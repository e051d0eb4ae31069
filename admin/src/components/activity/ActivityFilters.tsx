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
/** The kind filter's unset value: its `all` is a choice of its own (articles and checks). */
const ARTICLES = 'articles';

/** Each filter: its key, its label, the choice that means "no filter", and its choices as [value, label]. */
const filtersOf = (t: ReturnType<typeof useTranslate>) =>
  [
    {
      key: 'status',
      label: t('activity.filter.status', 'Status'),
      unset: ALL,
      options: [
        [ALL, t('activity.filter.status.all', 'All statuses')],
        ['draft', t('status.draft', 'Draft')],
        ['publish', t('status.publish', 'Published')],
        ['pending', t('status.pending', 'Pending review')],
        ['future', t('status.future', 'Scheduled')],
      ],
    },
    {
      key: 'source',
      label: t('activity.filter.source', 'Source'),
      unset: ALL,
      options: [
        [ALL, t('activity.filter.source.all', 'All sources')],
        ['api', t('source.api', 'API')],
        ['webhook', t('source.webhook', 'Webhook')],
        ['hook', t('source.hook', 'Custom webhook')],
        ['wordpress', t('source.wordpress', 'WordPress API')],
        ['mcp', t('source.mcp', 'AI agent (MCP)')],
      ],
    },
    {
      key: 'kind',
      label: t('activity.filter.kind', 'Deliveries'),
      unset: ARTICLES,
      options: [
        [ARTICLES, t('activity.filter.kind.articles', 'Articles')],
        ['checks', t('activity.filter.kind.checks', 'Conformance checks')],
        ['all', t('activity.filter.kind.all', 'Articles and checks')],
      ],
    },
  ] as const satisfies readonly {
    key: keyof ActivityFilterValues;
    label: string;
    unset: string;
    options: readonly (readonly [string, string])[];
  }[];

/** Status, source and kind filters; each one's `unset` choice is the absence of that filter. */
export const ActivityFilters = ({
  filters,
  onChange,
}: {
  filters: ActivityFilterValues;
  onChange: (filters: ActivityFilterValues) => void;
}) => {
  const t = useTranslate();
  const pick = (key: keyof ActivityFilterValues, unset: string) => (value: string | number) =>
    onChange({ ...filters, [key]: String(value) === unset ? '' : String(value) });
  return (
    <Flex gap={2} wrap="wrap">
      {filtersOf(t).map((filter) => (
        <SingleSelect
          key={filter.key}
          aria-label={filter.label}
          name={filter.key}
          size="S"
          value={filters[filter.key] || filter.unset}
          onChange={pick(filter.key, filter.unset)}
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
