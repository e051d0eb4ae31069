import type { Core } from '@strapi/strapi';
import { articleOptions, type EffectiveConfig } from '../../../../../core/src/config';
import { localeParams } from '../../../../../core/src/locale';
import { renderPostUrl } from '../../../../../core/src/post-url';
import type { PublishTarget } from '../../../../../core/src/publish-target';
import type { ListQuery } from '../../../../../core/src/wordpress/list-query';
import { renderedExcerpt } from '../../../../../core/src/wordpress/post-html';
import type { PostView } from '../../../../../core/src/wordpress/post-json';
import { documentsOf, type DocumentRow } from '../../../strapi/documents';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<
  Collaborators,
  'articleWork' | 'deliveries' | 'schedules' | 'siteInfo' | 'wordpressTerms'
>;

/** What a post's status, date, SEO keys and revisions are read from besides its entry. */
interface PostState {
  status: PostView['status'];
  /** While a schedule waits: its time. */
  publishAt: Date | undefined;
  meta: Record<string, string>;
  /** The excerpt the WordPress door kept (for a target without a summary field). */
  excerpt: string;
  revisions: number;
}

const idsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .map((entry) => (entry as { id?: unknown }).id)
    .filter((id): id is number => typeof id === 'number');

/**
 * The target's entries as WordPress shows its posts: a post's status (published, scheduled, pending
 * or draft, from the entry, the schedules and the ledger), its SEO keys, revisions and terms, and the
 * pages of a list by status. Reads only; the `wordpress-posts` service writes.
 */
export const wordpressPostViews = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const draftScope = (target: PublishTarget, locale: string | undefined) => ({
    ...(target.draftAndPublish ? { status: 'draft' } : {}),
    ...localeParams(target, locale),
  });

  function populateOf(target: PublishTarget): Record<string, unknown> {
    const populate: Record<string, unknown> = {};
    if (target.featuredImage) populate[target.featuredImage.field] = { fields: ['id'] };
    if (target.categories?.kind === 'relation') populate[target.categories.field] = { fields: ['id'] };
    if (target.tags?.kind === 'relation') populate[target.tags.field] = { fields: ['id'] };
    // A zone body is served as HTML: its components with their media (core/src/body/zone-to-html).
    if (target.body?.body.format === 'zone') populate[target.body.field] = { populate: '*' };
    return populate;
  }

  /** The documents (of `documentIds`) that have a published version. */
  async function publishedOf(target: PublishTarget, documentIds: string[], locale: string | undefined) {
    if (!target.draftAndPublish) return new Set(documentIds);
    if (!documentIds.length) return new Set<string>();
    const rows = await documentsOf(strapi, target.uid).findMany({
      filters: { documentId: { $in: documentIds } },
      status: 'published',
      fields: ['documentId'],
      ...localeParams(target, locale),
    });
    return new Set(rows.map((row) => row.documentId));
  }

  /** The body as the HTML WordPress serves (off the event loop for a large one: article-work). */
  function bodyHtmlOf(target: PublishTarget, config: EffectiveConfig, row: DocumentRow): Promise<string> {
    if (!target.body) return Promise.resolve('');
    return uses.articleWork.renderStoredBody(target.body, row[target.body.field], {
      sanitize: articleOptions(config).sanitize,
      uploadsOrigin: String(strapi.config.get('server.absoluteUrl', '')),
    });
  }

  function viewOf(
    target: PublishTarget,
    config: EffectiveConfig,
    row: DocumentRow,
    published: boolean,
    content: string
  ): Omit<PostView, 'excerpt'> {
    const text = (field: string | undefined) =>
      field && typeof row[field] === 'string' ? (row[field] as string) : '';
    const slug = target.slug ? text(target.slug.field) : '';
    const featured = target.featuredImage
      ? (row[target.featuredImage.field] as { id?: number } | null)
      : null;
    const siteUrl = uses.siteInfo.siteUrl(config);
    return {
      id: row.id,
      slug,
      status: published ? 'publish' : 'draft',
      title: text(target.title?.field),
      content,
      date:
        (target.date && (row[target.date.field] as string | null)) ||
        (row.publishedAt as string | null) ||
        (row.createdAt as string | null) ||
        null,
      modified: (row.updatedAt as string | null) ?? null,
      link: renderPostUrl(config.postUrlTemplate, { siteUrl, slug, documentId: row.documentId, id: row.id }),
      authorId: 1,
      featuredMedia: featured?.id ?? 0,
      categories: target.categories?.kind === 'relation' ? idsOf(row[target.categories.field]) : [],
      tags: target.tags?.kind === 'relation' ? idsOf(row[target.tags.field]) : [],
      meta: {},
      revisions: 0,
    };
  }

  /**
   * Each post's state as WordPress shows it: `future` while a schedule waits (its time as the date),
   * `pending` for a draft last delivered as pending, its SEO keys and revision count (the updates the
   * ledger recorded).
   */
  async function statesOf(
    target: PublishTarget,
    locale: string | undefined,
    rows: Array<Pick<DocumentRow, 'id' | 'documentId'>>,
    published: Set<string>
  ): Promise<Map<number, PostState>> {
    const postIds = rows.map((row) => row.id);
    const [updates, latest, waiting] = await Promise.all([
      uses.deliveries.countUpdates(target.uid, postIds),
      uses.deliveries.latestOfPosts(target.uid, postIds),
      uses.schedules.waitingFor(
        target.uid,
        rows.map((row) => row.documentId),
        locale
      ),
    ]);
    const states = new Map<number, PostState>();
    for (const row of rows) {
      const isPublished = published.has(row.documentId);
      const publishAt = isPublished ? undefined : waiting.get(row.documentId);
      const last = latest.get(row.id);
      const status: PostState['status'] = isPublished
        ? 'publish'
        : publishAt
          ? 'future'
          : last?.requestedStatus === 'pending'
            ? 'pending'
            : 'draft';
      states.set(row.id, {
        status,
        publishAt,
        meta: last?.wordpressMeta ?? {},
        excerpt: last?.wordpressExcerpt ?? '',
        revisions: updates.get(row.id) ?? 0,
      });
    }
    return states;
  }

  /** Posts as WordPress shows them (statesOf). */
  async function viewsOf(
    target: PublishTarget,
    config: EffectiveConfig,
    locale: string | undefined,
    rows: DocumentRow[],
    published: Set<string>
  ): Promise<PostView[]> {
    const [states, keptTerms, bodies] = await Promise.all([
      statesOf(target, locale, rows, published),
      uses.wordpressTerms.keptOfPosts(
        target,
        locale,
        rows.map((row) => row.documentId)
      ),
      Promise.all(rows.map((row) => bodyHtmlOf(target, config, row))),
    ]);
    return rows.map((row, index) => {
      const post = viewOf(target, config, row, published.has(row.documentId), bodies[index]);
      const state = states.get(row.id) as PostState;
      // The summary field holds the excerpt where the target has one; else the door kept it.
      const summary = target.summary ? row[target.summary.field] : state.excerpt;
      const excerpt = typeof summary === 'string' ? summary : '';
      return {
        ...post,
        excerpt: { raw: excerpt, rendered: renderedExcerpt(excerpt, post.content) },
        // Where the plugin keeps the terms (no relation on the target), the post's links are its terms.
        ...keptTerms(row.documentId),
        status: state.status,
        revisions: state.revisions,
        meta: state.meta,
        ...(state.publishAt ? { date: state.publishAt } : {}),
      };
    });
  }

  /**
   * The page of a list asked for by status (`?status=pending`, `draft,future`, ...): the statuses live
   * partly in the ledger and the schedules, so every post of the filters is read (ids only) and
   * filtered before the page is cut.
   */
  async function pageByStatus(
    target: PublishTarget,
    locale: string | undefined,
    filters: Record<string, unknown>,
    query: ListQuery
  ): Promise<{ documentIds: string[]; total: number }> {
    const all = await documentsOf(strapi, target.uid).findMany({
      filters,
      fields: ['documentId'],
      sort: ['createdAt:desc', 'id:desc'],
      ...draftScope(target, locale),
    });
    const published = await publishedOf(
      target,
      all.map((row) => row.documentId),
      locale
    );
    const states = await statesOf(target, locale, all, published);
    // `private` is stored as a draft (docs/wordpress.md).
    const wanted = new Set(query.status?.map((status) => (status === 'private' ? 'draft' : status)));
    const matching = all.filter((row) => wanted.has((states.get(row.id) as PostState).status));
    const start = (query.page - 1) * query.per_page;
    return {
      documentIds: matching.slice(start, start + query.per_page).map((row) => row.documentId),
      total: matching.length,
    };
  }

  /**
   * A page of the posts in one Document Service scope (the drafts, or the published versions), newest
   * first, read as ids with the count of all: the statuses of every post in the scope are alike.
   */
  async function pageInScope(
    target: PublishTarget,
    filters: Record<string, unknown>,
    scope: Record<string, unknown>,
    { page, perPage }: { page: number; perPage: number }
  ): Promise<{ documentIds: string[]; total: number }> {
    const documents = documentsOf(strapi, target.uid) as ReturnType<typeof documentsOf> & {
      count(params: object): Promise<number>;
    };
    const [rows, total] = await Promise.all([
      documents.findMany({
        filters,
        fields: ['documentId'],
        sort: ['createdAt:desc', 'id:desc'],
        start: (page - 1) * perPage,
        limit: perPage,
        ...scope,
      }),
      documents.count({ filters, ...scope }),
    ]);
    return { documentIds: rows.map((row) => row.documentId), total };
  }

  async function findRow(target: PublishTarget, id: number, locale: string | undefined) {
    return documentsOf(strapi, target.uid).findFirst({
      filters: { id },
      populate: populateOf(target),
      ...draftScope(target, locale),
    });
  }

  return { draftScope, populateOf, publishedOf, viewsOf, pageByStatus, pageInScope, findRow };
};
