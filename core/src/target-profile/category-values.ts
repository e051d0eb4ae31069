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
function categoryFieldValue(field: string, attribute: AttributeSchema, name: string): unknown {
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
    const constant = categoryFieldValue(field, attribute, name);
    const fitted = constant === undefined ? undefined : fitValue(`${type.uid} ${field}`, attribute, constant);
    if (fitted?.value === undefined) unfillable.push(field);
    else values[field] = fitted.value;
  }
  return { values, unfillable, warnings };
}

/** The category type's required fields (besides its name) that no new category can be given. */
export function unfillableCategoryFields(type: CategoryType): string[] {
  return type.otherRequired
    .filter(({ field, attribute }) => categoryFieldValue(field, attribute, 'News') === undefined)
    .map(({ field }) => field);
}
