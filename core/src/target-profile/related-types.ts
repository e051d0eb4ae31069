import type { CategoryFieldOverrides } from './field-overrides';
import type { CategoryType, FieldRef, RelatedType } from './profile';
import { findByName, isType, NAME_WORDS, nameHasWord, ROLE_NAMES, TEXT_TYPES } from './role-names';
import { hasUsableDefault } from './required-fields';
import type { ContentTypeSchema } from './schema';

/**
 * The name field of a related type: a string named like name/title, else what its uid is made from,
 * else a string whose name holds such a word.
 */
export function relatedNameField(type: ContentTypeSchema, override?: string): FieldRef | null {
  if (override) {
    const attribute = type.attributes[override];
    return attribute && TEXT_TYPES.includes(attribute.type) ? { field: override, attribute } : null;
  }
  const byName = findByName(type.attributes, ROLE_NAMES.relatedName, isType(...TEXT_TYPES));
  if (byName) return byName;
  const uid = Object.values(type.attributes).find(
    (attribute) => attribute.type === 'uid' && attribute.targetField
  );
  const source = uid?.targetField ? type.attributes[uid.targetField] : undefined;
  if (uid?.targetField && source && TEXT_TYPES.includes(source.type))
    return { field: uid.targetField, attribute: source };
  // A string whose name holds a name word (`genre_name`, `nome_subcategoria`, `titleDe`).
  const worded = Object.entries(type.attributes).find(
    ([field, attribute]) => attribute.type === 'string' && nameHasWord(field, NAME_WORDS)
  );
  return worded ? { field: worded[0], attribute: worded[1] } : null;
}

/** A uid field (the one named slug first), else a string named slug. */
export function slugField(
  attributes: ContentTypeSchema['attributes'],
  taken: ReadonlySet<string> = new Set()
): FieldRef | null {
  const uids = Object.entries(attributes).filter(
    ([field, attribute]) => attribute.type === 'uid' && !taken.has(field)
  );
  const uid = uids.find(([field]) => field.toLowerCase() === 'slug') ?? uids[0];
  if (uid) return { field: uid[0], attribute: uid[1] };
  return findByName(attributes, ROLE_NAMES.slug, isType('string'), taken);
}

export function relatedType(type: ContentTypeSchema, nameOverride?: string): RelatedType {
  return {
    uid: type.uid,
    draftAndPublish: type.draftAndPublish,
    localized: type.localized,
    name: relatedNameField(type, nameOverride),
    slug: slugField(type.attributes),
  };
}

const TO_ONE = ['manyToOne', 'oneToOne', 'oneWay'];

/**
 * A category type: its name, slug and parent (a to-one relation to itself), and what else it
 * requires. `overrides` (the `categoryFields` option) names fields detection would not find.
 */
export function categoryType(type: ContentTypeSchema, overrides: CategoryFieldOverrides = {}): CategoryType {
  const base = relatedType(type, overrides.name);
  const slug =
    overrides.slug === ''
      ? null
      : overrides.slug
        ? type.attributes[overrides.slug]
          ? { field: overrides.slug, attribute: type.attributes[overrides.slug] }
          : null
        : base.slug;
  const selfRelations = Object.entries(type.attributes).filter(
    ([, attribute]) =>
      attribute.type === 'relation' &&
      attribute.target === type.uid &&
      TO_ONE.includes(attribute.relation ?? '')
  );
  const parent =
    overrides.parent === ''
      ? null
      : overrides.parent
        ? (selfRelations.find(([field]) => field === overrides.parent)?.[0] ?? null)
        : (selfRelations.find(([field]) => field.toLowerCase() === 'parent')?.[0] ??
          selfRelations[0]?.[0] ??
          null);
  const managed = new Set(
    [base.name?.field, slug?.field, parent].filter((field): field is string => Boolean(field))
  );
  const otherRequired = Object.entries(type.attributes)
    .filter(([field, attribute]) => attribute.required && !hasUsableDefault(attribute) && !managed.has(field))
    .map(([field, attribute]) => ({ field, attribute }));
  return { ...base, slug, parent, otherRequired };
}
