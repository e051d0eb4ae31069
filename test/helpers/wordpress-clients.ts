import apiFetch, { type APIFetchMiddleware } from '@wordpress/api-fetch';
import { wordpress as activepiecesWordPress } from '@activepieces/piece-wordpress';
import WPAPI from 'wpapi';

/**
 * Real WordPress clients, each driven through its own normal API (nothing here speaks HTTP itself), as
 * one publishing flow: create a category and a tag, upload an image, create a draft that uses them,
 * publish it with a new title and body, read it back. Each step answers what WordPress answers.
 */

/** The fields of a term, medium or post the flow reads (answers have many more). */
export interface Term {
  id: number;
  name: string;
  taxonomy?: string;
}
export interface Media {
  id: number;
  source_url: string;
}
export interface Post {
  id: number;
  slug: string;
  status: string;
  title: { raw?: string; rendered: string };
  content: { raw?: string; rendered: string };
  categories: number[];
  tags: number[];
  featured_media: number;
}

export interface DraftFields {
  title: string;
  content: string;
  categories: number[];
  tags: number[];
  featured_media: number;
}

export interface WordPressClientFlow {
  /** The package, as it is named in reports. */
  name: string;
  createCategory(name: string): Promise<Term>;
  createTag(name: string): Promise<Term>;
  uploadImage(bytes: Buffer, filename: string): Promise<Media>;
  createDraft(fields: DraftFields): Promise<Post>;
  /** The update a client makes to publish its draft: status `publish` with a new title and body. */
  publish(id: number, fields: { title: string; content: string }): Promise<Post>;
  read(id: number): Promise<Post>;
}

export interface SiteCredentials {
  /** The site's address, without the trailing slash (what a user types into each client). */
  url: string;
  login: string;
  password: string;
}

/**
 * The Activepieces WordPress piece: each step is one of its actions, run with the context the runtime
 * gives an action (its connection as `auth.props`, the form's values as `propsValue`). The actions of its
 * "AI" set cover the whole flow (the older create_post / update_post have no term actions).
 */
export function activepiecesFlow(site: SiteCredentials): WordPressClientFlow {
  const actions = activepiecesWordPress.actions();
  const auth = {
    type: 'CUSTOM_AUTH',
    props: { website_url: site.url, username: site.login, password: site.password },
  };
  const run = async <T>(action: string, propsValue: Record<string, unknown>): Promise<T> => {
    const found = actions[action];
    if (!found) throw new Error(`the Activepieces WordPress piece has no ${action} action`);
    return (await found.run({ auth, propsValue })) as T;
  };
  return {
    name: '@activepieces/piece-wordpress',
    createCategory: (name) => run('create_category', { name }),
    createTag: (name) => run('create_tag', { name }),
    uploadImage: (bytes, filename) =>
      run('upload_media', { file: { filename, extension: 'png', data: bytes }, alt_text: filename }),
    createDraft: (fields) => run('create_blog_post', { ...fields, status: 'draft' }),
    publish: (id, fields) => run('update_blog_post', { post_id: id, ...fields, status: 'publish' }),
    read: (id) => run('get_post_by_id', { post_id: id }),
  };
}

/** HTTP Basic with an application password: api-fetch has no middleware of its own for it (browsers use a nonce). */
function basicAuthMiddleware(login: string, password: string): APIFetchMiddleware {
  const authorization = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  return (options, next) =>
    next({ ...options, headers: { ...options.headers, Authorization: authorization } });
}

let apiFetchSite = '';

/**
 * `@wordpress/api-fetch`, the block editor's client, set up as a plugin or headless editor sets it up:
 * the root URL middleware, Basic auth, and the media upload middleware the editor registers. Its
 * middlewares are module-wide, so one site per process.
 */
export function apiFetchFlow(site: SiteCredentials): WordPressClientFlow {
  if (apiFetchSite && apiFetchSite !== site.url)
    throw new Error('api-fetch is already set up for another site');
  if (!apiFetchSite) {
    apiFetchSite = site.url;
    apiFetch.use(apiFetch.createRootURLMiddleware(`${site.url}/wp-json/`));
    apiFetch.use(basicAuthMiddleware(site.login, site.password));
    apiFetch.use(apiFetch.mediaUploadMiddleware);
  }
  return {
    name: '@wordpress/api-fetch',
    createCategory: (name) => apiFetch<Term>({ path: '/wp/v2/categories', method: 'POST', data: { name } }),
    createTag: (name) => apiFetch<Term>({ path: '/wp/v2/tags', method: 'POST', data: { name } }),
    uploadImage: (bytes, filename) => {
      // As the editor's uploadMedia sends a file: a FormData with the file and its details.
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), filename);
      body.append('alt_text', filename);
      return apiFetch<Media>({ path: '/wp/v2/media', method: 'POST', body });
    },
    createDraft: (fields) =>
      apiFetch<Post>({ path: '/wp/v2/posts', method: 'POST', data: { ...fields, status: 'draft' } }),
    // The editor saves an existing post with PUT (core-data's saveEntityRecord); the httpV1 middleware
    // sends it as POST with X-HTTP-Method-Override: PUT.
    publish: (id, fields) =>
      apiFetch<Post>({ path: `/wp/v2/posts/${id}`, method: 'PUT', data: { ...fields, status: 'publish' } }),
    read: (id) => apiFetch<Post>({ path: `/wp/v2/posts/${id}?context=edit` }),
  };
}

/** `wpapi` (node-wpapi), the usual Node client: its route builders, authenticated with the password. */
export function wpapiFlow(site: SiteCredentials): WordPressClientFlow {
  const wp = new WPAPI({
    endpoint: `${site.url}/wp-json`,
    username: site.login,
    password: site.password,
    auth: true,
  });
  return {
    name: 'wpapi',
    createCategory: (name) => wp.categories().create({ name }),
    createTag: (name) => wp.tags().create({ name }),
    uploadImage: (bytes, filename) => wp.media().file(bytes, filename).create({ alt_text: filename }),
    createDraft: (fields) => wp.posts().create({ ...fields, status: 'draft' }),
    publish: (id, fields) =>
      wp
        .posts()
        .id(id)
        .update({ ...fields, status: 'publish' }),
    read: (id) => wp.posts().id(id).context('edit').get(),
  };
}
