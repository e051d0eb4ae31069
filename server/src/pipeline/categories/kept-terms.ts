import type { Core } from '@strapi/strapi';
import { termSlugCandidates } from '../../../../core/src/wordpress/kept-terms';
import { WordPressError } from '../../../../core/src/wordpress/errors';
import type { ListQuery } from '../../../../core/src/wordpress/list-query';
import type { TermRequest } from '../../../../core/src/wordpress/term-request';
import type { Taxonomy, TermView } from '../../../../core/src/wordpress/term-json';
import { WORDPRESS_TERM_LINK_UID, WORDPRESS_TERM_UID } from '../../common/plugin-tables';
import type { Collaborators } from '../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'locks'>;

/** Where a plugin-kept taxonomy lives: its target and the delivery locale (none on an unlocalized target). */
export interface KeptScope {
  taxonomy: Taxonomy;
  targetUid: string;
  locale: string | undefined;
}

interface TermRow {
  id: number;
  name: string;
  slug: string;
  parentTermId: number | null;
  description: string | null;
}

interface LinkRow {
  targetDocumentId: string;
  taxonomy: Taxonomy;
  termId: number;
}

const viewOf = (row: TermRow): TermView => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  parent: row.parentTermId ?? 0,
  description: row.description ?? '',
  count: 0,
});

const localeWhere = (locale: string | undefined) => (locale ? locale : { $null: true });

/**
 * The categories and tags the plugin keeps itself, for a target without a relation for them
 * (docs/wordpress.md): rows of its hidden `wordpress-term` type, whose ids are the terms' ids, and
 * `wordpress-term-link` rows linking them to posts. Nothing is held in memory: every instance reads
 * the same tables.
 */
const keptTerms = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const terms = () => strapi.db.query(WORDPRESS_TERM_UID);
  const links = () => strapi.db.query(WORDPRESS_TERM_LINK_UID);
  const scopeWhere = (scope: KeptScope) => ({
    taxonomy: scope.taxonomy,
    targetUid: scope.targetUid,
    targetLocale: localeWhere(scope.locale),
  });

  async function findById(scope: KeptScope, id: number): Promise<TermRow | null> {
    return (await terms().findOne({ where: { ...scopeWhere(scope), id } })) as TermRow | null;
  }

  async function slugTaken(scope: KeptScope, slug: string): Promise<boolean> {
    return (await terms().count({ where: { ...scopeWhere(scope), slug } })) > 0;
  }

  return {
    async list(scope: KeptScope, query: ListQuery): Promise<{ terms: TermView[]; total: number }> {
      const where: Record<string, unknown> = { ...scopeWhere(scope) };
      if (query.search)
        where.$or = [{ name: { $containsi: query.search } }, { slug: { $containsi: query.search } }];
      if (query.slug?.length) where.slug = { $in: query.slug };
      if (query.parent !== undefined && scope.taxonomy === 'category') where.parentTermId = query.parent;
      const [rows, total] = await Promise.all([
        terms().findMany({
          where,
          // WordPress lists terms by name unless asked otherwise.
          orderBy: [{ name: 'asc' }, { id: 'asc' }],
          offset: (query.page - 1) * query.per_page,
          limit: query.per_page,
        }),
        terms().count({ where }),
      ]);
      return { terms: (rows as TermRow[]).map(viewOf), total };
    },

    async get(scope: KeptScope, id: number): Promise<TermView | null> {
      const row = await findById(scope, id);
      return row ? viewOf(row) : null;
    },

    async findByIds(scope: KeptScope, ids: number[]) {
      const rows = ids.length
        ? ((await terms().findMany({ where: { ...scopeWhere(scope), id: { $in: ids } } })) as TermRow[])
        : [];
      const found = ids.flatMap((id) => rows.filter((row) => row.id === id).map(viewOf));
      return { found, missing: ids.filter((id) => !rows.some((row) => row.id === id)) };
    },

    /** WordPress's wp_insert_term: an existing name under the same parent is `term_exists` with its id. */
    async create(scope: KeptScope, request: TermRequest): Promise<TermView> {
      const name = request.name.trim();
      const parentId = scope.taxonomy === 'category' ? (request.parent ?? 0) : 0;
      const parent = parentId ? await findById(scope, parentId) : null;
      if (parentId && !parent)
        throw new WordPressError('rest_term_invalid', 'Parent term does not exist.', 400);
      const lockName = `wordpress-term:${scope.targetUid}:${scope.taxonomy}:${scope.locale ?? ''}`;
      // One creation at a time per taxonomy, across instances: a name or slug is checked then taken.
      return uses.locks.withLocks([lockName], async () => {
        const existing = (await terms().findOne({
          where: { ...scopeWhere(scope), name: { $eqi: name }, parentTermId: parentId },
        })) as TermRow | null;
        if (existing) {
          const message =
            scope.taxonomy === 'category'
              ? 'A term with the name provided already exists with this parent.'
              : 'A term with the name provided already exists in this taxonomy.';
          throw new WordPressError('term_exists', message, 400, {
            data: { term_id: existing.id },
            additionalData: [existing.id],
          });
        }
        const candidates = termSlugCandidates(name, request.slug, parent?.slug);
        let slug: string | undefined;
        for (const candidate of candidates) {
          if (!(await slugTaken(scope, candidate))) {
            slug = candidate;
            break;
          }
        }
        if (!slug)
          throw new WordPressError(
            'duplicate_term_slug',
            `The slug "${candidates[0]}" is already in use by another term.`,
            400
          );
        const created = (await terms().create({
          data: {
            taxonomy: scope.taxonomy,
            targetUid: scope.targetUid,
            targetLocale: scope.locale ?? null,
            name,
            slug,
            parentTermId: parentId,
            description: request.description ?? '',
          },
        })) as TermRow;
        return viewOf(created);
      });
    },

    /** Replaces the terms of this taxonomy linked to a post by these (in this order). */
    async linkPost(scope: KeptScope, documentId: string, termIds: number[]): Promise<void> {
      const post = { ...scopeWhere(scope), targetDocumentId: documentId };
      const ids = [...new Set(termIds)];
      // The old links and the new go together: a reader never sees a post with half its terms.
      await strapi.db.transaction(async () => {
        await links().deleteMany({ where: post });
        if (!ids.length) return;
        await links().createMany({
          data: ids.map((termId, position) => ({
            taxonomy: scope.taxonomy,
            targetUid: scope.targetUid,
            targetDocumentId: documentId,
            targetLocale: scope.locale ?? null,
            termId,
            position,
          })),
        });
      });
    },

    /** The plugin-kept term ids linked to each of these posts, per taxonomy, in the order they were sent. */
    async termsOfPosts(
      targetUid: string,
      locale: string | undefined,
      taxonomies: Taxonomy[],
      documentIds: string[]
    ): Promise<Map<string, Partial<Record<Taxonomy, number[]>>>> {
      const answer = new Map<string, Partial<Record<Taxonomy, number[]>>>();
      if (!taxonomies.length || !documentIds.length) return answer;
      const rows = (await links().findMany({
        where: {
          targetUid,
          targetLocale: localeWhere(locale),
          taxonomy: { $in: taxonomies },
          targetDocumentId: { $in: documentIds },
        },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
      })) as LinkRow[];
      for (const row of rows) {
        const post = answer.get(row.targetDocumentId) ?? {};
        (post[row.taxonomy] ??= []).push(row.termId);
        answer.set(row.targetDocumentId, post);
      }
      return answer;
    },
  };
};

export type KeptTermsService = ReturnType<typeof keptTerms>;
export default keptTerms;
