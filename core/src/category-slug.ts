import { toSlug } from './slug';

/**
 * The slug a category (or tag) would be created with: its own name's, whatever its parent, as
 * WordPress does (`tomatoes` under "Gardening"). Two names with one slug under one parent are one
 * category (see the category resolver).
 */
export function categorySlugBase(name: string): string {
  return toSlug(name);
}

/** The `n`th alternative of a taken slug (`hello-2`, `hello-3`, ...), cut so it fits `maxLength`. */
export function suffixedSlug(base: string, n: number, maxLength: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, Math.max(1, maxLength - suffix.length)).replace(/-+$/, '')}${suffix}`;
}

/**
 * The slugs to try, in order, for a new term whose own slug is `base`, as WordPress's
 * wp_unique_term_slug picks one: `base`; then, for a child, its ancestors' slugs appended one at a
 * time, parent first (`tomatoes-gardening`, `tomatoes-gardening-home`); then the last of those
 * numbered from 2 (`tomatoes-gardening-2`, ... up to `maxNumber`). The first one no entry has is the
 * slug. `ancestorSlugs`: the parent's slug, then the grandparent's, ...; empty for a top-level term.
 */
export function uniqueTermSlugCandidates(
  base: string,
  ancestorSlugs: string[],
  maxLength: number,
  maxNumber: number
): string[] {
  const fit = (slug: string) => slug.slice(0, maxLength).replace(/-+$/, '') || slug.slice(0, maxLength);
  const withAncestors = [base];
  for (const ancestor of ancestorSlugs.filter(Boolean)) {
    withAncestors.push(`${withAncestors[withAncestors.length - 1]}-${ancestor}`);
  }
  const last = withAncestors[withAncestors.length - 1];
  const numbered = Array.from({ length: Math.max(0, maxNumber - 1) }, (_, i) =>
    suffixedSlug(last, i + 2, maxLength)
  );
  return [...new Set([...withAncestors.map(fit), ...numbered])];
}
