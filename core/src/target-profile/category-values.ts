import { fitValue } from './fit';
import type { CategoryType } from './profile';

export interface CategoryValues {
  /** The new category's name (fitted) and the required fields the plugin can fill; the slug and parent are the glue's. */
  values: Record<string, unknown>;
  /** Required fields nothing fills: the category cannot be created, and the post goes without it. */
  unfillable: string[];
  warnings: string[];
}

const TEXT_LIKE = ['string', 'text', 'richtext'];

/**
 * The values a category is created with. A required text field of the category type (a description)
 * gets a sentence naming the category, fitted to its limits; a required enumeration its first value.
 * Anything else required and without a default cannot be filled.
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
    let constant: unknown;
    if (TEXT_LIKE.includes(attribute.type))
      constant = `Articles filed under the category "${name}" on this site.`;
    else if (attribute.type === 'enumeration') constant = attribute.enum?.[0];
    const fitted = constant === undefined ? undefined : fitValue(`${type.uid} ${field}`, attribute, constant);
    if (fitted?.value === undefined) unfillable.push(field);
    else values[field] = fitted.value;
  }
  return { values, unfillable, warnings };
}
