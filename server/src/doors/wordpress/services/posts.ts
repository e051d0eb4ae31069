import type { Core } from '@strapi/strapi';
import { suffixedSlug } from '../../../../../core/src/category-slug';
import type { EffectiveConfig } from '../../../../../core/src/config';
import { EntryRightRefused } from '../../../../../core/src/gate/entry-rights';
import { localeParams } from '../../../../../core/src/locale';
import type { PublishTarget } from '../../../../../core/src/publish-target';
import { REQUEST_BOUNDS } from '../../../../../core/src/request-bounds';
import { toSlug } from '../../../../../core/src/slug';
import { entryWriteRefusal } from '../../../../../core/src/wordpress/capabilities';
import { WordPressError } from '../../../../../core/src/wordpress/errors';
import type { ListQuery } from '../../../../../core/src/wordpress/list-query';
import {
  articleFieldsFromPost,
  excerptText,
  postDate,
  statusWarning,
  type ResolvedPost,
} from '../../../../../core/src/wordpress/post-article';
import { EMPTIED_BODY_WARNING } from '../../../../../core/src/wordpress/post-html';
import type { PostView } from '../../../../../core/src/wordpress/post-json';
import type { PostRequest } from '../../../../../core/src/wordpress/post-request';
import { seoFromMeta } from '../../../../../core/src/wordpress/seo-meta';
import { bylineOf } from '../../../../../core/src/target-profile/byline';
import type { KeptParts } from '../../../../../core/src/target-profile/kept-parts';
import type { Caller } from '../../../gate';
import { PostGone, SlugTaken, type PostSelection } from '../../../pipeline/publish/plan';
import { documentsOf, type DocumentRow } from '../../../strapi/documents';
import { wordpressPostViews, type Uses as PostViewsUses } from './post-views';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = PostViewsUses &
  Pick<
    Collaborators,
    'gate' | 'locks' | 'posts' | 'siteLocales' | 'targetSchema' | 'wordpressMedia' | 'wordpressTerms'
  >;

/** Alternatives tried for a taken slug (`-2` ... `-N`) before one made of the time is used. */
const MAX_SLUG_SUFFIX = 100;
/** Creates that found their free slug taken at their write (by another door) before giving up. */
const MAX_CREATE_ATTEMPTS = 5;

export interface PostPage {
  posts: PostView[];
  total: number;
}

const invalidId = () => new WordPressError('rest_post_invalid_id', 'Invalid post ID.', 404);

/**
 * WordPress's posts onto the target content type. Writes go through the publish pipeline the service
 * routes use (sanitizer, body format, image import, categories, SEO, locks, ledger); a post's id is
 * the `post_id` that pipeline answers: the id of the entry's draft row, stable across updates.
 */
const wordpressPosts = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  async function targetOf(config: EffectiveConfig) {
    const target = uses.targetSchema.requireUsable(config);
    const { locale } = await uses.siteLocales.choose(target, config, undefined);
    return { target, locale };
  }
  const { draftScope, populateOf, publishedOf, viewsOf, pageByStatus, pageInScope, findRow } =
    wordpressPostViews({
      strapi,
      uses,
    });
  const views = { draftScope, populateOf, publishedOf, viewsOf, pageByStatus, pageInScope, findRow };

  /** A slug no post of the target has yet: the wanted one, else WordPress's `-2`, `-3`, ... */
  async function freeSlug(
    target: PublishTarget,
    wanted: string,
    locale: string | undefined
  ): Promise<string> {
    const posts = uses.posts;
    // The plain lookup: a taken slug's entry need not be read with its components and relations.
    const isFree = async (slug: string) => (await posts.entryStamp(target, slug, locale)) === null;
    if (await isFree(wanted)) return wanted;
    for (let n = 2; n <= MAX_SLUG_SUFFIX; n++) {
      const candidate = suffixedSlug(wanted, n, REQUEST_BOUNDS.slugLength);
      if (await isFree(candidate)) return candidate;
    }
    return suffixedSlug(wanted, Date.now(), REQUEST_BOUNDS.slugLength);
  }

  /** Checks the ids a post names (categories, tags, featured medium); unknown ones are a 400 naming them. */
  async function resolveReferences(request: PostRequest, config: EffectiveConfig) {
    const terms = await uses.wordpressTerms.resolvePostTerms(request, config);
    let featuredMedia: ResolvedPost['featuredMedia'];
    if (request.featured_media) {
      const media = await uses.wordpressMedia.find(request.featured_media);
      if (!media || !media.mime.startsWith('image/'))
        throw new WordPressError('rest_invalid_featured_media', 'Invalid featured media ID.', 400);
      featuredMedia = { id: media.id, url: media.url, alt: media.alt || undefined };
    }
    return { ...terms, featuredMedia };
  }

  /**
   * Runs the publish pipeline for a post request, into the post `selection` names, leaving the parts
   * in `keeps` as stored; answers the post as it now is.
   */
  async function publish(
    request: PostRequest,
    fields: {
      title: string;
      html: string;
      slug: string;
      status: PostRequest['status'];
      keeps?: KeptParts;
      /** What the door noticed of the request (an emptied body). */
      warnings?: string[];
    },
    config: EffectiveConfig,
    selection: PostSelection,
    caller: Caller,
    userName: string | undefined
  ): Promise<{ post: PostView; created: boolean; warnings: string[] }> {
    const references = await resolveReferences(request, config);
    const articleFields = articleFieldsFromPost(
      { ...request, status: fields.status },
      { title: fields.title, html: fields.html, slug: fields.slug, ...references }
    );
    const warning = statusWarning(fields.status);
    // `meta` keeps what was kept of the SEO keys sent (WordPress answers the registered keys it stored).
    const meta = seoFromMeta(request.meta, fields.title).kept;
    const keptTerms = await uses.wordpressTerms.keptLinksOf(request, config);
    const result = await uses.gate
      .publish({
        door: 'wordpress',
        caller,
        fields: {
          ...articleFields,
          ...(fields.keeps ? { keeps: fields.keeps } : {}),
          // The application password's user is the post's author, as in WordPress.
          authorName: bylineOf(userName),
        },
        origin: { source: 'wordpress', meta, excerpt: excerptText(request.excerpt), keptTerms },
        config,
        selection,
        warnings: [...(warning ? [warning] : []), ...(fields.warnings ?? []), ...references.warnings],
      })
      .catch((error: unknown) => {
        if (error instanceof EntryRightRefused) throw entryWriteRefusal(error.refusal);
        throw error instanceof PostGone ? invalidId() : error;
      });
    const { target, locale } = await targetOf(config);
    const row = await findRow(target, result.postId, locale);
    if (!row) throw invalidId();
    const published = new Set(result.status === 'publish' ? [row.documentId] : []);
    const [post] = await viewsOf(target, config, locale, [row], published);
    return { post, created: result.created, warnings: result.warnings };
  }

  return {
    /** The posts as WordPress shows them (reads only), for the MCP door's answers too. */
    views,

    async list(query: ListQuery, config: EffectiveConfig): Promise<PostPage> {
      const { target, locale } = await targetOf(config);
      const filters: Record<string, unknown> = {};
      if (query.slug?.length) {
        if (!target.slug) return { posts: [], total: 0 };
        filters[target.slug.field] = { $in: query.slug };
      }
      if (query.search && target.title) filters[target.title.field] = { $containsi: query.search };
      // WordPress lists published posts unless asked for other statuses (`any`: every post).
      const statuses = query.status ?? [];
      const onlyPublished = !statuses.length || statuses.every((status) => status === 'publish');
      const scope =
        onlyPublished && target.draftAndPublish
          ? { status: 'published', ...localeParams(target, locale) }
          : draftScope(target, locale);
      const { documentIds, total } =
        onlyPublished || statuses.includes('any')
          ? await pageInScope(target, filters, scope, { page: query.page, perPage: query.per_page })
          : await pageByStatus(target, locale, filters, query);
      const rows = documentIds.length
        ? await documentsOf(strapi, target.uid).findMany({
            filters: { documentId: { $in: documentIds } },
            populate: populateOf(target),
            ...draftScope(target, locale),
          })
        : [];
      const published = await publishedOf(target, documentIds, locale);
      const ordered = documentIds
        .map((documentId) => rows.find((row) => row.documentId === documentId))
        .filter((row): row is DocumentRow => row !== undefined);
      return { posts: await viewsOf(target, config, locale, ordered, published), total };
    },

    async get(id: number, config: EffectiveConfig): Promise<PostView> {
      const { target, locale } = await targetOf(config);
      const row = await findRow(target, id, locale);
      if (!row) throw invalidId();
      const published = await publishedOf(target, [row.documentId], locale);
      const [post] = await viewsOf(target, config, locale, [row], published);
      return post;
    },

    /** WordPress's create: a new post each time; a slug in use gets `-2` (then `-3`, ...). */
    async create(request: PostRequest, config: EffectiveConfig, caller: Caller, userName?: string) {
      const title = request.title?.trim();
      if (!title) {
        throw new WordPressError('rest_invalid_param', 'Invalid parameter(s): title', 400, {
          data: {
            params: {
              title: 'A title is required: the post is stored in a content type whose entries have one.',
            },
          },
        });
      }
      const { target, locale } = await targetOf(config);
      const wanted = toSlug(request.slug?.trim() || title);
      // Creates of one slug wait for each other, so each finds the slug the one before took; a post
      // made meanwhile on a free-looking slug by another door is never updated (SlugTaken): the next
      // free one is tried.
      return uses.locks.withLocks([`wordpress-create:${target.uid}:${wanted}`], async () => {
        for (let attempt = 1; ; attempt++) {
          const slug = await freeSlug(target, wanted, locale);
          try {
            return await publish(
              request,
              { title, html: request.content ?? '', slug, status: request.status ?? 'draft' },
              config,
              { kind: 'new' },
              caller,
              userName
            );
          } catch (error) {
            if (!(error instanceof SlugTaken) || attempt >= MAX_CREATE_ATTEMPTS) throw error;
          }
        }
      });
    },

    /**
     * WordPress's update by id: it writes that entry and no other, whatever its slug (or none), and
     * changes only what the request carries. The title, status, categories, tags and cover it leaves
     * out keep their values; a body, SEO title and description not sent stay exactly as stored (any
     * body format), and so does a body sent back as the door served it (`content.raw`, rendered again
     * from the stored body now): a read and write back loses nothing a format cannot hold as HTML. An
     * empty `content` empties the body, as in WordPress, with a warning in the ledger naming it. The
     * slug is never changed.
     */
    async update(
      id: number,
      request: PostRequest,
      config: EffectiveConfig,
      caller: Caller,
      userName?: string
    ) {
      const { target, locale } = await targetOf(config);
      const row = await findRow(target, id, locale);
      if (!row) throw invalidId();
      const published = await publishedOf(target, [row.documentId], locale);
      const [current] = await viewsOf(target, config, locale, [row], published);
      const withKeptValues: PostRequest = {
        ...request,
        categories: request.categories ?? (current.categories.length ? current.categories : undefined),
        tags: request.tags ?? (current.tags.length ? current.tags : undefined),
        featured_media: request.featured_media ?? (current.featuredMedia || undefined),
        // The SEO keys last sent still give the keywords (the title and description stay as stored).
        meta: request.meta ?? current.meta,
        // The excerpt the door keeps (no summary field) stays until another is sent.
        excerpt: request.excerpt ?? (target.summary ? undefined : current.excerpt.raw || undefined),
        // A scheduled post keeps its time unless the update names another.
        ...(current.status === 'future' && !postDate(request) && current.date
          ? { date_gmt: new Date(current.date).toISOString() }
          : {}),
      };
      const keepsBody = request.content === undefined || request.content === current.content;
      const empties = request.content === '' && !keepsBody;
      return publish(
        withKeptValues,
        {
          title: request.title?.trim() || current.title,
          html: keepsBody ? '' : (request.content ?? ''),
          slug: current.slug,
          status: request.status ?? current.status,
          keeps: { body: keepsBody, seo: request.meta === undefined, slug: true },
          ...(empties ? { warnings: [EMPTIED_BODY_WARNING] } : {}),
        },
        config,
        { kind: 'document', documentId: row.documentId, slug: current.slug || undefined },
        caller,
        userName
      );
    },
  };
};

export type WordPressPostsService = ReturnType<typeof wordpressPosts>;
export default wordpressPosts;
