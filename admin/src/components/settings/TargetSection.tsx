import { Typography } from '@strapi/design-system';
import type { ContentTypeSummary } from '../../../../core/src/contracts';
import type { SiteLocale } from '../../../../core/src/locale';
import type { TargetCheckState } from '../../hooks/useTargetCheck';
import { useTranslate } from '../../hooks/useTranslate';
import type { SectionProps, SettingsFormValues } from './form-values';
import { bindField } from './field-binding';
import { FieldCell } from './FieldCell';
import { SelectField, type SelectOption } from './inputs';
import { LocaleField } from './LocaleField';
import { FieldsSection } from './FieldsSection';
import { TargetCheckList } from './TargetCheckList';
import { TargetPreview } from './TargetPreview';
import type { SettingsApi } from '../../api/settings';
import type { TargetSettings } from '../../../../core/src/contracts';
import { TARGET_SETTING_KEYS } from '../../../../core/src/settings-keys';
import type { RoleUseRow } from '../../../../core/src/target-profile/role-uses';

type TargetField = keyof SettingsFormValues['fields'];
type CategoryField = keyof SettingsFormValues['categoryFields'];
/** The setting a role select writes: a field of the article's type or of the category type. */
type RoleSetting =
  | { group: 'fields'; field: TargetField }
  | { group: 'categoryFields'; field: CategoryField };

/**
 * The roles the form offers a select for, by their row in the live check (the others are detected from
 * the schema, or set in config files), in the form's order.
 */
const ROLE_SETTINGS = {
  title: { group: 'fields', field: 'title' },
  slug: { group: 'fields', field: 'slug' },
  content: { group: 'fields', field: 'content' },
  cover: { group: 'fields', field: 'cover' },
  categories: { group: 'fields', field: 'categories' },
  seo: { group: 'fields', field: 'seo' },
  categoryName: { group: 'categoryFields', field: 'name' },
  categorySlug: { group: 'categoryFields', field: 'slug' },
  categoryParent: { group: 'categoryFields', field: 'parent' },
} as const satisfies Partial<Record<RoleUseRow, RoleSetting>>;
type RoleSelectRow = keyof typeof ROLE_SETTINGS;
/** The roles an article can go without: their select offers "none". */
const OPTIONAL_ROLES: RoleSelectRow[] = ['cover', 'categories', 'seo', 'categorySlug', 'categoryParent'];

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
  const attributes = {
    fields: attributeOptions(contentTypes, values.targetContentType),
    categoryFields: attributeOptions(contentTypes, values.categoryContentType),
  };
  // An unset role is detected from the target's schema.
  const defaultHint = (value: string | undefined) =>
    value === undefined
      ? t('settings.default.detected', 'Default: detected from the schema')
      : t('settings.default', 'Default: {value}', { value: value || none });

  // Each role row says what the plugin will use and why (the live check's roles): detected by name or
  // shape, set here or in the config file, or none and what that costs. Before the first check: defaults.
  const roleHint = (row: RoleUseRow, fallback: string) => check.check?.roles?.[row]?.why ?? fallback;

  const settingOf = (source: Pick<SettingsFormValues, RoleSetting['group']>, role: RoleSetting) =>
    role.group === 'fields' ? source.fields[role.field] : source.categoryFields[role.field];
  // Picking what detection chose leaves an article role unset (detected), as the saved settings have it.
  const withRole = (role: RoleSetting, name: string): SettingsFormValues => {
    if (role.group === 'categoryFields')
      return { ...values, categoryFields: { ...values.categoryFields, [role.field]: name } };
    const fields = { ...values.fields };
    if (savedMapping && (savedMapping[role.field] ?? '') === name) delete fields[role.field];
    else fields[role.field] = name;
    return { ...values, fields };
  };

  const roleLabels: Record<RoleSelectRow, string> = {
    title: t('settings.target.fields.title', 'Title field'),
    slug: t('settings.target.fields.slug', 'Slug field'),
    content: t('settings.target.fields.content', 'Body field'),
    cover: t('settings.target.fields.cover', 'Featured image field'),
    categories: t('settings.target.fields.categories', 'Categories relation'),
    seo: t('settings.target.fields.seo', 'SEO component'),
    categoryName: t('settings.target.categoryFields.name', 'Category name field'),
    categorySlug: t('settings.target.categoryFields.slug', 'Category slug field'),
    categoryParent: t('settings.target.categoryFields.parent', 'Parent category relation'),
  };

  // Under the fields: the live check of the mapping and a preview of what it makes of an article.
  const belowFields = (
    <>
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
    </>
  );

  return (
    <FieldsSection
      title={t('settings.target.title', 'Target')}
      description={t(
        'settings.target.description',
        'The content type that receives articles and the field each part of an article goes to.'
      )}
      testId="target-card"
      footer={belowFields}
    >
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
      {(Object.keys(ROLE_SETTINGS) as RoleSelectRow[]).map((row) => {
        const role: RoleSetting = ROLE_SETTINGS[row];
        const path = `${role.group}.${role.field}`;
        return (
          <FieldCell key={path} col={4}>
            <SelectField
              name={path}
              label={roleLabels[row]}
              hint={roleHint(row, defaultHint(settingOf(defaults, role)))}
              value={settingOf(values, role) ?? check.check?.mapping?.[row] ?? ''}
              options={attributes[role.group]}
              noneLabel={OPTIONAL_ROLES.includes(row) ? none : undefined}
              error={allErrors[path]}
              disabled={disabled}
              onChange={(name) => onChange(withRole(role, name))}
            />
          </FieldCell>
        );
      })}
      <FieldCell col={4}>
        <LocaleField {...field('locale')} locales={locales} />
      </FieldCell>
    </FieldsSection>
  );
};
