import { appCollectionTypeProblem } from '../app-content-types';
import { unfillableCategoryFields } from './category-values';
import type { CategoryFieldOverrides } from './field-overrides';
import type {
  CategoriesRole,
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

export function relationRole(
  field: string,
  attribute: AttributeSchema,
  catalog: SchemaCatalog
): RelationRole<RelatedType> | undefined {
  const target = relationTarget(attribute, catalog);
  return target
    ? { kind: 'relation', field, attribute, toMany: isToMany(attribute), type: relatedType(target) }
    : undefined;
}

/**
 * Relations of the type named (by field or by target type) like one of the lists, field names first,
 * whose target has a name field; then those whose field or type name holds one of `words`
 * (`sub_categoria_blog`, `music_genre`).
 */
function namedRelations(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  fieldNames: readonly string[],
  typeNames: readonly string[],
  taken: ReadonlySet<string>,
  createsEntries = false,
  words: readonly string[] = []
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

export function detectCategories(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  categoryFields: CategoryFieldOverrides | undefined,
  taken: ReadonlySet<string>
): CategoriesRole | null {
  const [relation] = namedRelations(
    schema,
    catalog,
    ROLE_NAMES.categoriesField,
    ROLE_NAMES.categoryType,
    taken,
    true,
    CATEGORY_WORDS
  );
  if (relation) return categoryRelation(relation.field, relation.attribute, relation.target, categoryFields);
  const named = findByName(
    schema.attributes,
    ROLE_NAMES.categoriesField,
    isType('string', 'text', 'enumeration'),
    taken
  );
  return named ? { kind: named.attribute.type === 'enumeration' ? 'enumeration' : 'text', ...named } : null;
}

export function categoriesFromField(
  field: string,
  attribute: AttributeSchema,
  catalog: SchemaCatalog,
  categoryFields: CategoryFieldOverrides | undefined
): CategoriesRole | string {
  if (attribute.type === 'enumeration') return { kind: 'enumeration', field, attribute };
  if (TEXT_TYPES.includes(attribute.type)) return { kind: 'text', field, attribute };
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
      `The category type ${type.uid} requires ${unfillable.map((field) => `"${field}"`).join(', ')}, which no part of an article fills: a category that does not exist yet is not created (an existing one is linked).`
    );
}

export function detectTags(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  taken: ReadonlySet<string>
): TagsRole | null {
  const [relation] = namedRelations(
    schema,
    catalog,
    ROLE_NAMES.tagsField,
    ROLE_NAMES.tagType,
    taken,
    true,
    TAG_WORDS
  );
  if (relation) {
    const { field, attribute, target } = relation;
    return { kind: 'relation', field, attribute, toMany: isToMany(attribute), type: relatedType(target) };
  }
  const named = findByName(
    schema.attributes,
    ['tags', ...localizedNames('tags')],
    isType('json', 'string', 'text'),
    taken
  );
  return named ? { kind: named.attribute.type === 'json' ? 'json' : 'text', ...named } : null;
}

export function tagsFromField(
  field: string,
  attribute: AttributeSchema,
  catalog: SchemaCatalog
): TagsRole | string {
  if (attribute.type === 'json') return { kind: 'json', field, attribute };
  if (TEXT_TYPES.includes(attribute.type)) return { kind: 'text', field, attribute };
  const target = relationTarget(attribute, catalog);
  if (target && !isCreatableType(target)) return notCreatable(target, 'tags');
  return relationRole(field, attribute, catalog) ?? 'which is not a relation, json, string or text field';
}

export function detectAuthor(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  taken: ReadonlySet<string>
): RelationRole<RelatedType> | null {
  const [relation] = namedRelations(schema, catalog, ROLE_NAMES.authorField, ROLE_NAMES.authorType, taken);
  if (!relation) return null;
  const { field, attribute, target } = relation;
  return { kind: 'relation', field, attribute, toMany: isToMany(attribute), type: relatedType(target) };
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
