import { toSlug } from './slug';

/**
 * The slug a category would be created with: its name's, or for a sub-category its parent's name
 * and its own (so "Watering" under "Gardening" is `gardening-watering`). Two names with one slug
 * under one parent are one category (see the category resolver).
 */
export function categorySlugBase(name: string, parentName?: string): string {
  return toSlug(parentName ? `${parentName} ${name}` : name);
}

/** The `n`th alternative of a taken slug (`hello-2`, `hello-3`, ...), cut so it fits `maxLength`. */
export function suffixedSlug(base: string, n: number, maxLength: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, Math.max(1, maxLength - suffix.length)).replace(/-+$/, '')}${suffix}`;
}
