import type { FlatSeoRole, NestedComponent, SeoComponentRole } from './profile';
import {
  findByName,
  isSingleImage,
  isType,
  normalizedName,
  ROLE_NAMES,
  SEO_MARKER_NAMES,
  TEXT_TYPES,
} from './role-names';
import type { Attributes, AttributeSchema, SchemaCatalog } from './schema';

/**
 * Reads an SEO component's slots; undefined when the attribute is not a component the catalog knows.
 * A repeatable one (a list of SEO entries) is written as a list of one.
 */
export function seoComponentRole(
  field: string,
  attribute: AttributeSchema,
  catalog: SchemaCatalog
): SeoComponentRole | undefined {
  if (attribute.type !== 'component' || !attribute.component) return undefined;
  const component = catalog.component(attribute.component);
  if (!component) return undefined;
  const { attributes } = component;
  const text = isType(...TEXT_TYPES);
  const nested: NestedComponent[] = [];
  for (const [name, inner] of Object.entries(attributes)) {
    const schema =
      inner.type === 'component' && inner.component ? catalog.component(inner.component) : undefined;
    if (schema) nested.push({ field: name, attribute: inner, component: schema });
  }
  return {
    kind: 'component',
    field,
    attribute,
    component,
    title: findByName(attributes, ROLE_NAMES.seoTitle, text),
    description: findByName(attributes, ROLE_NAMES.seoDescription, text),
    keywords: findByName(attributes, ROLE_NAMES.seoKeywords, text),
    focusKeyword: findByName(attributes, ROLE_NAMES.seoFocusKeyword, text),
    canonicalUrl: findByName(attributes, ROLE_NAMES.seoCanonical, text),
    structuredData: findByName(attributes, ROLE_NAMES.seoStructuredData, isType('json')),
    image: findByName(attributes, ROLE_NAMES.seoImage, isSingleImage),
    nested,
    repeatable: attribute.repeatable === true,
  };
}

/** Whether a component looks like SEO: meta-prefixed title/description fields, or a title/description in a field named seo. */
function looksLikeSeo(field: string, attributes: Attributes): boolean {
  const names = Object.keys(attributes).map(normalizedName);
  if (names.some((name) => SEO_MARKER_NAMES.includes(name))) return true;
  return (
    (ROLE_NAMES.seoField as readonly string[]).includes(normalizedName(field)) &&
    (names.includes('title') || names.includes('description'))
  );
}

/** The type's SEO component: one named like seo first, else the first that looks like SEO. */
export function detectSeoComponent(
  attributes: Attributes,
  catalog: SchemaCatalog,
  taken: ReadonlySet<string>
): SeoComponentRole | null {
  const candidates = Object.entries(attributes)
    .filter(([field]) => !taken.has(field))
    .map(([field, attribute]) => seoComponentRole(field, attribute, catalog))
    .filter(
      (role): role is SeoComponentRole =>
        role !== undefined && looksLikeSeo(role.field, role.component.attributes)
    );
  const named = candidates.find((role) =>
    (ROLE_NAMES.seoField as readonly string[]).includes(normalizedName(role.field))
  );
  return named ?? candidates[0] ?? null;
}

/** Flat SEO fields on the type (meta_title, seoDescription, ...); null unless a title or description is there. */
export function detectFlatSeo(attributes: Attributes, taken: ReadonlySet<string>): FlatSeoRole | null {
  const text = isType(...TEXT_TYPES);
  const title = findByName(attributes, ROLE_NAMES.flatSeoTitle, text, taken);
  const description = findByName(attributes, ROLE_NAMES.flatSeoDescription, text, taken);
  if (!title && !description) return null;
  return {
    kind: 'flat',
    title,
    description,
    keywords: findByName(attributes, ROLE_NAMES.flatSeoKeywords, text, taken),
    focusKeyword: findByName(attributes, ROLE_NAMES.flatSeoFocusKeyword, text, taken),
    canonicalUrl: findByName(attributes, ROLE_NAMES.flatSeoCanonical, text, taken),
    // JSON-LD on the type itself is the jsonLd role's.
    structuredData: null,
  };
}
