import { ownLinks } from './links';

/** The one WordPress user the facade knows: the login an application password belongs to. */
export interface WordPressUser {
  id: number;
  login: string;
  name: string;
}

/** What a client may do: WordPress's capabilities of an editor, the ones publishing services check. */
const CAPABILITIES = [
  'read',
  'edit_posts',
  'edit_others_posts',
  'edit_published_posts',
  'publish_posts',
  'delete_posts',
  'upload_files',
  'manage_categories',
  'unfiltered_html',
] as const;

/** WordPress's avatar sizes; the login has no e-mail address, so each is Gravatar's "mystery person". */
const AVATAR_SIZES = [24, 48, 96] as const;
const avatarUrls = () =>
  Object.fromEntries(
    AVATAR_SIZES.map((size) => [String(size), `https://secure.gravatar.com/avatar/?s=${size}&d=mm&r=g`])
  );

/** A user as `GET /wp/v2/users/me` answers it; `context=edit` adds the login, roles and capabilities. */
export function userJson(user: WordPressUser, siteUrl: string, context: 'view' | 'edit', apiRoot: string) {
  const view = {
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
  if (context === 'view') return view;
  return {
    ...view,
    username: user.login,
    first_name: '',
    last_name: '',
    nickname: user.login,
    email: '',
    locale: 'en_US',
    roles: ['editor'],
    registered_date: new Date(0).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    capabilities: Object.fromEntries(CAPABILITIES.map((name) => [name, true])),
    extra_capabilities: { editor: true },
    meta: { persisted_preferences: [] },
  };
}
