import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { z } from 'zod';
import type { EffectiveConfig } from '../../../../core/src/config';
import { WordPressError } from '../../../../core/src/wordpress/errors';
import { assertPostPageExists, paginationHeaders } from '../../../../core/src/wordpress/pagination';
import {
  termCreateRefusal,
  uploadRefusal,
  type EditorRights,
} from '../../../../core/src/wordpress/capabilities';
import { apiLinkHeader, wordpressIndex } from '../../../../core/src/wordpress/discovery';
import { contextSchema, listQueryInput, listQuerySchema } from '../../../../core/src/wordpress/list-query';
import { mediaListQueryInput, mediaListQuerySchema } from '../../../../core/src/wordpress/media-list-query';
import { mediaFieldsSchema } from '../../../../core/src/wordpress/media-request';
import { mediaJson } from '../../../../core/src/wordpress/media-json';
import { parseWordPress } from '../../../../core/src/wordpress/parse';
import { postJson, writeWarnings } from '../../../../core/src/wordpress/post-json';
import { postRequestSchema } from '../../../../core/src/wordpress/post-request';
import {
  editContextRefusal,
  forbiddenStatus,
  notAllowed,
  type PublicReadEndpoint,
  type PublicReadName,
} from '../../../../core/src/wordpress/public-reads';
import type { WordPressEndpoint } from '../../../../core/src/wordpress/route-path';
import { termJson } from '../../../../core/src/wordpress/term-json';
import { termRequestSchema } from '../../../../core/src/wordpress/term-request';
import { userJson, userViewJson, type WordPressUser } from '../../../../core/src/wordpress/user';
import type { Caller } from '../../gate';
import { getService } from '../../common/get-service';
import { readFields, readUpload } from './request-body';
import { assertMayWritePost } from './rights';

/** Who a request acts as: the password's user and what its admin may do now (every write is checked against it). */
interface SignedIn {
  user: WordPressUser;
  rights: EditorRights;
  /** The admin's CASL ability (undefined for the service login), which the gate judges a write with. */
  ability: unknown;
}
/** A read made without credentials, answered because the site's Public role may make it. */
interface Anonymous {
  user: null;
  rights: null;
  ability: undefined;
}

/** What every handler gets: the request, the endpoint matched, the caller, the config, the addresses. */
export type HandlerInput<Endpoint extends WordPressEndpoint = WordPressEndpoint> = {
  ctx: Context;
  endpoint: Endpoint;
  config: EffectiveConfig;
  /** `{cms}/wp-json`: where links point. */
  apiRoot: string;
  /** The CMS's address (Strapi's public URL), for the links to neighbouring pages. */
  cmsUrl: string;
  siteUrl: string;
} & (Endpoint['name'] extends PublicReadName ? SignedIn | Anonymous : SignedIn);

type Handler<Name extends WordPressEndpoint['name']> = (
  strapi: Core.Strapi,
  input: HandlerInput<Extract<WordPressEndpoint, { name: Name }>>
) => Promise<void>;

/**
 * Whom a post write acts for at the gate: the application password's admin (their role's rights, judged
 * on the entry), or, for ARTICLE_PUBLISHER_WP_APP_PASSWORD's login, the site's own service account.
 */
const callerOf = (user: WordPressUser, ability: unknown): Caller =>
  user.adminId === null ? { kind: 'service' } : { kind: 'person', adminId: user.adminId, ability };

const query = (ctx: Context) => parseWordPress(listQuerySchema, listQueryInput(ctx.querystring));
/** `?context=`: what WordPress shows (`edit` adds raw values); anything else is a 400 naming it. */
const contextOf = (ctx: Context) =>
  parseWordPress(z.object({ context: contextSchema }), {
    context: new URLSearchParams(ctx.querystring).get('context') ?? undefined,
  }).context;

/**
 * What a signed-out reader may not ask for: `context=edit` (WordPress's 401). A user asking it gets
 * what their rights give, as before.
 */
function assertAnonymousView(
  input: { user: WordPressUser | null; endpoint: PublicReadEndpoint },
  context: string
) {
  if (input.user === null && context === 'edit') throw editContextRefusal(input.endpoint, 401);
}

/** A list answer: the items, with WordPress's totals and neighbouring-page links. */
function answerList(
  { ctx, cmsUrl }: { ctx: Context; cmsUrl: string },
  items: unknown[],
  total: number,
  page: number,
  perPage: number,
  kind: 'post' | 'term' | 'user'
) {
  if (kind === 'post') assertPostPageExists(total, page, perPage);
  const pageUrl = (n: number) => {
    const params = new URLSearchParams(ctx.querystring);
    params.set('page', String(n));
    return `${cmsUrl}${ctx.path}?${params}`;
  };
  ctx.set(paginationHeaders(total, page, perPage, pageUrl));
  ctx.body = items;
}

/**
 * The facade's endpoints: each parses its input with its schema, calls one service and sets the
 * answer. Authentication happened before (wordpress-api), and bodies are read only here, after it.
 */
export const HANDLERS: { [Name in Exclude<WordPressEndpoint['name'], 'index'>]: Handler<Name> } = {
  async namespace(_strapi, { ctx, apiRoot }) {
    ctx.body = { namespace: 'wp/v2', routes: {}, _links: { up: [{ href: `${apiRoot}/` }] } };
  },

  async 'users.me'(_strapi, { ctx, user, rights, siteUrl, apiRoot }) {
    ctx.body = userJson(user, siteUrl, contextOf(ctx) === 'edit' ? 'edit' : 'view', apiRoot, rights);
  },

  async 'users.list'(strapi, input) {
    const { ctx, cmsUrl, user, rights, siteUrl, apiRoot, config } = input;
    const { page, per_page, search } = query(ctx);
    const context = contextOf(ctx) === 'edit' ? 'edit' : 'view';
    assertAnonymousView(input, context);
    const shown = (await getService(strapi, 'wordpress-users').visible(user, config)).map((each) =>
      // Only the caller's own edit view is theirs to see; another user is shown as anyone sees them.
      each.id === user?.id && rights
        ? userJson(each, siteUrl, context, apiRoot, rights)
        : userViewJson(each, siteUrl, apiRoot)
    );
    // WordPress searches a user's id, name and slug for a caller who may not list users.
    const needle = search?.toLowerCase();
    const found = needle
      ? shown.filter((each) =>
          [String(each.id), each.name, each.slug].some((text) => text.toLowerCase().includes(needle))
        )
      : shown;
    const start = (page - 1) * per_page;
    answerList({ ctx, cmsUrl }, found.slice(start, start + per_page), found.length, page, per_page, 'user');
  },

  async 'users.get'(strapi, input) {
    const { ctx, endpoint, user, rights, siteUrl, apiRoot, config } = input;
    const context = contextOf(ctx);
    const found = await getService(strapi, 'wordpress-users').find(endpoint.id, user, context, config);
    ctx.body =
      found.id === user?.id && rights
        ? userJson(found, siteUrl, context === 'edit' ? 'edit' : 'view', apiRoot, rights)
        : userViewJson(found, siteUrl, apiRoot);
  },

  async 'posts.list'(strapi, input) {
    const { ctx, cmsUrl, config, apiRoot } = input;
    const listQuery = query(ctx);
    assertAnonymousView(input, listQuery.context);
    // Signed out, WordPress lists published posts only: asking for another status is refused.
    if (input.user === null && listQuery.status?.some((status) => status !== 'publish'))
      throw forbiddenStatus();
    const { posts, total } = await getService(strapi, 'wordpress-posts').list(listQuery, config);
    answerList(
      { ctx, cmsUrl },
      posts.map((post) => postJson(post, apiRoot, listQuery.context)),
      total,
      listQuery.page,
      listQuery.per_page,
      'post'
    );
  },

  async 'posts.get'(strapi, input) {
    const { ctx, endpoint, config, apiRoot } = input;
    assertAnonymousView(input, contextOf(ctx));
    const post = await getService(strapi, 'wordpress-posts').get(endpoint.id, config);
    // Signed out, only a published post may be read (a draft, scheduled or pending one is WordPress's 401).
    if (input.user === null && post.status !== 'publish') throw notAllowed();
    // WordPress points a single post's answer at its page (instead of the API's discovery link).
    ctx.set('Link', `<${post.link}>; rel="alternate"; type=text/html`);
    ctx.body = postJson(post, apiRoot, contextOf(ctx));
  },

  async 'posts.create'(strapi, { ctx, user, rights, ability, config, apiRoot }) {
    const fields = await readFields(strapi, ctx);
    const request = parseWordPress(postRequestSchema, fields);
    await assertMayWritePost(strapi, rights, { kind: 'create' }, request.status);
    const { post } = await getService(strapi, 'wordpress-posts').create(
      request,
      config,
      callerOf(user, ability),
      user.name
    );
    ctx.status = 201;
    ctx.set('Location', `${apiRoot}/wp/v2/posts/${post.id}`);
    ctx.body = postJson(post, apiRoot, 'edit');
  },

  async 'posts.update'(strapi, { ctx, endpoint, user, rights, ability, config, apiRoot }) {
    const fields = await readFields(strapi, ctx);
    const request = parseWordPress(postRequestSchema, fields);
    await assertMayWritePost(strapi, rights, { kind: 'update', id: endpoint.id, config }, request.status);
    const { post, warnings } = await getService(strapi, 'wordpress-posts').update(
      endpoint.id,
      request,
      config,
      callerOf(user, ability),
      user.name
    );
    ctx.body = { ...postJson(post, apiRoot, 'edit'), ...writeWarnings(warnings) };
  },

  async 'terms.list'(strapi, input) {
    const { ctx, cmsUrl, endpoint, config, apiRoot, siteUrl } = input;
    const listQuery = query(ctx);
    assertAnonymousView(input, listQuery.context);
    const { terms, total } = await getService(strapi, 'wordpress-terms').list(
      endpoint.taxonomy,
      listQuery,
      config
    );
    answerList(
      { ctx, cmsUrl },
      terms.map((term) => termJson(term, endpoint.taxonomy, apiRoot, siteUrl)),
      total,
      listQuery.page,
      listQuery.per_page,
      'term'
    );
  },

  async 'terms.get'(strapi, input) {
    const { ctx, endpoint, config, apiRoot, siteUrl } = input;
    assertAnonymousView(input, contextOf(ctx));
    const term = await getService(strapi, 'wordpress-terms').get(endpoint.taxonomy, endpoint.id, config);
    ctx.body = termJson(term, endpoint.taxonomy, apiRoot, siteUrl);
  },

  async 'terms.create'(strapi, { ctx, endpoint, rights, config, apiRoot, siteUrl }) {
    const request = parseWordPress(termRequestSchema, await readFields(strapi, ctx));
    const refusal = termCreateRefusal(rights, endpoint.taxonomy);
    if (refusal) throw refusal;
    const term = await getService(strapi, 'wordpress-terms').create(endpoint.taxonomy, request, config);
    ctx.status = 201;
    ctx.set(
      'Location',
      `${apiRoot}/wp/v2/${endpoint.taxonomy === 'category' ? 'categories' : 'tags'}/${term.id}`
    );
    ctx.body = termJson(term, endpoint.taxonomy, apiRoot, siteUrl);
  },

  async 'media.create'(strapi, { ctx, rights, apiRoot }) {
    // Checked before the file is read: a caller who may not upload sends nothing to disk.
    const refusal = uploadRefusal(rights);
    if (refusal) throw refusal;
    const file = await readUpload(strapi, ctx);
    try {
      const fields = parseWordPress(mediaFieldsSchema, file.fields);
      const media = await getService(strapi, 'wordpress-media').upload(file, fields);
      ctx.status = 201;
      ctx.set('Location', `${apiRoot}/wp/v2/media/${media.id}`);
      ctx.body = mediaJson(media, apiRoot, { title: fields.title, context: 'edit' });
    } finally {
      await file.cleanup();
    }
  },

  async 'media.list'(strapi, input) {
    const { ctx, cmsUrl, apiRoot } = input;
    const listQuery = parseWordPress(mediaListQuerySchema, mediaListQueryInput(ctx.querystring));
    assertAnonymousView(input, listQuery.context);
    const { media, total } = await getService(strapi, 'wordpress-media').list(listQuery);
    const context = listQuery.context === 'edit' ? 'edit' : 'view';
    answerList(
      { ctx, cmsUrl },
      media.map((each) => mediaJson(each, apiRoot, { context })),
      total,
      listQuery.page,
      listQuery.per_page,
      // Attachments are posts to WordPress: a page past the last is refused as a posts page is.
      'post'
    );
  },

  async 'media.get'(strapi, input) {
    const { ctx, endpoint, apiRoot } = input;
    const context = contextOf(ctx);
    assertAnonymousView(input, context);
    const media = await getService(strapi, 'wordpress-media').find(endpoint.id);
    if (!media) throw new WordPressError('rest_post_invalid_id', 'Invalid post ID.', 404);
    ctx.body = mediaJson(media, apiRoot, { context: context === 'edit' ? 'edit' : 'view' });
  },
};

/** `GET /wp-json/`: needs no credentials (clients read it to find out how to authenticate). */
export function answerIndex(ctx: Context, input: { name: string; cmsUrl: string; siteUrl: string }) {
  ctx.set('Link', apiLinkHeader(`${input.cmsUrl}/wp-json`));
  ctx.body = wordpressIndex({ ...input, description: '' });
}
