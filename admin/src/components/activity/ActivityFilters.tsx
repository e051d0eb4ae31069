import { Button, Flex } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';
import { choicesOf, sourceLabels, statusLabels } from '../../utils/labels';
import type { ControlProps } from '../common/control-props';
import { FilterSelect } from '../common/FilterSelect';

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
        ...choicesOf(statusLabels(t), ['draft', 'publish', 'pending', 'future']),
      ],
    },
    {
      key: 'source',
      label: t('activity.filter.source', 'Source'),
      unset: ALL,
      options: [
        [ALL, t('activity.filter.source.all', 'All sources')],
        ...choicesOf(sourceLabels(t), ['api', 'webhook', 'hook', 'wordpress', 'mcp']),
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
export const ActivityFilters = ({ value: filters, onChange }: ControlProps<ActivityFilterValues>) => {
  const t = useTranslate();
  return (
    <Flex gap={2} wrap="wrap">
      {filtersOf(t).map((filter) => (
        <FilterSelect
          key={filter.key}
          label={filter.label}
          name={filter.key}
          unset={filter.unset}
          options={filter.options}
          value={filters[filter.key]}
          onChange={(value) => onChange({ ...filters, [filter.key]: value })}
        />
      ))}
      {(filters.status || filters.source || filters.kind) && (
        <Button variant="tertiary" size="S" onClick={() => onChange(NO_FILTERS)}>
          {t('activity.filter.clear', 'Clear filters')}
        </Button>
      )}
    </Flex>
  );
};
