import type { Core } from '@strapi/strapi';
import type { CategorySelection } from '../../../core/src/article';
import { ServiceError } from '../../../core/src/errors';
import { toSlug } from '../../../core/src/slug';
import { getService } from '../utils/get-service';
import type { CategoryRow } from './content-store';
import type { TargetDescription } from './target-schema';

type CategoryType = NonNullable<TargetDescription['category']>;

/** What to assign, decided before any write: existing rows by id, or names to find or create. */
export type CategoryPlan =
  | { kind: 'none' }
  | { kind: 'existing'; rows: CategoryRow[] }
  | { kind: 'names'; type: CategoryType; category: string | undefined; subCategory: string | undefined };

const lockName = (...names: string[]) => `category:${names.map((name) => name.toLowerCase()).join('/')}`;

/** Categories: ids win over names; names are found case-insensitively or created, the child under its parent. */
const categoryResolver = ({ strapi }: { strapi: Core.Strapi }) => {
  const store = () => getService(strapi, 'content-store');

  return {
    /** Checks ids up front (400 naming unknown ones) so nothing is written for a bad request. */
    async plan(selection: CategorySelection, target: TargetDescription, warnings: string[]): Promise<CategoryPlan> {
      if (selection.kind === 'none') return { kind: 'none' };
      if (!target.fields.categories || !target.category) {
        warnings.push('Categories were not assigned: the target has no category relation.');
        return { kind: 'none' };
      }
      if (selection.kind === 'names') {
        return { kind: 'names', type: target.category, category: selection.category, subCategory: selection.subCategory };
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
      if (plan.category) names.push(lockName(plan.category));
      if (plan.subCategory) names.push(plan.category ? lockName(plan.category, plan.subCategory) : lockName(plan.subCategory));
      return names;
    },

    /** Runs inside the publish transaction, holding the locks of `lockNames`. */
    async apply(plan: CategoryPlan): Promise<CategoryRow[]> {
      if (plan.kind === 'none') return [];
      if (plan.kind === 'existing') return plan.rows;
      const assigned: CategoryRow[] = [];
      let parent: CategoryRow | undefined;
      if (plan.category) {
        const matches = await store().findCategoriesByName(plan.type, plan.category);
        parent =
          matches.find((row) => !row.hasParent) ??
          matches[0] ??
          (await store().createCategory(plan.type, { name: plan.category, slug: toSlug(plan.category) }));
        assigned.push(parent);
      }
      if (plan.subCategory) {
        const underParent = parent && plan.type.parent ? parent.documentId : undefined;
        const [match] = await store().findCategoriesByName(plan.type, plan.subCategory, underParent);
        const slug = toSlug(parent ? `${parent.name} ${plan.subCategory}` : plan.subCategory);
        assigned.push(
          match ?? (await store().createCategory(plan.type, { name: plan.subCategory, slug, parentDocumentId: underParent }))
        );
      }
      return assigned;
    },
  };
};

export type CategoryResolverService = ReturnType<typeof categoryResolver>;
export default categoryResolver;
