import { Grid, Typography } from '@strapi/design-system';
import type { ContentTypeSummary } from '../../../../core/src/contracts';
import type { SiteLocale } from '../../../../core/src/locale';
import type { TargetCheckState } from '../../hooks/useTargetCheck';
import { useTranslate } from '../../hooks/useTranslate';
import type { SectionProps, SettingsFormValues } from './form-values';
import { bindField } from './field-binding';
import { FieldCell } from './FieldCell';
import { SelectField, type SelectOption } from './inputs';
import { LocaleField } from './LocaleField';
import { Section } from './Section';
import { TargetCheckList } from './TargetCheckList';
import { TargetPreview } from './TargetPreview';
import type { SettingsApi } from '../../api/settings';
import type { TargetSettings } from '../../../../core/src/contracts';
import { TARGET_SETTING_KEYS } from '../../../../core/src/settings-keys';
import type { RoleUseRow } from '../../../../core/src/target-profile/role-uses';

/** The roles the form offers a select for; the others are detected from the schema (or set in config files). */
type TargetField = 'title' | 'slug' | 'content' | 'cover' | 'categories' | 'seo';
type CategoryField = keyof SettingsFormValues['categoryFields'];

const attributeOptions = (contentTypes: ContentTypeSummary[], uid: string): SelectOption[] =>
  (contentTypes.find((type) => type.uid === uid)?.attributes ?? []).map(({ name, type }) => ({
    value: name,
    label: `${name} (${type})`,
  }));

interface TargetSectionProps extends SectionProps {
  contentTypes: ContentTypeSummary[];
  locales: SiteLocale[];
  check: TargetCheckState;
  api: SettingsApi;
  /** What detection chose for the saved target (absent once another content type is picked). */
  savedMapping?: Record<string, string | null>;
}

/** Which content type and fields receive articles, with the server's live check of that mapping. */
export const TargetSection = ({
  values,
  defaults,
  errors,
  disabled,
  onChange,
  contentTypes,
  locales,
  check,
  api,
  savedMapping,
}: TargetSectionProps) => {
  const t = useTranslate();
  const allErrors = { ...check.errors, ...errors };
  const field = <Key extends keyof SettingsFormValues>(key: Key) =>
    bindField({ values, errors: allErrors, disabled, onChange }, key);
  const none = t('settings.target.none', '(none: feature off)');
  const typeOptions = contentTypes.map(({ uid, displayName }) => ({
    value: uid,
    label: `${displayName} (${uid})`,
  }));
  const targetAttributes = attributeOptions(contentTypes, values.targetContentType);
  const categoryAttributes = attributeOptions(contentTypes, values.categoryContentType);
  // An unset role is detected from the target's schema.
  const defaultHint = (value: string | undefined) =>
    value === undefined
      ? t('settings.default.detected', 'Default: detected from the schema')
      : t('settings.default', 'Default: {value}', { value: value || none });

  // Each role row says what the plugin will use and why (the live check's roles): detected by name or
  // shape, set here or in the config file, or none and what that costs. Before the first check: defaults.
  const roleHint = (row: RoleUseRow, fallback: string) => check.check?.roles?.[row]?.why ?? fallback;
  const fieldHint = (field: TargetField) => roleHint(field, defaultHint(defaults.fields[field]));

  // The category type's fields too, as the roles above.
  const detectedCategoryField = (field: CategoryField) =>
    check.check?.mapping?.[`category${field[0].toUpperCase()}${field.slice(1)}`];
  const categoryRow = (field: CategoryField): RoleUseRow =>
    `category${field[0].toUpperCase()}${field.slice(1)}` as RoleUseRow;
  const categoryFieldHint = (field: CategoryField) =>
    roleHint(categoryRow(field), defaultHint(defaults.categoryFields[field]));

  // Picking what detection chose leaves the role unset (detected), as the saved settings have it.
  const withField = (field: TargetField, name: string) => {
    const fields = { ...values.fields };
    if (savedMapping && (savedMapping[field] ?? '') === name) delete fields[field];
    else fields[field] = name;
    return fields;
  };

  const fieldLabels: Record<TargetField, string> = {
    title: t('settings.target.fields.title', 'Title field'),
    slug: t('settings.target.fields.slug', 'Slug field'),
    content: t('settings.target.fields.content', 'Body field'),
    cover: t('settings.target.fields.cover', 'Featured image field'),
    categories: t('settings.target.fields.categories', 'Categories relation'),
    seo: t('settings.target.fields.seo', 'SEO component'),
  };
  const categoryLabels: Record<CategoryField, string> = {
    name: t('settings.target.categoryFields.name', 'Category name field'),
    slug: t('settings.target.categoryFields.slug', 'Category slug field'),
    parent: t('settings.target.categoryFields.parent', 'Parent category relation'),
  };
  const optionalTargetFields: TargetField[] = ['cover', 'categories', 'seo'];

  return (
    <Section
      title={t('settings.target.title', 'Target')}
      description={t(
        'settings.target.description',
        'The content type that receives articles and the field each part of an article goes to.'
      )}
      testId="target-card"
    >
      <Grid.Root gap={4}>
        <FieldCell col={6}>
          <SelectField
            {...field('targetContentType')}
            label={t('settings.target.contentType', 'Content type')}
            hint={defaultHint(defaults.targetContentType)}
            options={typeOptions}
          />
        </FieldCell>
        <FieldCell col={6}>
          <SelectField
            {...field('categoryContentType')}
            label={t('settings.target.categoryContentType', 'Category content type')}
            hint={roleHint('categoryContentType', defaultHint(defaults.categoryContentType))}
            options={typeOptions}
          />
        </FieldCell>
        {(Object.keys(fieldLabels) as TargetField[]).map((field) => (
          <FieldCell key={field} col={4}>
            <SelectField
              name={`fields.${field}`}
              label={fieldLabels[field]}
              hint={fieldHint(field)}
              value={values.fields[field] ?? check.check?.mapping?.[field] ?? ''}
              options={targetAttributes}
              noneLabel={optionalTargetFields.includes(field) ? none : undefined}
              error={allErrors[`fields.${field}`]}
              disabled={disabled}
              onChange={(name) => onChange({ ...values, fields: withField(field, name) })}
            />
          </FieldCell>
        ))}
        {(Object.keys(categoryLabels) as CategoryField[]).map((field) => (
          <FieldCell key={field} col={4}>
            <SelectField
              name={`categoryFields.${field}`}
              label={categoryLabels[field]}
              hint={categoryFieldHint(field)}
              value={values.categoryFields[field] ?? detectedCategoryField(field) ?? ''}
              options={categoryAttributes}
              noneLabel={field === 'name' ? undefined : none}
              error={allErrors[`categoryFields.${field}`]}
              disabled={disabled}
              onChange={(name) =>
                onChange({ ...values, categoryFields: { ...values.categoryFields, [field]: name } })
              }
            />
          </FieldCell>
        ))}
        <FieldCell col={4}>
          <LocaleField {...field('locale')} locales={locales} />
        </FieldCell>
      </Grid.Root>
      {contentTypes.length === 0 && (
        <Typography textColor="neutral600">
          {t(
            'settings.target.noTypes',
            'This app has no collection types yet: create one in the Content-Type Builder.'
          )}
        </Typography>
      )}
      <TargetCheckList state={check} />
      <TargetPreview
        api={api}
        target={Object.fromEntries(TARGET_SETTING_KEYS.map((key) => [key, values[key]])) as TargetSettings}
      />
    </Section>
  );
};
