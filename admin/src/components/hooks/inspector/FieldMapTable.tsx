import { Typography } from '@strapi/design-system';
import type { FieldMap } from '../../../../../core/src/hooks/field-map';
import { useTranslate } from '../../../hooks/useTranslate';
import { ColumnTable } from '../../common/ColumnTable';
import { WRAPPING } from '../../common/wrapping';

/** Where each field of a payload went: its path, and the article fields it became ("not used" for the rest). */
export const FieldMapTable = ({ map }: { map: FieldMap }) => {
  const t = useTranslate();
  const wentTo = (entry: FieldMap['entries'][number]) =>
    entry.use === 'used'
      ? entry.fields.join(', ')
      : entry.use === 'read'
        ? t('inspector.map.read', 'read, kept nowhere')
        : t('inspector.map.notUsed', 'not used');
  return (
    <>
      {map.problems.map((problem) => (
        <Typography key={problem} textColor="danger600" data-testid="field-map-problem">
          {problem}
        </Typography>
      ))}
      <ColumnTable
        rows={map.entries}
        rowKey={(entry) => entry.path}
        rowTestId="field-map-row"
        columns={[
          {
            header: t('inspector.map.path', 'Field of the payload'),
            cell: (entry) => (
              <Typography tag="code" variant="pi" data-testid="field-map-path">
                {entry.path || '(the payload)'}
              </Typography>
            ),
            style: WRAPPING,
          },
          {
            header: t('inspector.map.wentTo', 'Went to'),
            cell: (entry) => (
              <Typography
                data-testid="field-map-target"
                textColor={entry.use === 'used' ? 'neutral800' : 'neutral500'}
              >
                {wentTo(entry)}
              </Typography>
            ),
            style: WRAPPING,
          },
        ]}
      />
      {map.leftOut > 0 && (
        <Typography variant="pi" textColor="neutral600">
          {t('inspector.map.leftOut', '{count} more fields are not listed.', { count: map.leftOut })}
        </Typography>
      )}
    </>
  );
};
