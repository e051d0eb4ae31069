import { Flex, Grid, Typography } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';
import type { FieldErrors } from '../../utils/fieldErrors';
import { FieldCell } from '../settings/FieldCell';
import { AuthField } from './AuthField';
import { SelectField, TextField } from '../settings/inputs';
import { bindEndpointField, type EndpointFormState } from './endpoint-field-binding';
import type { EndpointFormValues } from './endpoint-form-values';

interface PresetOptionsFieldsProps {
  values: EndpointFormValues;
  customFields: string[];
  errors: FieldErrors;
  onChange: (values: EndpointFormValues) => void;
}

/** The chosen preset's own options: how its service authenticates, and for Custom where the article is. */
export const PresetOptionsFields = ({ values, customFields, errors, onChange }: PresetOptionsFieldsProps) => {
  const t = useTranslate();
  const form = { values, errors, onChange };
  const set = (patch: Partial<EndpointFormValues>) => onChange({ ...values, ...patch });
  // The server names the preset's options under `options.`.
  const field = <Key extends keyof EndpointFormValues>(key: Key, errorPath = `options.${key}`) =>
    bindEndpointField(form, key, errorPath);
  const headerError = errors['options.header'] ?? errors['options.auth.header'];
  const status = (
    <SelectField
      name="hook-status"
      label={t('hooks.form.status', 'Status of an article that names none')}
      value={values.status}
      noneLabel={t('hooks.form.status.default', "The site's default status")}
      options={[
        { value: 'draft', label: t('hooks.form.status.draft', 'Draft') },
        { value: 'publish', label: t('hooks.form.status.publish', 'Published') },
        { value: 'pending', label: t('hooks.form.status.pending', 'Pending review') },
      ]}
      error={errors['options.status']}
      onChange={(next) => set({ status: next as EndpointFormValues['status'] })}
    />
  );
  const header = (label: string, hint?: string) => (
    <TextField
      name="hook-header"
      label={label}
      hint={hint}
      value={values.header}
      placeholder="X-Api-Key"
      error={headerError}
      onChange={(next) => set({ header: next })}
    />
  );

  // Custom's fields are many: it lays them out itself, the status among them.
  if (values.preset === 'custom')
    return (
      <CustomOptions form={form} customFields={customFields}>
        {status}
        {(values.customAuth === 'header' || values.customAuth === 'hmac') &&
          header(t('hooks.form.header', 'Header name'))}
      </CustomOptions>
    );
  /** The other presets' own fields, above the status. */
  const presetFields = () => {
    switch (values.preset) {
      case 'blogseo':
        return header(
          t('hooks.form.blogseoHeader', 'Custom header name (optional)'),
          t('hooks.form.blogseoHeader.hint', 'Empty: BlogSEO sends the secret in X-Webhook-Secret.')
        );
      case 'seocraftai':
        return (
          <>
            <AuthField
              name="hook-seocraftai-auth"
              choices={['bearer', 'header', 'none']}
              {...field('seocraftaiAuth', 'options.auth')}
            />
            {values.seocraftaiAuth === 'header' && header(t('hooks.form.header', 'Header name'))}
          </>
        );
      case 'rankpill':
        return (
          <AuthField
            name="hook-rankpill-auth"
            choices={['signature', 'bearer']}
            {...field('rankpillAuth', 'options.auth')}
          />
        );
      case 'ranksector':
        return (
          <TextField
            name="hook-signature-header"
            label={t('hooks.form.signatureHeader', 'Signature header (optional)')}
            hint={t(
              'hooks.form.signatureHeader.hint',
              'Rank Sector does not document it; X-RankSector-Signature, X-Signature and X-Webhook-Signature are read in any case.'
            )}
            {...field('signatureHeader')}
          />
        );
      default:
        return null;
    }
  };

  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      {presetFields()}
      {status}
    </Flex>
  );
};

/** Custom: its auth, where the articles and the event are, and the JSON path of each article field. */
const CustomOptions = ({
  form,
  customFields,
  children,
}: {
  form: EndpointFormState;
  customFields: string[];
  children: React.ReactNode;
}) => {
  const t = useTranslate();
  const { values, errors } = form;
  const set = (patch: Partial<EndpointFormValues>) => form.onChange({ ...values, ...patch });
  // Where the articles, the event and the test events are in the body: a JSON path each.
  const pathFields: {
    key: 'articles' | 'event' | 'testEvents';
    name: string;
    label: string;
    hint?: string;
  }[] = [
    {
      key: 'articles',
      name: 'hook-articles',
      label: t('hooks.form.articles', 'Articles at (optional)'),
      hint: t('hooks.form.articles.hint', 'One object or a list; empty: the whole body.'),
    },
    { key: 'event', name: 'hook-event', label: t('hooks.form.event', 'Event name at (optional)') },
    {
      key: 'testEvents',
      name: 'hook-test-events',
      label: t('hooks.form.testEvents', 'Test events (comma-separated)'),
    },
  ];
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <AuthField
        name="hook-custom-auth"
        choices={['bearer', 'header', 'hmac', 'none']}
        {...bindEndpointField(form, 'customAuth', 'options.auth')}
        error={errors['options.auth'] ?? errors['options.auth.kind']}
      />
      {values.customAuth === 'hmac' && (
        <SelectField
          name="hook-custom-format"
          label={t('hooks.form.format', 'Signature format')}
          value={values.customFormat}
          options={[
            { value: 'either', label: t('hooks.form.format.either', 'Hex or sha256=<hex>') },
            { value: 'hex', label: t('hooks.form.format.hex', 'Hex only') },
            { value: 'sha256=', label: t('hooks.form.format.prefixed', 'sha256=<hex> only') },
          ]}
          onChange={(next) => set({ customFormat: next as EndpointFormValues['customFormat'] })}
        />
      )}
      {children}
      <Typography variant="pi" textColor="neutral600">
        {t(
          'hooks.form.paths',
          'Paths into the JSON body: keys separated by dots, [0] for an array entry, [] for every entry (data.post.title, images[0].url, tags[].name).'
        )}
      </Typography>
      <Grid.Root gap={4}>
        {pathFields.map(({ key, name, label, hint }) => (
          <FieldCell key={key} col={4}>
            <TextField
              name={name}
              label={label}
              hint={hint}
              {...bindEndpointField(form, key, `options.${key}`)}
            />
          </FieldCell>
        ))}
        {customFields.map((field) => (
          <FieldCell key={field} col={4}>
            <TextField
              name={`hook-field-${field}`}
              label={field === 'title' || field === 'html' ? `${field} *` : field}
              value={values.fields[field] ?? ''}
              error={errors[`options.fields.${field}`]}
              onChange={(next) => set({ fields: { ...values.fields, [field]: next } })}
            />
          </FieldCell>
        ))}
      </Grid.Root>
      {errors['options.fields'] && (
        <Typography variant="pi" textColor="danger600" data-testid="hook-fields-error">
          {`fields ${errors['options.fields']}`}
        </Typography>
      )}
    </Flex>
  );
};
