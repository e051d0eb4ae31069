import type { Core } from '@strapi/strapi';
import { categorySlugBase, suffixedSlug, uniqueTermSlugCandidates } from '../../../../core/src/category-slug';
import { ServiceError } from '../../../../core/src/errors';
import { localeParams } from '../../../../core/src/locale';
import type { PublishTarget } from '../../../../core/src/publish-target';
import {
  planCategoryValues,
  unfillableCategoryReason,
} from '../../../../core/src/target-profile/category-values';
import type { CategoryLinks, CategoryName } from '../../../../core/src/target-profile/derive';
import { fieldLimits, fitValue, STRING_MAX_LENGTH } from '../../../../core/src/target-profile/fit';
import type { CategoryType, RelatedType } from '../../../../core/src/target-profile/profile';
import { describeValidationFailure } from '../../../../core/src/write-failure';
import { documentsOf } from '../../strapi/documents';
import type { CategoryMatch, CategoryRow, NamedType } from './category-store';
import type { PostData } from '../posts/posts';
import type { CategoryPlan } from '../publish/types';
import type { Collaborators } from '../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'categoryStore'>;

export type { CategoryPlan };

/** Alternatives tried for a taken slug (`-2` ... `-N`) before one made of the time is used. */
const MAX_SLUG_SUFFIX = 100;

/**
 * A category's lock is keyed on its own slug, the first one it would be created with: slugs are what
 * must stay unique (a child's included: "Tomatoes" under two parents compete for `tomatoes`), and
 * names that match case-insensitively share a slug, so find-or-create by name is covered too.
 */
const lockName = (slugBase: string) => `category:${slugBase}`;

const slugMaxLength = (type: NamedType) =>
  (type.slug && fieldLimits(type.slug.attribute).maxLength) || STRING_MAX_LENGTH;

/**
 * Related entries found by name: categories, tags and the default author. Categories and tags: ids win over names; names are found case-insensitively or created, a
 * sub-category under its category. A new entry gets its own name's slug, a child's too, as WordPress
 * does; a slug already used under the same parent means that entry ("Hello!" after "Hello?"); a slug
 * used elsewhere is made unique as wp_unique_term_slug does (`tomatoes-gardening`, then `-2`).
 * An entry that cannot be created (a required field nothing fills, a value Strapi refuses) is left
 * out with a warning: a category or tag never fails a publish.
 */
const categoryResolver = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const store = () => uses.categoryStore;

  /**
   * The entry to reuse (one with this slug under the same parent) or the free slug for a new one in
   * `locale` (uid fields are unique per locale), trying `base` and its WordPress alternatives in turn.
   * Runs under the lock of `base`.
   */
  async function slugFor(
    type: NamedType,
    base: string,
    parentDocumentId: string | undefined,
    locale: string | undefined
  ): Promise<{ reuse: CategoryMatch } | { slug: string }> {
    const parentSlug = parentDocumentId
      ? await store().findSlugOf(type, parentDocumentId, locale)
      : undefined;
    const candidates = uniqueTermSlugCandidates(
      base,
      parentSlug ? [parentSlug] : [],
      slugMaxLength(type),
      MAX_SLUG_SUFFIX
    );
    for (const candidate of candidates) {
      const bySlug = await store().findCategoriesBySlug(type, candidate, locale);
      const sameParent = bySlug.find((row) => (row.parentDocumentId ?? undefined) === parentDocumentId);
      if (sameParent) return { reuse: sameParent };
      if (!bySlug.length) return { slug: candidate };
    }
    return { slug: suffixedSlug(base, Date.now(), slugMaxLength(type)) };
  }

  /** Creates an entry in `locale`, or says why not (a refused value): the caller leaves it out. */
  async function create(
    type: NamedType,
    values: PostData,
    entry: { name: string; slugBase: string; parentDocumentId: string | undefined },
    locale: string | undefined,
    warnings: string[]
  ) {
    const { name, slugBase, parentDocumentId } = entry;
    const chosen = await slugFor(type, slugBase, parentDocumentId, locale);
    if ('reuse' in chosen) return chosen.reuse;
    const { slug } = chosen;
    try {
      return await store().createCategory(type, values, { name, slug, parentDocumentId }, locale);
    } catch (error) {
      const refused = describeValidationFailure(error);
      if (refused === undefined) throw error;
      warnings.push(`"${name}" was not created in ${type.uid} and not linked: Strapi said ${refused}.`);
      return undefined;
    }
  }

  /**
   * The category `name` under `parentDocumentId` (none: top level) in `locale`: a top-level one first,
   * failing that any of that name. Where the parents matter (a top-level name matching more than one
   * entry of a type with parents) they are read; otherwise one plain lookup (issue #30: this runs in
   * every publish's plan).
   */
  async function findCategory(
    type: CategoryType,
    name: string,
    parentDocumentId: string | undefined,
    locale: string | undefined
  ): Promise<CategoryRow | undefined> {
    const planned = planCategoryValues(type, name);
    const fittedName = type.name ? String(planned.values[type.name.field] ?? name) : name;
    if (!parentDocumentId) {
      const rows = await store().findCategoryRowsByName(type, fittedName, locale);
      if (rows.length <= 1 || !type.parent) return rows[0];
    }
    const byName = await store().findCategoriesByName(type, fittedName, locale, parentDocumentId);
    const preferred: CategoryMatch[] = parentDocumentId
      ? byName
      : [...byName.filter((row) => !row.hasParent), ...byName.filter((row) => row.hasParent)];
    return preferred[0];
  }

  /**
   * The rows of names that all exist already in `locale`, found without a lock; undefined when one is
   * missing (then the publish takes the names' locks and finds or creates them in its transaction).
   */
  async function findAllExisting(
    type: CategoryType,
    names: CategoryName[],
    locale: string | undefined
  ): Promise<CategoryRow[] | undefined> {
    const rows: CategoryRow[] = [];
    for (const { name, parent } of names) {
      const parentRow =
        parent && type.parent ? await findCategory(type, parent, undefined, locale) : undefined;
      if (parent && type.parent && !parentRow) return undefined;
      const row = await findCategory(type, name, parentRow?.documentId, locale);
      if (!row) return undefined;
      if (!rows.some((entry) => entry.documentId === row.documentId)) rows.push(row);
    }
    return rows;
  }

  /** The category `name` under `parentDocumentId` (none: top level) in `locale`, found or created; undefined when it cannot be. */
  async function findOrCreateCategory(
    type: CategoryType,
    name: string,
    parentDocumentId: string | undefined,
    locale: string | undefined,
    warnings: string[]
  ): Promise<CategoryRow | undefined> {
    const planned = planCategoryValues(type, name);
    const fittedName = type.name ? String(planned.values[type.name.field] ?? name) : name;
    const found = await findCategory(type, name, parentDocumentId, locale);
    if (found) return found;
    if (planned.unfillable.length) {
      warnings.push(
        `The category "${name}" was not created and not linked: ${unfillableCategoryReason(type, planned.unfillable)}.`
      );
      return undefined;
    }
    warnings.push(...planned.warnings);
    return create(
      type,
      planned.values,
      { name: fittedName, slugBase: categorySlugBase(name), parentDocumentId },
      locale,
      warnings
    );
  }

  return {
    /**
     * Checks ids up front (400 naming unknown ones) so nothing is written for a bad request. On a
     * localized category type, ids and names are of the article's `locale`.
     */
    async plan(
      links: CategoryLinks,
      target: PublishTarget,
      locale: string | undefined,
      warnings: string[]
    ): Promise<CategoryPlan> {
      const role = target.categories;
      if (links.kind === 'none' || role?.kind !== 'relation') return { kind: 'none' };
      if (links.kind === 'names') {
        if (!role.type.name) {
          warnings.push(
            `Categories were not assigned: ${role.type.uid} has no name field to find or create them by.`
          );
          return { kind: 'none' };
        }
        // Categories that exist already need no lock: publishes into one category do not queue behind each other.
        const existing = await findAllExisting(role.type, links.names, locale);
        if (existing) return { kind: 'existing', rows: existing };
        return { kind: 'names', type: role.type, names: links.names, locale };
      }
      const rows = await store().findCategoriesByIds(role.type, links.ids, locale);
      const found = new Map(rows.map((row) => [row.id, row]));
      const unknown = links.ids.filter((id) => !found.has(id));
      if (unknown.length) {
        throw new ServiceError(
          'bad_request',
          `Invalid publish request: categories contains unknown ids: ${unknown.join(', ')}.`
        );
      }
      return { kind: 'existing', rows: links.ids.map((id) => found.get(id) as CategoryRow) };
    },

    /** Locks that make find-or-create of these names safe against a concurrent publish. */
    lockNames(plan: CategoryPlan, tags: string[] = []): string[] {
      const names = tags.map((tag) => lockName(`tag:${categorySlugBase(tag)}`));
      if (plan.kind !== 'names') return names;
      for (const { name, parent } of plan.names) {
        if (parent) names.push(lockName(categorySlugBase(parent)));
        names.push(lockName(categorySlugBase(name)));
        // The alternative a child takes when its own slug is used elsewhere (`tomatoes-gardening`).
        if (parent) names.push(lockName(categorySlugBase(`${name} ${parent}`)));
      }
      return [...new Set(names)];
    },

    /** Runs inside the publish transaction, holding the locks of `lockNames`: the rows to link, in order. */
    async apply(plan: CategoryPlan, warnings: string[]): Promise<CategoryRow[]> {
      if (plan.kind === 'none') return [];
      if (plan.kind === 'existing') return plan.rows;
      const { type, locale } = plan;
      const linked: CategoryRow[] = [];
      for (const { name, parent } of plan.names) {
        // A sub-category sits under its category when the type has a parent relation (the category itself is linked only when listed).
        const parentRow =
          parent && type.parent
            ? await findOrCreateCategory(type, parent, undefined, locale, warnings)
            : undefined;
        const row = await findOrCreateCategory(type, name, parentRow?.documentId, locale, warnings);
        if (row && !linked.some((entry) => entry.documentId === row.documentId)) linked.push(row);
      }
      return linked;
    },

    /**
     * The author relation's configured default: a `defaults` documentId of the author type, or a name
     * found in it (case-insensitive); else the `authorEntry` setting's entry, by id or documentId.
     */
    async findAuthor(
      target: PublishTarget,
      locale: string | undefined,
      warnings: string[]
    ): Promise<string | undefined> {
      const role = target.author;
      if (!role) return undefined;
      if (!target.authorDefault) {
        if (target.authorEntry === undefined) return undefined;
        const filters =
          typeof target.authorEntry === 'number'
            ? { id: target.authorEntry }
            : { documentId: target.authorEntry };
        // An id names one row: a draft's or, on a type with draft and publish, a published version's.
        const statuses = role.type.draftAndPublish ? ['draft', 'published'] : [undefined];
        for (const status of statuses) {
          const entry = await documentsOf(strapi, role.type.uid).findFirst({
            filters,
            fields: ['id'],
            ...(status ? { status } : {}),
            ...localeParams(role.type, locale),
          });
          if (entry) return entry.documentId;
        }
        warnings.push(
          `The authorEntry setting's entry ${JSON.stringify(target.authorEntry)} was not found in ${role.type.uid}; the post has no author.`
        );
        return undefined;
      }
      const byId = await documentsOf(strapi, role.type.uid).findFirst({
        filters: { documentId: target.authorDefault },
        fields: ['id'],
        ...localeParams(role.type, locale),
      });
      if (byId) return target.authorDefault;
      const [byName] = await store().findCategoriesByName(role.type, target.authorDefault, locale);
      if (byName) return byName.documentId;
      warnings.push(
        `The default author "${target.authorDefault}" was not found in ${role.type.uid}; the post has no author.`
      );
      return undefined;
    },

    /** Tags by name (case-insensitive) in `locale`, created when missing; one that cannot be created is left out with a warning. */
    async applyTags(
      type: RelatedType,
      names: string[],
      locale: string | undefined,
      warnings: string[]
    ): Promise<CategoryRow[]> {
      const nameField = type.name;
      if (!nameField) {
        if (names.length) warnings.push(`Tags were not assigned: ${type.uid} has no name field.`);
        return [];
      }
      const rows: CategoryRow[] = [];
      for (const name of names) {
        const fitted = fitValue(`${type.uid} ${nameField.field}`, nameField.attribute, name);
        if (fitted.value === undefined) {
          warnings.push(...fitted.warnings);
          continue;
        }
        const [found] = await store().findCategoryRowsByName(type, String(fitted.value), locale);
        const row =
          found ??
          (await create(
            type,
            { [nameField.field]: fitted.value },
            { name: String(fitted.value), slugBase: categorySlugBase(name), parentDocumentId: undefined },
            locale,
            warnings
          ));
        if (row && !rows.some((entry) => entry.documentId === row.documentId)) rows.push(row);
      }
      return rows;
    },
  };
};

export type CategoryResolverService = ReturnType<typeof categoryResolver>;
export default categoryResolver;
