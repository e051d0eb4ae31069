import { appCollectionTypeProblem } from '../app-content-types';
import { categoryDefaultsLine, namedCategoryFields, unfillableCategoryFields } from './category-values';
import type { CategoryFieldOverrides } from './field-overrides';
import type {
  CategoriesRole,
  FieldRef,
  NameFieldRole,
  RelatedType,
  RelationRole,
  TagsRole,
  TargetProblems,
} from './profile';
import { categoryType, relatedNameField, relatedType } from './related-types';
import {
  CATEGORY_WORDS,
  findByName,
  isToMany,
  isType,
  localizedNames,
  nameHasWord,
  normalizedName,
  ROLE_NAMES,
  TAG_WORDS,
  TEXT_TYPES,
} from './role-names';
import type { AttributeSchema, ContentTypeSchema, SchemaCatalog } from './schema';

/**
 * The relation roles of a target (categories, tags, author): by the relation's name or its type's
 * name, in any language of the name table, then by the words in those names; and what a category
 * relation cannot do, said once at detection. detect.ts calls these.
 */

/** A relation to a content type the catalog knows, with that type read. */
function relationTarget(attribute: AttributeSchema, catalog: SchemaCatalog): ContentTypeSchema | undefined {
  return attribute.type === 'relation' && attribute.target
    ? catalog.contentType(attribute.target)
    : undefined;
}

/** Categories and tags are created in their type: only the app's own collection types may take those roles. */
const isCreatableType = (type: ContentTypeSchema) => !appCollectionTypeProblem(type.uid, type.kind);

/** Why an override's relation cannot take such a role, as `resolve` words it. */
const notCreatable = (type: ContentTypeSchema, entries: string) =>
  `which relates to "${type.uid}": ${entries} are created only in the app's own collection types (api::…)`;

/** A relation to `target` as a role that finds (or creates) entries of that type. */
const relatedRole = (
  field: string,
  attribute: AttributeSchema,
  target: ContentTypeSchema
): RelationRole<RelatedType> => ({
  kind: 'relation',
  field,
  attribute,
  toMany: isToMany(attribute),
  type: relatedType(target),
});

export function relationRole(
  field: string,
  attribute: AttributeSchema,
  catalog: SchemaCatalog
): RelationRole<RelatedType> | undefined {
  const target = relationTarget(attribute, catalog);
  return target ? relatedRole(field, attribute, target) : undefined;
}

/** A field that holds a role as text, or as `kind` (categories as an enumeration, tags as a JSON list). */
function plainFieldRole<Kind extends 'enumeration' | 'json'>(
  field: string,
  attribute: AttributeSchema,
  kind: Kind
): (FieldRef & { kind: Kind | 'text' }) | undefined {
  if (attribute.type === kind) return { kind, field, attribute };
  if (TEXT_TYPES.includes(attribute.type)) return { kind: 'text', field, attribute };
  return undefined;
}

/** The untaken field named like one of `names` that holds the role as text or as `kind`. */
function namedPlainField<Kind extends 'enumeration' | 'json'>(
  schema: ContentTypeSchema,
  names: readonly string[],
  kind: Kind,
  taken: ReadonlySet<string>
): (FieldRef & { kind: Kind | 'text' }) | null {
  const named = findByName(schema.attributes, names, isType(...TEXT_TYPES, kind), taken);
  return (named && plainFieldRole(named.field, named.attribute, kind)) ?? null;
}

/** The names a relation role is found by: its field's, its target type's, and words either may hold. */
interface RelationNames {
  fields: readonly string[];
  types: readonly string[];
  words?: readonly string[];
}

/**
 * Relations of the type named (by field or by target type) like one of the lists, field names first,
 * whose target has a name field; then those whose field or type name holds one of `words`
 * (`sub_categoria_blog`, `music_genre`).
 */
function namedRelations(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  { fields: fieldNames, types: typeNames, words = [] }: RelationNames,
  taken: ReadonlySet<string>,
  createsEntries = false
) {
  const relations = Object.entries(schema.attributes)
    .filter(([field]) => !taken.has(field))
    .map(([field, attribute]) => ({ field, attribute, target: relationTarget(attribute, catalog) }))
    .filter((entry): entry is { field: string; attribute: AttributeSchema; target: ContentTypeSchema } =>
      Boolean(
        entry.target &&
        entry.target.uid !== schema.uid &&
        relatedNameField(entry.target) &&
        (!createsEntries || isCreatableType(entry.target))
      )
    );
  const rank = (entry: (typeof relations)[number]) => {
    const byField = fieldNames.indexOf(normalizedName(entry.field));
    if (byField >= 0) return byField;
    const byType = typeNames.indexOf(normalizedName(entry.target.singularName));
    if (byType >= 0) return fieldNames.length + byType;
    const after = fieldNames.length + typeNames.length;
    if (nameHasWord(entry.field, words)) return after;
    return nameHasWord(entry.target.singularName, words) ? after + 1 : -1;
  };
  return relations
    .map((entry) => ({ ...entry, rank: rank(entry) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank);
}

const CATEGORY_NAMES: RelationNames = {
  fields: ROLE_NAMES.categoriesField,
  types: ROLE_NAMES.categoryType,
  words: CATEGORY_WORDS,
};
const TAG_NAMES: RelationNames = {
  fields: ROLE_NAMES.tagsField,
  types: ROLE_NAMES.tagType,
  words: TAG_WORDS,
};
const AUTHOR_NAMES: RelationNames = { fields: ROLE_NAMES.authorField, types: ROLE_NAMES.authorType };

export function detectCategories(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  categoryFields: CategoryFieldOverrides | undefined,
  taken: ReadonlySet<string>
): CategoriesRole | null {
  const [relation] = namedRelations(schema, catalog, CATEGORY_NAMES, taken, true);
  if (relation) return categoryRelation(relation.field, relation.attribute, relation.target, categoryFields);
  return namedPlainField(schema, ROLE_NAMES.categoriesField, 'enumeration', taken);
}

export function categoriesFromField(
  field: string,
  attribute: AttributeSchema,
  catalog: SchemaCatalog,
  categoryFields: CategoryFieldOverrides | undefined
): CategoriesRole | string {
  const plain = plainFieldRole(field, attribute, 'enumeration');
  if (plain) return plain;
  const target = relationTarget(attribute, catalog);
  if (!target) return 'which is not a relation, string or enumeration field';
  if (!isCreatableType(target)) return notCreatable(target, 'categories');
  return categoryRelation(field, attribute, target, categoryFields);
}

export function categoryRelation(
  field: string,
  attribute: AttributeSchema,
  target: ContentTypeSchema,
  categoryFields: CategoryFieldOverrides | undefined
): CategoriesRole {
  return {
    kind: 'relation',
    field,
    attribute,
    toMany: isToMany(attribute),
    type: categoryType(target, categoryFields),
  };
}

/** What a category relation cannot do, said once at detection. */
export function noteCategoryType(
  role: Extract<CategoriesRole, { kind: 'relation' }>,
  problems: TargetProblems
): void {
  const { type } = role;
  if (!type.name) {
    problems.degraded.push(
      `The category type ${type.uid} has no name field: categories given by name cannot be found or created.`
    );
  }
  if (!type.parent)
    problems.degraded.push(
      'The category type has no parent relation: a sub-category is created without a parent.'
    );
  if (!role.toMany)
    problems.degraded.push(
      `"${role.field}" holds one category: an article receives its sub-category, else its category.`
    );
  const unfillable = unfillableCategoryFields(type);
  if (unfillable.length)
    problems.degraded.push(
      `The category type ${type.uid} requires ${namedCategoryFields(type, unfillable)}, which no part of an article fills: a category that does not exist yet is not created (an existing one is linked).`,
      `To create new categories, add to the plugin's config (config/plugins): ${categoryDefaultsLine(type, unfillable)}.`
    );
}

export function detectTags(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  taken: ReadonlySet<string>
): TagsRole | null {
  const [relation] = namedRelations(schema, catalog, TAG_NAMES, taken, true);
  if (relation) return relatedRole(relation.field, relation.attribute, relation.target);
  return namedPlainField(schema, ['tags', ...localizedNames('tags')], 'json', taken);
}

export function tagsFromField(
  field: string,
  attribute: AttributeSchema,
  catalog: SchemaCatalog
): TagsRole | string {
  const plain = plainFieldRole(field, attribute, 'json');
  if (plain) return plain;
  const target = relationTarget(attribute, catalog);
  if (target && !isCreatableType(target)) return notCreatable(target, 'tags');
  return relationRole(field, attribute, catalog) ?? 'which is not a relation, json, string or text field';
}

export function detectAuthor(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  taken: ReadonlySet<string>
): RelationRole<RelatedType> | null {
  const [relation] = namedRelations(schema, catalog, AUTHOR_NAMES, taken);
  return relation ? relatedRole(relation.field, relation.attribute, relation.target) : null;
}

/** A required string or enumeration category field: what an article whose category does not fit it meets. */
export function requiredNameFieldNote(role: NameFieldRole): string {
  const { field, attribute } = role;
  const takes =
    attribute.type === 'enumeration'
      ? `one of its values (${(attribute.enum ?? []).join(', ')})`
      : 'a category name that fits it';
  const example = attribute.type === 'enumeration' ? JSON.stringify(attribute.enum?.[0] ?? '...') : '"..."';
  return `required field "${field}" takes the article's category only when it is ${takes}: a published article whose category is none of them is refused before anything is written; to publish those too, add defaults: { ${field}: ${example} }.`;
}
