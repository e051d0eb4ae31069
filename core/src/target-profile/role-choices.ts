import { appCollectionTypeProblem } from '../app-content-types';
import type { OverridableRole } from './field-overrides';
import type { FieldRef } from './profile';
import { relatedNameField } from './related-types';
import { isSingleImage, nameHasWord, normalizedName, ROLE_NAMES } from './role-names';
import type { AttributeSchema, ContentTypeSchema, SchemaCatalog } from './schema';

/**
 * Roles given to a field by its shape when no field's name says so (issue #47): the field, and why,
 * so that ping, the admin's target check and the dry run show the choice and an owner can override
 * it in `fields`.
 */
export interface RoleChoice {
  role: OverridableRole;
  field: string;
  /** Why this field, e.g. "first of 2 image fields". */
  why: string;
  /** Other fields could have taken the role: publishes say which one did. */
  ambiguous: boolean;
}

const ROLE_LABELS: Partial<Record<OverridableRole, string>> = {
  title: 'Title',
  content: 'Body',
  summary: 'Summary',
  cover: 'Featured image',
  categories: 'Categories',
  tags: 'Tags',
};

/** "Featured image -> rectangularImage (first of 2 image fields); set fields.cover to choose another." */
export function describeChoice(choice: RoleChoice): string {
  const label = ROLE_LABELS[choice.role] ?? choice.role;
  return `${label} -> ${choice.field} (${choice.why}); set fields.${choice.role} to choose another.`;
}

/**
 * The featured image by position, when no single image field is named like a cover: the only one,
 * else the first of them in the schema.
 */
export function featuredImageByPosition(
  attributes: ContentTypeSchema['attributes'],
  taken: ReadonlySet<string>
): { ref: FieldRef; choice: RoleChoice } | null {
  const images = Object.entries(attributes).filter(
    ([field, attribute]) => !taken.has(field) && isSingleImage(attribute, field)
  );
  if (!images.length) return null;
  const [field, attribute] = images[0];
  const why =
    images.length === 1
      ? 'the only single image field'
      : `first of ${images.length} image fields: ${images.map(([name]) => name).join(', ')}`;
  return { ref: { field, attribute }, choice: { role: 'cover', field, why, ambiguous: images.length > 1 } };
}

/** Field types of an article-like type: a type with one of these is content, not a taxonomy. */
const RICH_TYPES = ['richtext', 'blocks', 'dynamiczone'];

/**
 * A relation to a taxonomy-like type whatever the relation's name (`themes`, `topics`, `onderwerpen`):
 * one of the app's own collection types (entries are created there), whose entries have a short text
 * name (a string named name, title, label, naam...), that holds no article-like content and is not an
 * author type. The first such relation by position that no other role took.
 */
export function taxonomyRelationByShape(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  taken: ReadonlySet<string>,
  options: {
    toManyOnly: boolean;
    isToMany: (attribute: AttributeSchema) => boolean;
    /** Words a relation's name or its type's must not hold (tags by shape skip a `sub_categoria`). */
    notNamed?: readonly string[];
  }
): { field: string; attribute: AttributeSchema; target: ContentTypeSchema; why: string } | null {
  const notNamed = options.notNamed ?? [];
  for (const [field, attribute] of Object.entries(schema.attributes)) {
    if (taken.has(field) || attribute.type !== 'relation' || !attribute.target) continue;
    if (options.toManyOnly && !options.isToMany(attribute)) continue;
    const target = catalog.contentType(attribute.target);
    if (!target || target.uid === schema.uid) continue;
    if (nameHasWord(field, notNamed) || nameHasWord(target.singularName, notNamed)) continue;
    if (appCollectionTypeProblem(target.uid, target.kind)) continue;
    if ((ROLE_NAMES.authorType as readonly string[]).includes(normalizedName(target.singularName))) continue;
    if (Object.values(target.attributes).some((a) => RICH_TYPES.includes(a.type) || a.customField)) continue;
    const name = relatedNameField(target);
    if (!name || name.attribute.type !== 'string') continue;
    return {
      field,
      attribute,
      target,
      why: `relation to ${target.uid}, whose entries are named by "${name.field}"`,
    };
  }
  return null;
}
