import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { EffectiveConfig } from '../../../../core/src/config';
import { basicCredentials } from '../../../../core/src/wordpress/basic-auth';
import type { EditorRights } from '../../../../core/src/wordpress/capabilities';
import { WordPressError } from '../../../../core/src/wordpress/errors';
import { isPublicRead, isWrite } from '../../../../core/src/wordpress/public-reads';
import type { WordPressEndpoint } from '../../../../core/src/wordpress/route-path';
import type { WordPressUser } from '../../../../core/src/wordpress/user';
import { getService } from '../../common/get-service';

/** What WordPress answers a request without credentials, per kind of endpoint (its own codes and wording). */
function notLoggedIn(endpoint: WordPressEndpoint): WordPressError {
  switch (endpoint.name) {
    case 'posts.create':
      return new WordPressError(
        'rest_cannot_create',
        'Sorry, you are not allowed to create posts as this user.',
        401
      );
    case 'posts.update':
      return new WordPressError('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.', 401);
    case 'terms.create':
      return new WordPressError(
        'rest_cannot_create',
        'Sorry, you are not allowed to create terms in this taxonomy.',
        401
      );
    case 'media.create':
      return new WordPressError(
        'rest_cannot_create',
        'Sorry, you are not allowed to upload media on this site.',
        401
      );
    default:
      return new WordPressError('rest_not_logged_in', 'You are not currently logged in.', 401);
  }
}

/** Who a request acts as, what its admin may do now, and their ability (undefined: the service login). */
export interface Caller {
  user: WordPressUser;
  rights: EditorRights;
  ability: unknown;
}

/**
 * The WordPress API's Basic authentication with an application password. A correct one passes
 * without meeting the throttle, with its admin's rights as they are now; a wrong one, or one whose
 * admin was deleted, deactivated or blocked, is refused with 429 while the client is over the limit,
 * else counted and refused with WordPress's 401: the answer to a request without credentials,
 * whichever of login and password was wrong, so the login cannot be guessed apart.
 *
 * A read sent without any credential is no failed login: it is answered anonymously (null) where
 * the site's Public role may read what it shows, as WordPress answers anyone, else refused with the
 * same 401, never counted. A write without credentials is counted as before.
 */
export async function authenticate(
  strapi: Core.Strapi,
  ctx: Context,
  endpoint: WordPressEndpoint,
  config: EffectiveConfig
): Promise<Caller | null> {
  const authorization = ctx.get('authorization');
  const credentials = basicCredentials(authorization || undefined);
  const clientAddress = ctx.request.ip;
  if (credentials) {
    const user = await getService(strapi, 'application-passwords').verify({ ...credentials, clientAddress });
    const admin = user ? await getService(strapi, 'wordpress-rights').of(user, config) : null;
    if (user && admin) return { user, ...admin };
  }
  if (!authorization && !isWrite(endpoint)) {
    if (
      isPublicRead(endpoint) &&
      (await getService(strapi, 'wordpress-public-reads').allows(endpoint, config))
    )
      return null;
    throw notLoggedIn(endpoint);
  }
  const throttle = getService(strapi, 'auth-throttle');
  await throttle.assertAllowed(clientAddress, 'application password');
  await throttle.recordFailure(clientAddress);
  // A wrong password is answered as no credentials at all, as WordPress does (recorded from 6.1).
  throw notLoggedIn(endpoint);
}
