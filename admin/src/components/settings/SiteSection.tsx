import { Box, Grid, Typography } from '@strapi/design-system';
import { renderPostUrl } from '../../../../core/src/post-url';
import { useTranslate } from '../../hooks/useTranslate';
import { choicesOf, statusLabels } from '../../utils/labels';
import type { SectionProps } from './form-values';
import { SelectField, TextField, ToggleField } from './inputs';
import { Section } from './Section';

const EXAMPLE_SLUG = 'my-first-article';

/** Site name and URL, post URL template with a live preview, default status. */
export const SiteSection = ({
  values,
  defaults,
  errors,
  disabled,
  onChange,
  serverUrl,
}: SectionProps & { serverUrl: string }) => {
  const t = useTranslate();
  const defaultHint = (value: string) => t('settings.default', 'Default: {value}', { value });
  const preview = renderPostUrl(values.postUrlTemplate, {
    siteUrl: values.siteUrl || serverUrl,
    slug: EXAMPLE_SLUG,
    documentId: 'a1b2c3d4e5f6g7h8i9j0k1l2',
    id: 42,
  });

  return (
    <Section
      title={t('settings.site.title', 'Site')}
      description={t(
        'settings.site.description',
        'What ping reports and how the URLs of published posts are built.'
      )}
      testId="site-card"
    >
      <Grid.Root gap={4}>
        <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
          <TextField
            name="siteName"
            label={t('settings.site.siteName', 'Site name')}
            hint={t('settings.site.siteName.hint', "Empty: Strapi's application name.")}
            value={values.siteName}
            error={errors.siteName}
            disabled={disabled}
            onChange={(siteName) => onChange({ ...values, siteName })}
          />
        </Grid.Item>
        <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
          <TextField
            name="siteUrl"
            label={t('settings.site.siteUrl', 'Public site URL')}
            placeholder={serverUrl}
            hint={t(
              'settings.site.siteUrl.hint',
              "Where readers find the posts (post URLs, ping's site_url); a separate frontend goes here. Empty: Strapi's server URL ({url}).",
              {
                url: serverUrl || '—',
              }
            )}
            value={values.siteUrl}
            error={errors.siteUrl}
            disabled={disabled}
            onChange={(siteUrl) => onChange({ ...values, siteUrl })}
          />
        </Grid.Item>
        <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
          <TextField
            name="postUrlTemplate"
            label={t('settings.site.postUrlTemplate', 'Post URL template')}
            hint={`${t('settings.site.postUrlTemplate.hint', 'Placeholders: {placeholders}.', {
              placeholders: '{siteUrl}, {slug}, {documentId}, {id}',
            })} ${defaultHint(defaults.postUrlTemplate)}`}
            value={values.postUrlTemplate}
            error={errors.postUrlTemplate}
            disabled={disabled}
            onChange={(postUrlTemplate) => onChange({ ...values, postUrlTemplate })}
          />
          <Box paddingTop={2}>
            <Typography variant="pi" textColor="neutral600">
              {t('settings.site.preview', 'Preview for the slug "{slug}":', { slug: EXAMPLE_SLUG })}{' '}
            </Typography>
            <Typography variant="pi" fontWeight="bold" data-testid="post-url-preview">
              {preview}
            </Typography>
          </Box>
        </Grid.Item>
        <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
          <SelectField
            name="defaultStatus"
            label={t('settings.site.defaultStatus', 'Default status')}
            hint={`${t(
              'settings.site.defaultStatus.hint',
              'Used when a request does not say; pending is a draft marked for review.'
            )} ${defaultHint(defaults.defaultStatus)}`}
            value={values.defaultStatus}
            error={errors.defaultStatus}
            disabled={disabled}
            options={choicesOf(statusLabels(t), ['draft', 'publish', 'pending']).map(([value, label]) => ({
              value,
              label,
            }))}
            onChange={(status) =>
              onChange({ ...values, defaultStatus: status as SectionProps['values']['defaultStatus'] })
            }
          />
        </Grid.Item>
        <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
          <ToggleField
            name="wordpressPaths"
            label={t('settings.site.wordpressPaths', "Also answer under WordPress's paths")}
            hint={t(
              'settings.site.wordpressPaths.hint',
              "/wp-json/service/v1/… and /?rest_route=/service/v1/…, so a service's WordPress connector works with this Strapi's address alone."
            )}
            onLabel={t('settings.on', 'On')}
            offLabel={t('settings.off', 'Off')}
            value={values.wordpressPaths}
            error={errors.wordpressPaths}
            disabled={disabled}
            onChange={(wordpressPaths) => onChange({ ...values, wordpressPaths })}
          />
        </Grid.Item>
      </Grid.Root>
    </Section>
  );
};
