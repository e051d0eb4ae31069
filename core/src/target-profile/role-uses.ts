import {
  OVERRIDABLE_ROLES,
  type CategoryFieldOverrides,
  type FieldOverrides,
  type OverridableRole,
} from './field-overrides';
import { profileMapping, type TargetProfile } from './profile';
import { normalizedName, ROLE_NAMES } from './role-names';

/**
 * What the plugin will use for each role, and why (issue #46: the settings page tells the truth).
 * The admin shows one of these under each role's select instead of a bare default, so an owner sees
 * that categories work by detection even while "Category content type" is empty.
 */
export type RoleUseSource =
  /** Named in `fields` / `categoryFields` (these settings or the config file). */
  | 'set'
  /** Turned off with '' in `fields` / `categoryFields`. */
  | 'off'
  /** Detected: the field's name says so (in any of the role tables' languages). */
  | 'name'
  /** Chosen by its shape when no field's name said so (`rectangularImage`, `themes`). */
  | 'shape'
  /** Detected by type and position (the first required text, what the slug is made from). */
  | 'position'
  /** Follows from another role (the category type is the categories relation's target). */
  | 'derived'
  /** Nothing on the type can take the role. */
  | 'none';

export interface RoleUse {
  /** The field (or, for `categoryContentType`, the content type uid) used; null when none. */
  value: string | null;
  source: RoleUseSource;
  /** One sentence an owner reads under the select. */
  why: string;
}

/** The rows of Settings > Article Publisher > Target, plus the roles the form leaves to detection. */
export type RoleUseRow =
  | OverridableRole
  | 'categoryContentType'
  | 'categoryName'
  | 'categorySlug'
  | 'categoryParent';

export interface RoleUseSettings {
  fields: FieldOverrides;
  categoryFields: CategoryFieldOverrides;
  /** Informational since categories are detected; a differing value is said to be ignored. */
  categoryContentType?: string;
}

/** What an article loses when a role has no field: the consequence an owner weighs. */
const WITHOUT: Record<RoleUseRow, string> = {
  title: 'nothing can be published',
  slug: 'the plugin keeps its own record of slug -> entry, so a republish still updates the same entry',
  content: 'articles are published without a body',
  cover: 'a featured image is named in a warning, not attached',
  summary: 'the excerpt is named in a warning, not saved',
  categories: 'categories are named in a warning, not assigned',
  tags: 'tags are named in a warning, not assigned',
  seo: 'the meta title, description and keywords are named in a warning, not saved',
  author: 'no author is set (a required one comes from `defaults`)',
  date: 'the publication date is not stored in a field of its own',
  readingTime: 'no reading time is stored',
  jsonLd: 'JSON-LD goes to the SEO component when it has a place, else it is named in a warning',
  categoryContentType: 'categories are named in a warning, not assigned',
  categoryName: 'categories cannot be created by name',
  categorySlug: 'categories are found and created by name only',
  categoryParent: 'a child category is created without its parent',
};

/** The name tables that make a role "detected by its name". */
const NAMES: Partial<Record<OverridableRole, readonly string[]>> = {
  title: ROLE_NAMES.title,
  slug: ROLE_NAMES.slug,
  content: ROLE_NAMES.body,
  cover: ROLE_NAMES.featuredImage,
  summary: ROLE_NAMES.summary,
  categories: ROLE_NAMES.categoriesField,
  tags: ROLE_NAMES.tagsField,
  seo: ROLE_NAMES.seoField,
  author: ROLE_NAMES.authorField,
  date: ROLE_NAMES.date,
  readingTime: ROLE_NAMES.readingTime,
  jsonLd: ROLE_NAMES.jsonLd,
};

function articleRoleUse(
  profile: TargetProfile,
  mapping: Record<string, string | null>,
  role: OverridableRole,
  fields: FieldOverrides
): RoleUse {
  const override = fields[role];
  const value = mapping[role] ?? null;
  if (override === '')
    return { value: null, source: 'off', why: `Off (fields.${role} is empty): ${WITHOUT[role]}.` };
  if (override !== undefined && value !== null)
    return { value, source: 'set', why: `Uses ${value}: set in fields.${role}.` };
  if (role === 'jsonLd' && value === null && profile.seo?.structuredData)
    return {
      value: null,
      source: 'derived',
      why: `JSON-LD goes to the SEO field's ${profile.seo.structuredData.field}.`,
    };
  if (value === null)
    return { value: null, source: 'none', why: `None found on ${profile.uid}: ${WITHOUT[role]}.` };
  const choice = profile.choices.find((c) => c.role === role);
  if (choice)
    return {
      value,
      source: 'shape',
      why: `Uses ${value}: ${choice.why} (no field's name says so); set fields.${role} to choose another.`,
    };
  const names = NAMES[role] ?? [];
  const byName = value.split(', ').some((field) => names.includes(normalizedName(field)));
  if (byName || (role === 'seo' && profile.seo?.kind === 'flat'))
    return { value, source: 'name', why: `Uses ${value}: detected by its name.` };
  return {
    value,
    source: 'position',
    why: `Uses ${value}: detected by its type and place in the schema; set fields.${role} to choose another.`,
  };
}

/** The category type and its fields follow from the categories relation (none when categories are a text field). */
function categoryRoleUses(
  profile: TargetProfile,
  settings: RoleUseSettings
): Record<'categoryContentType' | 'categoryName' | 'categorySlug' | 'categoryParent', RoleUse> {
  const relation = profile.categories?.kind === 'relation' ? profile.categories : null;
  const noType: RoleUse = {
    value: null,
    source: 'none',
    why: profile.categories
      ? `None: categories go to the ${profile.categories.field} field as text, no category type is used.`
      : `None: ${profile.uid} has no categories relation, so ${WITHOUT.categoryContentType}.`,
  };
  if (!relation)
    return {
      categoryContentType: noType,
      categoryName: noType,
      categorySlug: noType,
      categoryParent: noType,
    };
  const type = relation.type;
  const ignored =
    settings.categoryContentType && settings.categoryContentType !== type.uid
      ? ` The setting's ${settings.categoryContentType} is only informational and is not used.`
      : '';
  const categoryField = (key: keyof CategoryFieldOverrides, value: string | null): RoleUse => {
    const override = settings.categoryFields[key];
    if (override === '')
      return {
        value: null,
        source: 'off',
        why: `Off (categoryFields.${key} is empty): ${WITHOUT[rowOf(key)]}.`,
      };
    if (value === null)
      return { value: null, source: 'none', why: `None found on ${type.uid}: ${WITHOUT[rowOf(key)]}.` };
    if (override !== undefined)
      return { value, source: 'set', why: `Uses ${value} of ${type.uid}: set in categoryFields.${key}.` };
    return { value, source: 'name', why: `Uses ${value} of ${type.uid}: detected by its name and type.` };
  };
  return {
    categoryContentType: {
      value: type.uid,
      source: 'derived',
      why: `Uses ${type.uid}: the type the ${relation.field} relation points to.${ignored}`,
    },
    categoryName: categoryField('name', type.name?.field ?? null),
    categorySlug: categoryField('slug', type.slug?.field ?? null),
    categoryParent: categoryField('parent', type.parent),
  };
}

const rowOf = (key: keyof CategoryFieldOverrides): RoleUseRow =>
  key === 'name' ? 'categoryName' : key === 'slug' ? 'categorySlug' : 'categoryParent';

/** Every role's use, in the form's order. */
export function roleUses(profile: TargetProfile, settings: RoleUseSettings): Record<RoleUseRow, RoleUse> {
  const mapping = profileMapping(profile);
  const article = Object.fromEntries(
    OVERRIDABLE_ROLES.map((role) => [role, articleRoleUse(profile, mapping, role, settings.fields)])
  ) as Record<OverridableRole, RoleUse>;
  return { ...article, ...categoryRoleUses(profile, settings) };
}
