import { Box, Typography } from '@strapi/design-system';
import { renderPostUrl } from '../../../../core/src/post-url';
import { useTranslate } from '../../hooks/useTranslate';
import { optionsOf, statusLabels } from '../../utils/labels';
import { bindField } from './field-binding';
import { FieldCell } from './FieldCell';
import type { SectionProps, SettingsFormValues } from './form-values';
import { SelectField, TextField, ToggleField } from './inputs';
import { FieldsSection } from './FieldsSection';

const EXAMPLE_SLUG = 'my-first-article';

/** Site name and URL, post URL template with a live preview, default status. */
export const SiteSection = ({ serverUrl, ...section }: SectionProps & { serverUrl: string }) => {
  const t = useTranslate();
  const { values, defaults, onChange } = section;
  const field = <Key extends keyof SettingsFormValues>(key: Key) => bindField(section, key);
  const defaultHint = (value: string) => t('settings.default', 'Default: {value}', { value });
  const preview = renderPostUrl(values.postUrlTemplate, {
    siteUrl: values.siteUrl || serverUrl,
    slug: EXAMPLE_SLUG,
    documentId: 'a1b2c3d4e5f6g7h8i9j0k1l2',
    id: 42,
  });

  return (
    <FieldsSection
      title={t('settings.site.title', 'Site')}
      description={t(
        'settings.site.description',
        'What ping reports and how the URLs of published posts are built.'
      )}
      testId="site-card"
    >
      <FieldCell col={6}>
        <TextField
          {...field('siteName')}
          label={t('settings.site.siteName', 'Site name')}
          hint={t('settings.site.siteName.hint', "Empty: Strapi's application name.")}
        />
      </FieldCell>
      <FieldCell col={6}>
        <TextField
          {...field('siteUrl')}
          label={t('settings.site.siteUrl', 'Public site URL')}
          placeholder={serverUrl}
          hint={t(
            'settings.site.siteUrl.hint',
            "Where readers find the posts (post URLs, ping's site_url); a separate frontend goes here. Empty: Strapi's server URL ({url}).",
            {
              url: serverUrl || '—',
            }
          )}
        />
      </FieldCell>
      <FieldCell col={6}>
        <TextField
          {...field('postUrlTemplate')}
          label={t('settings.site.postUrlTemplate', 'Post URL template')}
          hint={`${t('settings.site.postUrlTemplate.hint', 'Placeholders: {placeholders}.', {
            placeholders: '{siteUrl}, {slug}, {documentId}, {id}',
          })} ${defaultHint(defaults.postUrlTemplate)}`}
        />
        <Box paddingTop={2}>
          <Typography variant="pi" textColor="neutral600">
            {t('settings.site.preview', 'Preview for the slug "{slug}":', { slug: EXAMPLE_SLUG })}{' '}
          </Typography>
          <Typography variant="pi" fontWeight="bold" data-testid="post-url-preview">
            {preview}
          </Typography>
        </Box>
      </FieldCell>
      <FieldCell col={6}>
        <SelectField
          {...field('defaultStatus')}
          label={t('settings.site.defaultStatus', 'Default status')}
          hint={`${t(
            'settings.site.defaultStatus.hint',
            'Used when a request does not say; pending is a draft marked for review.'
          )} ${defaultHint(defaults.defaultStatus)}`}
          options={optionsOf(statusLabels(t), ['draft', 'publish', 'pending'])}
          onChange={(status) =>
            onChange({ ...values, defaultStatus: status as SectionProps['values']['defaultStatus'] })
          }
        />
      </FieldCell>
      <FieldCell col={6}>
        <ToggleField
          {...field('wordpressPaths')}
          label={t('settings.site.wordpressPaths', "Also answer under WordPress's paths")}
          hint={t(
            'settings.site.wordpressPaths.hint',
            "/wp-json/service/v1/… and /?rest_route=/service/v1/…, so a service's WordPress connector works with this Strapi's address alone."
          )}
          onLabel={t('settings.on', 'On')}
          offLabel={t('settings.off', 'Off')}
        />
      </FieldCell>
    </FieldsSection>
  );
};
