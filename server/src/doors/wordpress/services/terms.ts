import type { Core } from '@strapi/strapi';
import {
  categorySlugBase,
  suffixedSlug,
  uniqueTermSlugCandidates,
} from '../../../../../core/src/category-slug';
import type { EffectiveConfig } from '../../../../../core/src/config';
import { localeParams } from '../../../../../core/src/locale';
import type { PublishTarget } from '../../../../../core/src/publish-target';
import {
  planCategoryValues,
  unfillableCategoryReason,
} from '../../../../../core/src/target-profile/category-values';
import { fieldLimits, STRING_MAX_LENGTH } from '../../../../../core/src/target-profile/fit';
import type { CategoryType } from '../../../../../core/src/target-profile/profile';
import { toSlug } from '../../../../../core/src/slug';
import { WordPressError } from '../../../../../core/src/wordpress/errors';
import { keepsTerms, keptTermsWarning } from '../../../../../core/src/wordpress/kept-terms';
import type { ListQuery } from '../../../../../core/src/wordpress/list-query';
import type { TermRequest } from '../../../../../core/src/wordpress/term-request';
import type { Taxonomy, TermView } from '../../../../../core/src/wordpress/term-json';
import { documentsOf, type DocumentRow } from '../../../strapi/documents';
import type { KeptScope } from '../../../pipeline/categories/kept-terms';
import type { KeptTermLinks } from '../../../pipeline/publish/types';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<
  Collaborators,
  'categoryStore' | 'keptTerms' | 'locks' | 'siteLocales' | 'targetSchema'
>;

/** Where a taxonomy's terms live on this site: the target's category or tag type, in the delivery locale. */
interface TermStore {
  /** Null when the target has no relation for this taxonomy: the plugin keeps its terms (`kept`). */
  type: CategoryType | null;
  locale: string | undefined;
  kept: KeptScope;
}

/** The terms answered for a list, and how many there are in all. */
export interface TermPage {
  terms: TermView[];
  total: number;
}

/** A post request's terms, checked, as the publish pipeline takes them. */
export interface PostTerms {
  /** Category entry ids of the target's relation. */
  categoryIds: number[];
  /** The names of plugin-kept categories (the target has no category relation). */
  categoryNames?: string[];
  tagNames: string[];
  /** For the activity log: where the names of plugin-kept terms went. */
  warnings: string[];
}

/**
 * WordPress's categories and tags onto the target profile's category and tag types. A term's id is the
 * entry's id; a category's parent is the category type's parent relation. Creates follow WordPress:
 * an existing name (under the same parent) is `400 term_exists` with the existing term's id. Where the
 * target has no relation for a taxonomy, the plugin keeps its terms itself (kept-terms.ts).
 */
const wordpressTerms = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const keptTerms = () => uses.keptTerms;
  async function storeOf(taxonomy: Taxonomy, config: EffectiveConfig): Promise<TermStore> {
    const target: PublishTarget = uses.targetSchema.requireUsable(config);
    const { locale } = await uses.siteLocales.choose(target, config, undefined);
    const role = taxonomy === 'category' ? target.categories : target.tags;
    const kept = { taxonomy, targetUid: target.uid, locale };
    if (role?.kind !== 'relation') return { type: null, locale, kept };
    const type = role.type as Partial<CategoryType> & typeof role.type;
    return {
      type: { ...type, parent: type.parent ?? null, otherRequired: type.otherRequired ?? [] },
      locale,
      kept,
    };
  }

  const scope = (type: CategoryType, locale: string | undefined) => ({
    ...(type.draftAndPublish ? { status: 'published' } : {}),
    ...localeParams(type, locale),
  });

  function viewOf(type: CategoryType, row: DocumentRow): TermView {
    const parent = type.parent ? (row[type.parent] as { id?: number } | null | undefined) : undefined;
    const name = type.name ? String(row[type.name.field] ?? '') : '';
    return {
      id: row.id,
      name,
      slug: type.slug ? String(row[type.slug.field] ?? '') : toSlug(name),
      parent: parent?.id ?? 0,
      description: '',
      count: 0,
    };
  }

  const populateParent = (type: CategoryType) =>
    type.parent ? { populate: { [type.parent]: { fields: ['id'] } } } : {};

  /**
   * A new term's slug when the request names none, as wp_unique_term_slug picks it: its own name's
   * (`tomatoes`), else with its ancestors' slugs appended (`tomatoes-gardening`), else numbered (`-2`).
   */
  async function freeTermSlug(
    type: CategoryType,
    base: string,
    parent: DocumentRow | null,
    locale: string | undefined,
    taken: (slug: string) => Promise<boolean>
  ): Promise<string> {
    if (!(await taken(base))) return base;
    const ancestorSlugs: string[] = [];
    const seen = new Set<number>();
    for (let row = parent; row && !seen.has(row.id) && ancestorSlugs.length < 10; ) {
      seen.add(row.id);
      const view = viewOf(type, row);
      ancestorSlugs.push(view.slug);
      row = view.parent ? await findById(type, view.parent, locale) : null;
    }
    const maxLength = (type.slug && fieldLimits(type.slug.attribute).maxLength) || STRING_MAX_LENGTH;
    for (const candidate of uniqueTermSlugCandidates(base, ancestorSlugs, maxLength, 100)) {
      if (!(await taken(candidate))) return candidate;
    }
    return suffixedSlug(base, Date.now(), maxLength);
  }

  async function findById(
    type: CategoryType,
    id: number,
    locale: string | undefined
  ): Promise<DocumentRow | null> {
    return documentsOf(strapi, type.uid).findFirst({
      filters: { id },
      ...populateParent(type),
      ...scope(type, locale),
    });
  }

  /** Entries of this name under this parent (0: top level), as WordPress's term_exists finds them. */
  async function findExisting(
    type: CategoryType,
    name: string,
    parentId: number,
    locale: string | undefined
  ) {
    if (!type.name) return null;
    const parentFilter = type.parent
      ? { [type.parent]: parentId ? { id: parentId } : { id: { $null: true } } }
      : {};
    return documentsOf(strapi, type.uid).findFirst({
      filters: { [type.name.field]: { $eqi: name.trim() }, ...parentFilter },
      ...scope(type, locale),
    });
  }

  /** The terms of these ids, all known, or a 400 naming the unknown ones (as WordPress's rest_invalid_param). */
  async function termsOfRequest(
    request: { categories?: number[]; tags?: number[] },
    config: EffectiveConfig
  ) {
    const ids = (list: number[] | undefined) => [...new Set(list ?? [])];
    const [categories, tags] = await Promise.all([
      api.findByIds('category', ids(request.categories), config),
      api.findByIds('post_tag', ids(request.tags), config),
    ]);
    const params: Record<string, string> = {};
    if (categories.missing.length)
      params.categories = `Invalid term ID(s): ${categories.missing.join(', ')}.`;
    if (tags.missing.length) params.tags = `Invalid term ID(s): ${tags.missing.join(', ')}.`;
    if (Object.keys(params).length) {
      throw new WordPressError(
        'rest_invalid_param',
        `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
        400,
        { data: { params } }
      );
    }
    return { categories: categories.found, tags: tags.found };
  }

  const api = {
    async list(taxonomy: Taxonomy, query: ListQuery, config: EffectiveConfig): Promise<TermPage> {
      const { type, locale, kept } = await storeOf(taxonomy, config);
      if (!type) return keptTerms().list(kept, query);
      const filters: Record<string, unknown> = {};
      if (query.search && type.name) filters[type.name.field] = { $containsi: query.search };
      if (query.slug?.length && type.slug) filters[type.slug.field] = { $in: query.slug };
      if (query.parent !== undefined && type.parent)
        filters[type.parent] = query.parent ? { id: query.parent } : { id: { $null: true } };
      const documents = documentsOf(strapi, type.uid) as ReturnType<typeof documentsOf> & {
        count(params: object): Promise<number>;
      };
      const [rows, total] = await Promise.all([
        documents.findMany({
          filters,
          sort: 'id:asc',
          start: (query.page - 1) * query.per_page,
          limit: query.per_page,
          ...populateParent(type),
          ...scope(type, locale),
        }),
        documents.count({ filters, ...scope(type, locale) }),
      ]);
      return { terms: rows.map((row) => viewOf(type, row)), total };
    },

    async get(taxonomy: Taxonomy, id: number, config: EffectiveConfig): Promise<TermView> {
      const { type, locale, kept } = await storeOf(taxonomy, config);
      const term = type
        ? await findById(type, id, locale).then((row) => row && viewOf(type, row))
        : await keptTerms().get(kept, id);
      if (!term) throw new WordPressError('rest_term_invalid', 'Term does not exist.', 404);
      return term;
    },

    /** The entries of these ids, in the order asked; the ids no entry has are returned apart. */
    async findByIds(taxonomy: Taxonomy, ids: number[], config: EffectiveConfig) {
      const { type, locale, kept } = await storeOf(taxonomy, config);
      if (!type) return keptTerms().findByIds(kept, ids);
      if (!ids.length) return { found: [] as TermView[], missing: [] };
      const rows = await documentsOf(strapi, type.uid).findMany({
        filters: { id: { $in: ids } },
        ...scope(type, locale),
      });
      const found = ids.flatMap((id) => rows.filter((row) => row.id === id).map((row) => viewOf(type, row)));
      return { found, missing: ids.filter((id) => !rows.some((row) => row.id === id)) };
    },

    async create(taxonomy: Taxonomy, request: TermRequest, config: EffectiveConfig): Promise<TermView> {
      const { type, locale, kept } = await storeOf(taxonomy, config);
      if (!type) return keptTerms().create(kept, request);
      const parentId = taxonomy === 'category' && type.parent ? (request.parent ?? 0) : 0;
      const parent = parentId ? await findById(type, parentId, locale) : null;
      if (parentId && !parent)
        throw new WordPressError('rest_term_invalid', 'Parent term does not exist.', 400);
      const base = request.slug ? toSlug(request.slug) : categorySlugBase(request.name);
      // Under the lock the publish pipeline takes for a new category's slug: one creation at a time.
      return uses.locks.withLocks([`category:${base}`], async () => {
        const existing = await findExisting(type, request.name, parentId, locale);
        if (existing) {
          throw new WordPressError(
            'term_exists',
            'A term with the name provided already exists with this parent.',
            400,
            { data: { term_id: existing.id }, additionalData: [existing.id] }
          );
        }
        const slugTaken = async (candidate: string) =>
          Boolean(
            type.slug &&
            (await documentsOf(strapi, type.uid).findFirst({
              filters: { [type.slug.field]: candidate },
              ...scope(type, locale),
            }))
          );
        if (request.slug && (await slugTaken(base)))
          throw new WordPressError(
            'duplicate_term_slug',
            `The slug "${base}" is already in use by another term.`,
            400
          );
        const slug = request.slug ? base : await freeTermSlug(type, base, parent, locale, slugTaken);
        const planned = planCategoryValues(type, request.name);
        if (planned.unfillable.length) {
          throw new WordPressError(
            'rest_term_invalid',
            `The term cannot be created: ${unfillableCategoryReason(type, planned.unfillable)}.`,
            400
          );
        }
        const created = await uses.categoryStore.createCategory(
          type,
          planned.values,
          { name: request.name, slug, parentDocumentId: parent?.documentId },
          locale
        );
        const row = await findById(type, created.id, locale);
        return row
          ? viewOf(type, row)
          : { id: created.id, name: created.name, slug, parent: parentId, description: '', count: 0 };
      });
    },

    /** A post request's categories and tags, checked; plugin-kept ones as names, with where they go. */
    async resolvePostTerms(
      request: { categories?: number[]; tags?: number[] },
      config: EffectiveConfig
    ): Promise<PostTerms> {
      const target: PublishTarget = uses.targetSchema.requireUsable(config);
      const { categories, tags } = await termsOfRequest(request, config);
      const names = (terms: TermView[]) => terms.map((term) => term.name);
      const keptCategories = keepsTerms(target, 'category');
      const warnings = [
        keptCategories ? keptTermsWarning(target, 'category', names(categories)) : undefined,
        keepsTerms(target, 'post_tag') ? keptTermsWarning(target, 'post_tag', names(tags)) : undefined,
      ].filter((warning): warning is string => warning !== undefined);
      return {
        categoryIds: keptCategories ? [] : categories.map((term) => term.id),
        ...(keptCategories ? { categoryNames: names(categories) } : {}),
        tagNames: names(tags),
        warnings,
      };
    },

    /**
     * The plugin-kept terms a post request names, per taxonomy sent (each replaces its links; one not
     * sent keeps them), which the publish writes with the post. Taxonomies the target has a relation
     * for are the relation's: none here.
     */
    async keptLinksOf(
      request: { categories?: number[]; tags?: number[] },
      config: EffectiveConfig
    ): Promise<KeptTermLinks[]> {
      const sent: Array<[Taxonomy, number[] | undefined]> = [
        ['category', request.categories],
        ['post_tag', request.tags],
      ];
      const links: KeptTermLinks[] = [];
      for (const [taxonomy, termIds] of sent) {
        if (!termIds) continue;
        const { type } = await storeOf(taxonomy, config);
        if (!type) links.push({ taxonomy, termIds });
      }
      return links;
    },

    /** The plugin-kept term ids of these posts, for the taxonomies the target has no relation for. */
    async keptOfPosts(target: PublishTarget, locale: string | undefined, documentIds: string[]) {
      const taxonomies = (['category', 'post_tag'] as const).filter((taxonomy) =>
        keepsTerms(target, taxonomy)
      );
      const kept = await keptTerms().termsOfPosts(target.uid, locale, taxonomies, documentIds);
      return (documentId: string) => {
        const terms = kept.get(documentId);
        return {
          ...(taxonomies.includes('category') ? { categories: terms?.category ?? [] } : {}),
          ...(taxonomies.includes('post_tag') ? { tags: terms?.post_tag ?? [] } : {}),
        };
      };
    },
  };
  return api;
};

export type WordPressTermsService = ReturnType<typeof wordpressTerms>;
export default wordpressTerms;
