import { WordPressError } from './errors';
import type { WordPressEndpoint } from './route-path';

/** The reads WordPress answers to anyone: published posts, terms, media and the authors of posts. */
const PUBLIC_READS = [
  'posts.list',
  'posts.get',
  'terms.list',
  'terms.get',
  'media.list',
  'media.get',
  'users.list',
  'users.get',
] as const;

export type PublicReadName = (typeof PUBLIC_READS)[number];
export type PublicReadEndpoint = Extract<WordPressEndpoint, { name: PublicReadName }>;

export const isPublicRead = (endpoint: WordPressEndpoint): endpoint is PublicReadEndpoint =>
  (PUBLIC_READS as readonly string[]).includes(endpoint.name);

/** An endpoint that writes (every other one only reads). */
export const isWrite = (endpoint: WordPressEndpoint) => /\.(create|update)$/.test(endpoint.name);

/** What an anonymous read shows, so what the site's Public role must be allowed to find. */
export type PublicReadSubject = 'posts' | 'category' | 'post_tag' | 'media';

/** A post's author is shown as the posts are: to whoever may read them. */
export function publicReadSubject(endpoint: PublicReadEndpoint): PublicReadSubject {
  switch (endpoint.name) {
    case 'terms.list':
    case 'terms.get':
      return endpoint.taxonomy;
    case 'media.list':
    case 'media.get':
      return 'media';
    default:
      return 'posts';
  }
}

/** The Media Library's files, as Strapi names their type. */
export const UPLOAD_FILE_TYPE = 'plugin::upload.file';

/**
 * The users-permissions action that lets a role list a content type's entries (`api::article.article.find`);
 * the Media Library's is the upload plugin's own (`plugin::upload.content-api.find`).
 */
export const findAction = (uid: string) =>
  uid === UPLOAD_FILE_TYPE ? 'plugin::upload.content-api.find' : `${uid}.find`;

/**
 * WordPress's refusal of `context=edit` to a reader who may not edit (401 to anyone signed out, 403 to a
 * user), per endpoint: its own codes and wording.
 */
export function editContextRefusal(endpoint: PublicReadEndpoint, status: 401 | 403): WordPressError {
  switch (endpoint.name) {
    case 'posts.list':
    case 'media.list':
      return new WordPressError(
        'rest_forbidden_context',
        'Sorry, you are not allowed to edit posts in this post type.',
        status
      );
    case 'posts.get':
    case 'media.get':
      return new WordPressError(
        'rest_forbidden_context',
        'Sorry, you are not allowed to edit this post.',
        status
      );
    case 'terms.list':
    case 'terms.get':
      return new WordPressError(
        'rest_forbidden_context',
        'Sorry, you are not allowed to edit terms in this taxonomy.',
        status
      );
    case 'users.list':
      return new WordPressError(
        'rest_forbidden_context',
        'Sorry, you are not allowed to list users.',
        status
      );
    case 'users.get':
      return userCannotView(status);
  }
}

/** A user WordPress does not show the reader (one without published posts, or another's edit view). */
export const userCannotView = (status: 401 | 403) =>
  new WordPressError('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', status);

/** A post that is not published, read signed out: the REST server's answer to a failed permission check. */
export const notAllowed = () =>
  new WordPressError('rest_forbidden', 'Sorry, you are not allowed to do that.', 401);

/** `?status=` other than `publish`, signed out: the statuses' sanitizer refuses it, naming the parameter. */
export const forbiddenStatus = () =>
  new WordPressError('rest_invalid_param', 'Invalid parameter(s): status', 400, {
    data: { params: { status: 'Status is forbidden.' } },
  });
