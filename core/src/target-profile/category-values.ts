import { enumFit, statusValue } from './enum-values';
import { fitValue } from './fit';
import type { CategoryType } from './profile';
import { colourFor, isColourField, looksLikeCode } from './required-fields';
import type { AttributeSchema } from './schema';

export interface CategoryValues {
  /** The new category's name (fitted) and the required fields the plugin can fill; the slug and parent are the glue's. */
  values: Record<string, unknown>;
  /** Required fields nothing fills: the category cannot be created, and the post goes without it. */
  unfillable: string[];
  warnings: string[];
}

const TEXT_LIKE = ['string', 'text', 'richtext'];

/**
 * What a required field of the category type gets for a new category named `name`: a colour field a
 * colour made from the name (within its pattern), a text field a sentence naming the category
 * (never a code, a key or a patterned string: those are left out), an enumeration only a value
 * that fits every category (enum-values.ts: its only value, its one neutral value, "published" of a
 * publication state, since categories are created published), a blocks field that sentence as a
 * paragraph. Undefined: nothing fits, and `categoryDefaults` must give it.
 */
function categoryFieldValue(
  field: string,
  attribute: AttributeSchema,
  name: string,
  defaults: CategoryType['defaults']
): unknown {
  // The owner's value comes first (a copy: the type is shared between requests, and frozen).
  if (defaults && Object.hasOwn(defaults, field)) return structuredClone(defaults[field]);
  const sentence = `Articles filed under the category "${name}" on this site.`;
  if (isColourField(field, attribute)) return colourFor(name, attribute);
  if (TEXT_LIKE.includes(attribute.type)) {
    if (attribute.type === 'string' && (attribute.regex !== undefined || looksLikeCode(field)))
      return undefined;
    return sentence;
  }
  if (attribute.type === 'blocks')
    return [{ type: 'paragraph', children: [{ type: 'text', text: sentence }] }];
  if (attribute.type === 'enumeration') return enumValueForEveryCategory(attribute.enum ?? []);
  return undefined;
}

/** The value of a required enumeration that fits every category, if one does (issue #61: never a guess). */
function enumValueForEveryCategory(values: readonly string[]): string | undefined {
  if (!values.length) return undefined;
  const fit = enumFit(values);
  if (fit.kind === 'value') return fit.value;
  return fit.kind === 'status' ? statusValue(values, 'publish') : undefined;
}

/**
 * The values a category is created with. A required text field of the category type (a description)
 * gets a sentence naming the category, fitted to its limits; a required colour a colour; a required
 * enumeration the one value that fits every category. Anything else required and without a
 * `categoryDefaults` value cannot be filled.
 */
export function planCategoryValues(type: CategoryType, name: string): CategoryValues {
  const values: Record<string, unknown> = {};
  const unfillable: string[] = [];
  const warnings: string[] = [];
  if (type.name) {
    const fitted = fitValue(`${type.uid} ${type.name.field}`, type.name.attribute, name);
    warnings.push(...fitted.warnings);
    if (fitted.value === undefined) unfillable.push(type.name.field);
    else values[type.name.field] = fitted.value;
  }
  for (const { field, attribute } of type.otherRequired) {
    const constant = categoryFieldValue(field, attribute, name, type.defaults);
    // A media file id (checked at detection) is written as given; the rest is fitted to its field.
    const fitted =
      constant === undefined
        ? undefined
        : attribute.type === 'media'
          ? { value: constant }
          : fitValue(`${type.uid} ${field}`, attribute, constant);
    if (fitted?.value === undefined) unfillable.push(field);
    else values[field] = fitted.value;
  }
  return { values, unfillable, warnings };
}

/** Whether a value names Media Library files: a file id, or for a multiple field a list of them. */
const isFileIds = (value: unknown, multiple: boolean) => {
  const isId = (id: unknown) => Number.isInteger(id) && (id as number) > 0;
  return multiple ? Array.isArray(value) && value.length > 0 && value.every(isId) : isId(value);
};

/**
 * The category type with the `categoryDefaults` setting's values it can use: each names one of its
 * fields (a media field a Media Library file id, a list of them for a multiple one). Any other entry
 * is named in `problems` and ignored.
 */
export function withCategoryDefaults(
  type: CategoryType,
  attributes: Readonly<Record<string, AttributeSchema>>,
  categoryDefaults: Readonly<Record<string, unknown>> | undefined,
  problems: string[]
): CategoryType {
  const defaults: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(categoryDefaults ?? {})) {
    const attribute = attributes[field];
    if (!attribute) {
      problems.push(`categoryDefaults names "${field}", which is not a field of ${type.uid}; it is ignored.`);
      continue;
    }
    if (attribute.type === 'media' && !isFileIds(value, attribute.multiple === true)) {
      problems.push(
        `categoryDefaults gives "${field}" ${JSON.stringify(value)}, but it is a media field: give ${attribute.multiple ? 'a list of Media Library file ids' : 'a Media Library file id'} (the number in the file's URL in the Media Library); it is ignored.`
      );
      continue;
    }
    if (attribute.type === 'relation' || attribute.type === 'component' || attribute.type === 'dynamiczone') {
      problems.push(
        `categoryDefaults gives "${field}" a value, but it is a ${attribute.type}, which a new category is not given; it is ignored.`
      );
      continue;
    }
    defaults[field] = value;
  }
  return Object.keys(defaults).length ? { ...type, defaults } : type;
}

/**
 * The `categoryDefaults` line that lets a new category be created: each field the plugin cannot fill
 * with an example value (an enumeration its first value, to replace with the one every category
 * takes; a media field a Media Library file id).
 */
export function categoryDefaultsLine(type: CategoryType, fields: readonly string[]): string {
  const example = (field: string): string => {
    const attribute = type.otherRequired.find((ref) => ref.field === field)?.attribute;
    if (attribute?.type === 'enumeration') return JSON.stringify(attribute.enum?.[0] ?? '...');
    if (attribute?.type === 'media') return attribute.multiple ? '[1]' : '1';
    if (attribute && ['integer', 'biginteger', 'float', 'decimal'].includes(attribute.type)) return '0';
    return '"..."';
  };
  return `categoryDefaults: { ${fields.map((field) => `${field}: ${example(field)}`).join(', ')} }`;
}

/**
 * Why a new category cannot be created, naming each required field nothing fills (an enumeration
 * with its values) and the `categoryDefaults` line that fixes it.
 */
export function unfillableCategoryReason(type: CategoryType, fields: readonly string[]): string {
  return `${type.uid} requires ${namedCategoryFields(type, fields)}, which no part of an article fills; the site's owner fixes this with ${categoryDefaultsLine(type, fields)} in the plugin's config (config/plugins)`;
}

/** `"bild", "farbe" (one of "rot", "gruen", none of which fits every category)`: an enumeration with its values. */
export function namedCategoryFields(type: CategoryType, fields: readonly string[]): string {
  return fields
    .map((field) => {
      const attribute = type.otherRequired.find((ref) => ref.field === field)?.attribute;
      const values = attribute?.type === 'enumeration' ? (attribute.enum ?? []) : [];
      return values.length
        ? `"${field}" (one of ${values.map((value) => `"${value}"`).join(', ')}, none of which fits every category)`
        : `"${field}"`;
    })
    .join(', ');
}

/** The category type's required fields (besides its name) that no new category can be given. */
export function unfillableCategoryFields(type: CategoryType): string[] {
  return type.otherRequired
    .filter(
      ({ field, attribute }) => categoryFieldValue(field, attribute, 'News', type.defaults) === undefined
    )
    .map(({ field }) => field);
}
