import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { z } from 'zod';
import type { EffectiveConfig } from '../../../core/src/config';
import { WordPressError } from '../../../core/src/wordpress/errors';
import { assertPostPageExists, paginationHeaders } from '../../../core/src/wordpress/pagination';
import {
  termCreateRefusal,
  uploadRefusal,
  type EditorRights,
} from '../../../core/src/wordpress/capabilities';
import { apiLinkHeader, wordpressIndex } from '../../../core/src/wordpress/discovery';
import { contextSchema, listQueryInput, listQuerySchema } from '../../../core/src/wordpress/list-query';
import { mediaFieldsSchema } from '../../../core/src/wordpress/media-request';
import { mediaJson } from '../../../core/src/wordpress/media-json';
import { parseWordPress } from '../../../core/src/wordpress/parse';
import { postJson, writeWarnings } from '../../../core/src/wordpress/post-json';
import { postRequestSchema } from '../../../core/src/wordpress/post-request';
import type { WordPressEndpoint } from '../../../core/src/wordpress/route-path';
import { termJson } from '../../../core/src/wordpress/term-json';
import { termRequestSchema } from '../../../core/src/wordpress/term-request';
import { userJson, type WordPressUser } from '../../../core/src/wordpress/user';
import type { Caller } from '../gate';
import { getService } from '../utils/get-service';
import { readFields, readUpload } from './request-body';
import { assertMayWritePost } from './rights';

/** What every handler gets: the request, the endpoint matched, the authenticated caller, the config, the addresses. */
export interface HandlerInput<Endpoint extends WordPressEndpoint = WordPressEndpoint> {
  ctx: Context;
  endpoint: Endpoint;
  user: WordPressUser;
  /** What the caller's admin may do now (every write is checked against it before anything is written). */
  rights: EditorRights;
  config: EffectiveConfig;
  /** `{cms}/wp-json`: where links point. */
  apiRoot: string;
  /** The CMS's address (Strapi's public URL), for the links to neighbouring pages. */
  cmsUrl: string;
  siteUrl: string;
}

type Handler<Name extends WordPressEndpoint['name']> = (
  strapi: Core.Strapi,
  input: HandlerInput<Extract<WordPressEndpoint, { name: Name }>>
) => Promise<void>;

/**
 * Whom a post write acts for at the gate: the application password's admin (their role's rights, judged
 * on the entry), or, for ARTICLE_PUBLISHER_WP_APP_PASSWORD's login, the site's own service account.
 */
const callerOf = (user: WordPressUser): Caller =>
  user.adminId === null ? { kind: 'service' } : { kind: 'person', adminId: user.adminId };

const query = (ctx: Context) => parseWordPress(listQuerySchema, listQueryInput(ctx.querystring));
/** `?context=`: what WordPress shows (`edit` adds raw values); anything else is a 400 naming it. */
const contextOf = (ctx: Context) =>
  parseWordPress(z.object({ context: contextSchema }), {
    context: new URLSearchParams(ctx.querystring).get('context') ?? undefined,
  }).context;

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

  async 'users.list'(_strapi, { ctx, cmsUrl, user, rights, siteUrl, apiRoot }) {
    const { page, per_page } = query(ctx);
    const context = contextOf(ctx) === 'edit' ? 'edit' : 'view';
    answerList(
      { ctx, cmsUrl },
      page === 1 ? [userJson(user, siteUrl, context, apiRoot, rights)] : [],
      1,
      page,
      per_page,
      'user'
    );
  },

  async 'posts.list'(strapi, { ctx, cmsUrl, config, apiRoot }) {
    const listQuery = query(ctx);
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

  async 'posts.get'(strapi, { ctx, endpoint, config, apiRoot }) {
    const post = await getService(strapi, 'wordpress-posts').get(endpoint.id, config);
    // WordPress points a single post's answer at its page (instead of the API's discovery link).
    ctx.set('Link', `<${post.link}>; rel="alternate"; type=text/html`);
    ctx.body = postJson(post, apiRoot, contextOf(ctx));
  },

  async 'posts.create'(strapi, { ctx, user, rights, config, apiRoot }) {
    const fields = await readFields(strapi, ctx);
    const request = parseWordPress(postRequestSchema, fields);
    await assertMayWritePost(strapi, rights, { kind: 'create' }, request.status);
    const { post } = await getService(strapi, 'wordpress-posts').create(request, config, callerOf(user));
    ctx.status = 201;
    ctx.set('Location', `${apiRoot}/wp/v2/posts/${post.id}`);
    ctx.body = postJson(post, apiRoot, 'edit');
  },

  async 'posts.update'(strapi, { ctx, endpoint, user, rights, config, apiRoot }) {
    const fields = await readFields(strapi, ctx);
    const request = parseWordPress(postRequestSchema, fields);
    await assertMayWritePost(strapi, rights, { kind: 'update', id: endpoint.id, config }, request.status);
    const { post, warnings } = await getService(strapi, 'wordpress-posts').update(
      endpoint.id,
      request,
      config,
      callerOf(user)
    );
    ctx.body = { ...postJson(post, apiRoot, 'edit'), ...writeWarnings(warnings) };
  },

  async 'terms.list'(strapi, { ctx, cmsUrl, endpoint, config, apiRoot, siteUrl }) {
    const listQuery = query(ctx);
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

  async 'terms.get'(strapi, { ctx, endpoint, config, apiRoot, siteUrl }) {
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

  async 'media.get'(strapi, { ctx, endpoint, apiRoot }) {
    const media = await getService(strapi, 'wordpress-media').find(endpoint.id);
    if (!media) throw new WordPressError('rest_post_invalid_id', 'Invalid post ID.', 404);
    ctx.body = mediaJson(media, apiRoot, { context: contextOf(ctx) === 'edit' ? 'edit' : 'view' });
  },
};

/** `GET /wp-json/`: needs no credentials (clients read it to find out how to authenticate). */
export function answerIndex(ctx: Context, input: { name: string; cmsUrl: string; siteUrl: string }) {
  ctx.set('Link', apiLinkHeader(`${input.cmsUrl}/wp-json`));
  ctx.body = wordpressIndex({ ...input, description: '' });
}
