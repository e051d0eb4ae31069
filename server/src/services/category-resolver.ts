import type { Core } from '@strapi/strapi';
import type { CategorySelection } from '../../../core/src/article';
import { categorySlugBase, suffixedSlug } from '../../../core/src/category-slug';
import { ServiceError } from '../../../core/src/errors';
import { fitText } from '../../../core/src/seo';
import { getService } from '../utils/get-service';
import type { CategoryMatch, CategoryRow } from './category-store';
import type { TargetDescription } from './target-schema';

type CategoryType = NonNullable<TargetDescription['category']>;

/** What to assign, decided before any write: existing rows by id, or names to find or create. */
export type CategoryPlan =
  | { kind: 'none' }
  | { kind: 'existing'; rows: CategoryRow[] }
  | { kind: 'names'; type: CategoryType; category: string | undefined; subCategory: string | undefined };

/** Alternatives tried for a taken slug (`-2` ... `-N`) before one made of the time is used. */
const MAX_SLUG_SUFFIX = 100;

/**
 * A category's lock is keyed on the slug it would be created with: slugs are what must stay unique,
 * and names that match case-insensitively share a slug, so find-or-create by name is covered too.
 */
const lockName = (slugBase: string) => `category:${slugBase}`;

/** The name fitted to the name field's limits; undefined (with a warning) when it cannot be saved. */
function fittedName(role: string, name: string | undefined, type: CategoryType, warnings: string[]): string | undefined {
  if (name === undefined) return undefined;
  const fitted = fitText(role, name, type.nameLimits);
  if (fitted.warning) warnings.push(fitted.warning);
  return fitted.value;
}

/**
 * Categories: ids win over names; names are found case-insensitively or created, the child under
 * its parent. A name whose slug is already used under the same parent (a top-level category: no
 * parent) reuses that category ("Hello!" after "Hello?", "école" after "École"); a slug used
 * elsewhere gets a numbered alternative (`a-b-c-2`), so a new category is never refused.
 */
const categoryResolver = ({ strapi }: { strapi: Core.Strapi }) => {
  const store = () => getService(strapi, 'category-store');

  /** A free slug for a new category, starting from `base`. Runs under the lock of `base`. */
  async function freeSlug(type: CategoryType, base: string): Promise<string> {
    for (let n = 2; n <= MAX_SLUG_SUFFIX; n++) {
      const candidate = suffixedSlug(base, n, type.slugMaxLength);
      if (!(await store().findCategoriesBySlug(type, candidate)).length) return candidate;
    }
    return suffixedSlug(base, Date.now(), type.slugMaxLength);
  }

  /**
   * The category `name` under `parentDocumentId` (none: top level): by name, then by slug under the
   * same parent, else created with a slug no other category has.
   */
  async function findOrCreate(
    type: CategoryType,
    name: string,
    slugBase: string,
    parentDocumentId: string | undefined,
    byName: CategoryMatch[]
  ): Promise<CategoryRow> {
    if (byName.length) return byName[0];
    const bySlug = await store().findCategoriesBySlug(type, slugBase);
    const sameParent = bySlug.find((row) => (row.parentDocumentId ?? undefined) === parentDocumentId);
    if (sameParent) return sameParent;
    const slug = bySlug.length ? await freeSlug(type, slugBase) : slugBase;
    return store().createCategory(type, { name, slug, parentDocumentId });
  }

  return {
    /** Checks ids up front (400 naming unknown ones) so nothing is written for a bad request. */
    async plan(selection: CategorySelection, target: TargetDescription, warnings: string[]): Promise<CategoryPlan> {
      if (selection.kind === 'none') return { kind: 'none' };
      if (!target.fields.categories || !target.category) {
        warnings.push('Categories were not assigned: the target has no category relation.');
        return { kind: 'none' };
      }
      if (selection.kind === 'names') {
        const category = fittedName('category', selection.category, target.category, warnings);
        const subCategory = fittedName('sub_category', selection.subCategory, target.category, warnings);
        if (!category && !subCategory) return { kind: 'none' };
        return { kind: 'names', type: target.category, category, subCategory };
      }
      const rows = await store().findCategoriesByIds(target.category, selection.ids);
      const found = new Map(rows.map((row) => [row.id, row]));
      const unknown = selection.ids.filter((id) => !found.has(id));
      if (unknown.length) {
        throw new ServiceError('bad_request', `Invalid publish request: categories contains unknown ids: ${unknown.join(', ')}.`);
      }
      return { kind: 'existing', rows: selection.ids.map((id) => found.get(id) as CategoryRow) };
    },

    /** Locks that make find-or-create of these names safe against a concurrent publish. */
    lockNames(plan: CategoryPlan): string[] {
      if (plan.kind !== 'names') return [];
      const names: string[] = [];
      if (plan.category) names.push(lockName(categorySlugBase(plan.category)));
      if (plan.subCategory) names.push(lockName(categorySlugBase(plan.subCategory, plan.category)));
      return names;
    },

    /** Runs inside the publish transaction, holding the locks of `lockNames`. */
    async apply(plan: CategoryPlan): Promise<CategoryRow[]> {
      if (plan.kind === 'none') return [];
      if (plan.kind === 'existing') return plan.rows;
      const { type } = plan;
      const assigned: CategoryRow[] = [];
      let parent: CategoryRow | undefined;
      if (plan.category) {
        const byName = await store().findCategoriesByName(type, plan.category);
        // A top-level category of that name first; failing that, any category of that name.
        const preferred = [...byName.filter((row) => !row.hasParent), ...byName.filter((row) => row.hasParent)];
        parent = await findOrCreate(type, plan.category, categorySlugBase(plan.category), undefined, preferred);
        assigned.push(parent);
      }
      if (plan.subCategory) {
        const underParent = parent && type.parent ? parent.documentId : undefined;
        const byName = await store().findCategoriesByName(type, plan.subCategory, underParent);
        const slugBase = categorySlugBase(plan.subCategory, plan.category);
        assigned.push(await findOrCreate(type, plan.subCategory, slugBase, underParent, byName.slice(0, 1)));
      }
      return assigned;
    },
  };
};

export type CategoryResolverService = ReturnType<typeof categoryResolver>;
export default categoryResolver;
