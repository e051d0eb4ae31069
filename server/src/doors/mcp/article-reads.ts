import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../../core/src/config';
import { ServiceError } from '../../../../core/src/errors';
import { localeParams } from '../../../../core/src/locale';
import type { PublishTarget } from '../../../../core/src/publish-target';
import type { PostView } from '../../../../core/src/wordpress/post-json';
import { documentsOf, type DocumentRow } from '../../strapi/documents';
import { getService } from '../../common/get-service';

/**
 * The target's articles as the MCP tools read them back: an entry's status (published, scheduled,
 * pending, draft), its body as HTML (rendered from whatever the target keeps and sanitized, as the
 * WordPress door serves it: services/wordpress-post-views.ts) or Markdown, its categories and cover.
 */

/** An article as `article_publisher_get` answers it. */
export interface ArticleRead {
  post_id: number;
  document_id: string;
  slug: string;
  title: string;
  status: PostView['status'];
  date: string | null;
  modified: string | null;
  url: string;
  locale: string | null;
  content_format: 'html' | 'markdown';
  content: string;
  excerpt: string;
  categories: { id: number; name: string; parent: number }[];
  cover: { id: number; url: string; alt: string } | null;
}

/** One article of a list: its fields, not its body. */
export type ArticleSummary = Omit<ArticleRead, 'content' | 'content_format' | 'excerpt' | 'cover'>;

/** Which article a call names: its post id (the publish answer's `post_id`) or its slug. */
export type ArticleRef = { post_id: number; slug?: undefined } | { slug: string; post_id?: undefined };

const iso = (value: Date | string | null) => (value instanceof Date ? value.toISOString() : value);

export const articleReads = (strapi: Core.Strapi) => {
  const views = getService(strapi, 'wordpress-posts').views;

  async function targetOf(config: EffectiveConfig, locale: string | undefined) {
    const target = getService(strapi, 'target-schema').requireUsable(config);
    const choice = await getService(strapi, 'site-locales').choose(target, config, locale);
    return { target, locale: choice.locale };
  }

  /** The draft row (every document has one) of the article `ref` names, in `locale`, populated for its view. */
  async function rowOf(target: PublishTarget, locale: string | undefined, ref: ArticleRef) {
    if (ref.post_id !== undefined) return views.findRow(target, ref.post_id, locale);
    const filters = await getService(strapi, 'posts').postFilters(target, ref.slug);
    if (!filters) return null;
    return documentsOf(strapi, target.uid).findFirst({
      filters,
      populate: views.populateOf(target),
      ...views.draftScope(target, locale),
    });
  }

  const notFound = (ref: ArticleRef) =>
    new ServiceError(
      'not_found',
      ref.post_id !== undefined
        ? `No article has post_id ${ref.post_id}.`
        : `No article has the slug "${ref.slug}".`
    );

  async function viewOf(
    target: PublishTarget,
    config: EffectiveConfig,
    locale: string | undefined,
    row: DocumentRow
  ) {
    const published = await views.publishedOf(target, [row.documentId], locale);
    const [view] = await views.viewsOf(target, config, locale, [row], published);
    return view;
  }

  async function categoriesOf(ids: number[], config: EffectiveConfig) {
    const { found } = await getService(strapi, 'wordpress-terms').findByIds('category', ids, config);
    return found.map(({ id, name, parent }) => ({ id, name, parent }));
  }

  const summaryOf = (
    view: PostView,
    locale: string | undefined,
    row: DocumentRow,
    categories: ArticleSummary['categories']
  ): ArticleSummary => ({
    post_id: view.id,
    document_id: row.documentId,
    slug: view.slug,
    title: view.title,
    status: view.status,
    date: iso(view.date),
    modified: iso(view.modified),
    url: view.link,
    locale: locale ?? null,
    categories,
  });

  return {
    /** The article `ref` names, with its body in `format`; a 404 when there is none. */
    async get(
      ref: ArticleRef,
      format: 'html' | 'markdown',
      config: EffectiveConfig,
      requestedLocale?: string
    ): Promise<ArticleRead> {
      const { target, locale } = await targetOf(config, requestedLocale);
      const row = await rowOf(target, locale, ref);
      if (!row) throw notFound(ref);
      const view = await viewOf(target, config, locale, row);
      const [categories, media] = await Promise.all([
        categoriesOf(view.categories, config),
        view.featuredMedia ? getService(strapi, 'wordpress-media').find(view.featuredMedia) : null,
      ]);
      const stored = target.body ? row[target.body.field] : undefined;
      // A Markdown body is answered as stored; any other is converted from the HTML it renders to.
      const content =
        format === 'html'
          ? view.content
          : target.body?.body.format === 'markdown' && typeof stored === 'string'
            ? stored
            : view.content
              ? await getService(strapi, 'article-work').toMarkdown(view.content)
              : '';
      return {
        ...summaryOf(view, locale, row, categories),
        content_format: format,
        content,
        excerpt: view.excerpt.raw,
        cover: media ? { id: media.id, url: media.url, alt: media.alt } : null,
      };
    },

    /** A page of the target's articles, newest first, by status, category, title search and locale. */
    async list(
      query: {
        status: 'any' | PostView['status'];
        category?: number;
        search?: string;
        page: number;
        page_size: number;
      },
      config: EffectiveConfig,
      requestedLocale?: string
    ): Promise<{ articles: ArticleSummary[]; total: number }> {
      const { target, locale } = await targetOf(config, requestedLocale);
      const filters: Record<string, unknown> = {};
      if (query.search && target.title) filters[target.title.field] = { $containsi: query.search };
      if (query.category !== undefined) {
        // Where the plugin keeps the categories itself (no relation on the target), none is filtered on.
        if (target.categories?.kind !== 'relation') return { articles: [], total: 0 };
        filters[target.categories.field] = { id: query.category };
      }
      const scope =
        query.status === 'publish'
          ? { status: 'published', ...localeParams(target, locale) }
          : views.draftScope(target, locale);
      const { documentIds, total } =
        query.status === 'any' || (query.status === 'publish' && target.draftAndPublish)
          ? await views.pageInScope(target, filters, scope, { page: query.page, perPage: query.page_size })
          : await views.pageByStatus(target, locale, filters, {
              status: [query.status],
              page: query.page,
              per_page: query.page_size,
              context: 'view',
            });
      const rows = documentIds.length
        ? await documentsOf(strapi, target.uid).findMany({
            filters: { documentId: { $in: documentIds } },
            populate: views.populateOf(target),
            ...views.draftScope(target, locale),
          })
        : [];
      const ordered = documentIds
        .map((documentId) => rows.find((row) => row.documentId === documentId))
        .filter((row): row is DocumentRow => row !== undefined);
      const published = await views.publishedOf(target, documentIds, locale);
      const postViews = await views.viewsOf(target, config, locale, ordered, published);
      const categories = await categoriesOf(
        [...new Set(postViews.flatMap((view) => view.categories))],
        config
      );
      const articles = postViews.map((view, index) =>
        summaryOf(
          view,
          locale,
          ordered[index],
          categories.filter((category) => view.categories.includes(category.id))
        )
      );
      return { articles, total };
    },

    /** The draft row and status of the article `ref` names, for a change to it; a 404 when there is none. */
    async find(ref: ArticleRef, config: EffectiveConfig, requestedLocale?: string) {
      const { target, locale } = await targetOf(config, requestedLocale);
      const row = await rowOf(target, locale, ref);
      if (!row) throw notFound(ref);
      const view = await viewOf(target, config, locale, row);
      return { target, locale, row, view };
    },
  };
};
