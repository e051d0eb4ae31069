/** The admin page where a signed-in admin approves an application (WordPress's authorize-application flow). */
export const AUTHORIZE_APPLICATION_PATH = '/admin/settings/article-publisher/authorize-application';

/** The link relation WordPress clients look for on the site's home page to find the API. */
export const API_LINK_RELATION = 'https://api.w.org/';

export const apiLinkHeader = (apiRoot: string) => `<${apiRoot}/>; rel="${API_LINK_RELATION}"`;

/** The path of an address or path (Strapi's `admin.url` may be either), without a trailing slash. */
export const pathOf = (url: string) => new URL(url, 'http://site.invalid').pathname.replace(/\/+$/, '');

/**
 * The site's pages that carry the discovery link: the home page, and the admin panel it redirects to
 * (clients follow the redirect and read the link on the page they land on).
 */
export function isDiscoveryPage(path: string, adminPath: string): boolean {
  const page = path.replace(/\/+$/, '');
  return page === '' || (adminPath !== '' && page === adminPath);
}

/** The routes this site answers, as the index lists them (methods and WordPress's route patterns). */
export const WORDPRESS_ROUTES: ReadonlyArray<{ route: string; methods: string[] }> = [
  { route: '/wp/v2', methods: ['GET'] },
  { route: '/wp/v2/posts', methods: ['GET', 'POST'] },
  { route: '/wp/v2/posts/(?P<id>[\\d]+)', methods: ['GET', 'POST', 'PUT', 'PATCH'] },
  { route: '/wp/v2/categories', methods: ['GET', 'POST'] },
  { route: '/wp/v2/categories/(?P<id>[\\d]+)', methods: ['GET'] },
  { route: '/wp/v2/tags', methods: ['GET', 'POST'] },
  { route: '/wp/v2/tags/(?P<id>[\\d]+)', methods: ['GET'] },
  { route: '/wp/v2/media', methods: ['GET', 'POST'] },
  { route: '/wp/v2/media/(?P<id>[\\d]+)', methods: ['GET'] },
  { route: '/wp/v2/users', methods: ['GET'] },
  { route: '/wp/v2/users/(?P<id>[\\d]+)', methods: ['GET'] },
  { route: '/wp/v2/users/me', methods: ['GET'] },
];

export interface IndexInput {
  name: string;
  description: string;
  /** The CMS's address (WordPress's `url`, where `/wp-json/` lives). */
  cmsUrl: string;
  /** The public site (WordPress's `home`). */
  siteUrl: string;
}

/** `GET /wp-json/`: what discovery and connection tests read. */
export function wordpressIndex(input: IndexInput) {
  const apiRoot = `${input.cmsUrl}/wp-json`;
  return {
    name: input.name,
    description: input.description,
    url: input.cmsUrl,
    home: input.siteUrl,
    // WordPress answers the offset as a string (an option's raw value).
    gmt_offset: '0',
    timezone_string: 'UTC',
    namespaces: ['wp/v2'],
    authentication: {
      'application-passwords': {
        endpoints: { authorization: `${input.cmsUrl}${AUTHORIZE_APPLICATION_PATH}` },
      },
    },
    routes: Object.fromEntries(
      WORDPRESS_ROUTES.map(({ route, methods }) => [
        route,
        {
          namespace: 'wp/v2',
          methods,
          endpoints: [{ methods, args: {} }],
          _links: route.includes('(?P') ? undefined : { self: [{ href: `${apiRoot}${route}` }] },
        },
      ])
    ),
    site_logo: 0,
    site_icon: 0,
    site_icon_url: '',
    _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
  };
}

/** Whether an answer to the home page is only Strapi's redirect to its admin panel. */
export function isAdminRedirect(status: number, location: string | undefined, adminPath: string): boolean {
  if (![301, 302, 303, 307, 308].includes(status) || !location || adminPath === '') return false;
  return pathOf(location) === adminPath;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The home page WordPress clients discover the API on, in place of Strapi's bare redirect to the admin:
 * a WordPress home page answers 200 with the API's link (header and `<link>` element), and some clients
 * (wpapi's `discover`) do not follow a redirect on their first `HEAD /`. A person's browser is sent on to
 * the admin panel at once, as the redirect did.
 */
export function discoveryHomePage(input: { name: string; apiRoot: string; adminUrl: string }): string {
  const name = escapeHtml(input.name);
  const api = escapeHtml(`${input.apiRoot}/`);
  const admin = escapeHtml(input.adminUrl);
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<title>${name}</title>`,
    `<link rel="${API_LINK_RELATION}" href="${api}">`,
    `<meta http-equiv="refresh" content="0; url=${admin}">`,
    '</head><body>',
    `<p><a href="${admin}">${name}: the administration panel</a></p>`,
    '</body></html>',
  ].join('\n');
}
