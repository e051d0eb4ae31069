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
 * (never a code, a key or a patterned string: those are left out), an enumeration its first value,
 * a blocks field that sentence as a paragraph. Undefined: nothing fits.
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
  if (attribute.type === 'enumeration') return attribute.enum?.[0];
  return undefined;
}

/**
 * The values a category is created with. A required text field of the category type (a description)
 * gets a sentence naming the category, fitted to its limits; a required colour a colour; a required
 * enumeration its first value. Anything else required and without a default cannot be filled.
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

/** The category type's required fields (besides its name) that no new category can be given. */
export function unfillableCategoryFields(type: CategoryType): string[] {
  return type.otherRequired
    .filter(
      ({ field, attribute }) => categoryFieldValue(field, attribute, 'News', type.defaults) === undefined
    )
    .map(({ field }) => field);
}
