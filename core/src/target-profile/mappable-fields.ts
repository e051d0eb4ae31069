import { appCollectionTypeProblem } from '../app-content-types';
import type { FieldOverrides, OverridableRole } from './field-overrides';
import type { TargetProfile } from './profile';
import { relatedNameField } from './related-types';
import { looksLikeCode } from './required-fields';
import { isSingleImage, isToMany } from './role-names';
import type { AttributeSchema, ContentTypeSchema, SchemaCatalog } from './schema';

/**
 * Issue #47: for each part of an article that no field receives, the fields of the type that the
 * `fields` option could name for it (none taken by another role or filled otherwise). A delivery
 * that left out such a part is one the site owner could fix by mapping it: its left-out warning
 * names these fields, and the activity page marks the delivery.
 */
export type MappableFields = Partial<Record<OverridableRole, string[]>>;

/** Whether a field of the type may take a role (`catalog` reads the types its relations point to). */
type Accepts = (attribute: AttributeSchema, field: string, catalog: SchemaCatalog) => boolean;

const ofType =
  (...types: string[]): Accepts =>
  (attribute) =>
    types.includes(attribute.type);

/** A relation to a type of the app whose entries have a name field: a taxonomy the plugin can fill. */
function isNamedTaxonomy(attribute: AttributeSchema, catalog: SchemaCatalog): boolean {
  const target =
    attribute.type === 'relation' && attribute.target ? catalog.contentType(attribute.target) : undefined;
  return Boolean(target && !appCollectionTypeProblem(target.uid, target.kind) && relatedNameField(target));
}

/**
 * The roles a left-out warning can name, in detect.ts's order, with the fields each role's `fields`
 * entry accepts (as detect.ts checks an override).
 */
const ACCEPTS: Partial<Record<OverridableRole, Accepts>> = {
  content: ofType('richtext', 'blocks', 'dynamiczone', 'text'),
  cover: isSingleImage,
  summary: (attribute, field) =>
    ['text', 'richtext', 'blocks'].includes(attribute.type) ||
    (attribute.type === 'string' && !looksLikeCode(field) && attribute.regex === undefined),
  categories: (attribute, _field, catalog) =>
    attribute.type === 'enumeration' || isNamedTaxonomy(attribute, catalog),
  tags: (attribute, _field, catalog) =>
    attribute.type === 'json' || (isNamedTaxonomy(attribute, catalog) && isToMany(attribute)),
  seo: (attribute, _field, catalog) => {
    const component =
      attribute.type === 'component' && !attribute.repeatable && attribute.component
        ? catalog.component(attribute.component)
        : undefined;
    return Boolean(
      component && Object.values(component.attributes).some((a) => ['string', 'text'].includes(a.type))
    );
  },
  jsonLd: ofType('json'),
  date: ofType('date', 'datetime'),
};

/** Whether `fields.<role>` may name this field, as detect.ts checks an override (undefined: a role no warning names). */
export function acceptsForRole(role: OverridableRole): Accepts | undefined {
  return ACCEPTS[role];
}

/** Attributes Strapi adds to every type (its timestamps, its i18n fields): never the place for an article's part. */
export const STRAPI_OWN = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
]);

/**
 * For each role without a field (and not turned off with `''`), the untaken fields that could take
 * it. `used` holds every field a role, a fill or a `defaults` constant writes.
 */
export function mappableFields(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  profile: Pick<
    TargetProfile,
    'body' | 'featuredImage' | 'summary' | 'categories' | 'tags' | 'seo' | 'jsonLd' | 'date'
  >,
  overrides: FieldOverrides,
  used: ReadonlySet<string>
): MappableFields {
  const present: Record<string, unknown> = {
    content: profile.body,
    cover: profile.featuredImage,
    summary: profile.summary,
    categories: profile.categories,
    tags: profile.tags,
    seo: profile.seo,
    jsonLd: profile.jsonLd ?? profile.seo?.structuredData ?? null,
    date: profile.date,
  };
  const mappable: MappableFields = {};
  for (const [role, accepts] of Object.entries(ACCEPTS) as [OverridableRole, Accepts][]) {
    if (present[role] || overrides[role] === '') continue;
    const fields = Object.entries(schema.attributes)
      .filter(
        ([field, attribute]) => !used.has(field) && !STRAPI_OWN.has(field) && attribute.target !== schema.uid
      )
      .filter(([field, attribute]) => accepts(attribute, field, catalog))
      .map(([field]) => field);
    if (fields.length) mappable[role] = fields;
  }
  return mappable;
}
