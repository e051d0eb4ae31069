import { Grid } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { useTranslate } from '../../hooks/useTranslate';
import { bindField } from './field-binding';
import { FieldCell } from './FieldCell';
import { IMAGE_LIMITS, type ImageLimit, type SectionProps } from './form-values';
import { LinesField, NumberField } from './inputs';
import { FieldsSection } from './FieldsSection';

/** Image import limits and the iframe hosts allowed in article HTML, each with its default. */
export const ImagesSection = (section: SectionProps) => {
  const t = useTranslate();
  const { values, defaults, errors, disabled, onChange } = section;
  const { formatNumber } = useIntl();

  const labels: Record<ImageLimit, string> = {
    maxBytes: t('settings.images.maxBytes', 'Largest image (bytes)'),
    timeoutMs: t('settings.images.timeoutMs', 'Download time limit (ms)'),
    maxPixels: t('settings.images.maxPixels', 'Largest image (pixels)'),
    maxRedirects: t('settings.images.maxRedirects', 'Redirects followed'),
    concurrency: t('settings.images.concurrency', 'Parallel downloads'),
    maxInlineImages: t('settings.images.maxInlineImages', 'Inline images imported per article'),
  };
  /** The default in the field's own unit, with a friendlier unit beside it where one helps. */
  const defaultText = (limit: ImageLimit) => {
    const value = defaults.images[limit];
    const exact = formatNumber(value);
    if (limit === 'maxBytes')
      return `${exact} (${formatNumber(value / 1024 / 1024, { maximumFractionDigits: 1 })} MB)`;
    if (limit === 'timeoutMs') return `${exact} (${formatNumber(value / 1000)} s)`;
    if (limit === 'maxPixels') return `${exact} (${formatNumber(value / 1_000_000)} MP)`;
    return exact;
  };

  return (
    <FieldsSection
      title={t('settings.images.title', 'Images and embeds')}
      description={t(
        'settings.images.description',
        'Featured and inline images are downloaded into the media library within these limits; a refused image becomes a warning and keeps its original address.'
      )}
      testId="images-card"
    >
      {IMAGE_LIMITS.map((limit) => (
        <FieldCell key={limit} col={4}>
          <NumberField
            name={`images.${limit}`}
            label={labels[limit]}
            hint={t('settings.default', 'Default: {value}', { value: defaultText(limit) })}
            value={values.images[limit]}
            error={errors[`images.${limit}`] ?? errors.images}
            disabled={disabled}
            onChange={(value) => onChange({ ...values, images: { ...values.images, [limit]: value } })}
          />
        </FieldCell>
      ))}
      <Grid.Item col={12} direction="column" alignItems="stretch">
        <LinesField
          {...bindField(section, 'videoEmbedHosts')}
          label={t(
            'settings.images.videoEmbedHosts',
            'Allowed video embed hosts (one https URL prefix per line)'
          )}
          hint={t('settings.default', 'Default: {value}', { value: defaults.videoEmbedHosts.join(', ') })}
        />
      </Grid.Item>
    </FieldsSection>
  );
};
