import { capabilitiesOf, roleOf, type EditorRights } from './capabilities';
import { toSlug } from '../slug';
import { ownLinks } from './links';

/** The one WordPress user the facade knows: the login an application password belongs to. */
export interface WordPressUser {
  id: number;
  login: string;
  name: string;
  /**
   * The admin user whose current rights the password has; null for ARTICLE_PUBLISHER_WP_APP_PASSWORD's
   * login, which stands for no admin and has every right.
   */
  adminId: number | null;
}

/** WordPress's avatar sizes; the login has no e-mail address, so each is Gravatar's "mystery person". */
const AVATAR_SIZES = [24, 48, 96] as const;
const avatarUrls = () =>
  Object.fromEntries(
    AVATAR_SIZES.map((size) => [String(size), `https://secure.gravatar.com/avatar/?s=${size}&d=mm&r=g`])
  );

/**
 * A user as others see them: the login (an admin's e-mail address) is never shown, so the slug and
 * the author page are made from the display name, as WordPress makes a nicename.
 */
export const publicUser = (user: WordPressUser): WordPressUser => ({ ...user, login: toSlug(user.name) });

/** A user in the view context, as anyone who may see them is answered. */
export function userViewJson(
  user: Pick<WordPressUser, 'id' | 'login' | 'name'>,
  siteUrl: string,
  apiRoot: string
) {
  return {
    id: user.id,
    name: user.name,
    url: siteUrl,
    description: '',
    link: `${siteUrl}/author/${encodeURIComponent(user.login)}/`,
    slug: user.login.toLowerCase(),
    avatar_urls: avatarUrls(),
    // WordPress's registered user meta: none in view, the block editor's preferences in edit.
    meta: [] as unknown[] | Record<string, unknown>,
    _links: ownLinks(apiRoot, 'users', user.id),
  };
}

/**
 * A user as `GET /wp/v2/users/me` answers it; `context=edit` adds the login, and the role and
 * capabilities of `rights` (the admin's current ones).
 */
export function userJson(
  user: Pick<WordPressUser, 'id' | 'login' | 'name'>,
  siteUrl: string,
  context: 'view' | 'edit',
  apiRoot: string,
  rights: EditorRights
) {
  const view = userViewJson(user, siteUrl, apiRoot);
  if (context === 'view') return view;
  return {
    ...view,
    username: user.login,
    first_name: '',
    last_name: '',
    nickname: user.login,
    email: '',
    locale: 'en_US',
    roles: [roleOf(rights)],
    registered_date: new Date(0).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    capabilities: capabilitiesOf(rights),
    extra_capabilities: { [roleOf(rights)]: true },
    meta: { persisted_preferences: [] },
  };
}
