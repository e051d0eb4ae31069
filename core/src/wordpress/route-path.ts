import { isServiceRoutePath, REST_ROUTE_PARAMETER, WORDPRESS_REST_PREFIX } from '../service-paths';

/** A `rest_route` value may hold only plain path characters (it is matched, never copied into a path). */
const PLAIN_ROUTE = /^[A-Za-z0-9_\-/]*$/;

/** The namespace the facade answers (and the index above it). */
const OWN_NAMESPACE = '/wp/v2';

/**
 * The WordPress REST route a request names (`/` for the index, `/wp/v2/posts/12`, ...), through
 * `/wp-json/...` or `/?rest_route=/...`; null when it names none, or names one of the service routes
 * (`/wp-json/service/v1/...`, which `wordpress-paths` routes to the service contract). On a site whose
 * Strapi REST prefix is `/wp-json` itself, only the index and `/wp/v2` are the facade's: the rest of
 * `/wp-json/...` is Strapi's own API there.
 */
export function wordpressApiRoute(
  path: string,
  querystring: string,
  serviceRouteBase: string,
  restPrefix: string
): string | null {
  let route: string | null = null;
  if (path === WORDPRESS_REST_PREFIX || path.startsWith(`${WORDPRESS_REST_PREFIX}/`)) {
    route = path.slice(WORDPRESS_REST_PREFIX.length) || '/';
  } else if (path === '/' || path === '') {
    const routes = new URLSearchParams(querystring).getAll(REST_ROUTE_PARAMETER);
    // One value only: with two, WordPress and a proxy in front of us could disagree on which is meant.
    if (routes.length !== 1 || !PLAIN_ROUTE.test(routes[0])) return null;
    route = routes[0] || '/';
  }
  if (route === null || isServiceRoutePath(route, '', serviceRouteBase)) return null;
  const normalized = route.startsWith('/') ? route : `/${route}`;
  const sharedWithStrapi = restPrefix.replace(/\/+$/, '').toLowerCase() === WORDPRESS_REST_PREFIX;
  const own = normalized === '/' || isServiceRoutePath(normalized, '', OWN_NAMESPACE);
  return own || !sharedWithStrapi ? normalized : null;
}

/** One of the facade's endpoints, matched from a route and method. */
export type WordPressEndpoint =
  | { name: 'index' }
  | { name: 'namespace' }
  | { name: 'users.me' }
  | { name: 'users.list' }
  | { name: 'users.get'; id: number }
  | { name: 'posts.list' }
  | { name: 'posts.create' }
  | { name: 'posts.get'; id: number }
  | { name: 'posts.update'; id: number }
  | { name: 'terms.list'; taxonomy: 'category' | 'post_tag' }
  | { name: 'terms.create'; taxonomy: 'category' | 'post_tag' }
  | { name: 'terms.get'; taxonomy: 'category' | 'post_tag'; id: number }
  | { name: 'media.list' }
  | { name: 'media.create' }
  | { name: 'media.get'; id: number };

const TAXONOMIES = { categories: 'category', tags: 'post_tag' } as const;

/** The endpoint a method and route name (a trailing slash allowed, as WordPress allows it); null: `rest_no_route`. */
export function matchEndpoint(method: string, route: string): WordPressEndpoint | null {
  const path = route.length > 1 ? route.replace(/\/+$/, '') : route;
  const read = method === 'GET' || method === 'HEAD';
  const write = method === 'POST' || method === 'PUT' || method === 'PATCH';
  if (path === '/') return read ? { name: 'index' } : null;
  if (path === '/wp/v2') return read ? { name: 'namespace' } : null;
  if (path === '/wp/v2/users/me') return read ? { name: 'users.me' } : null;
  if (path === '/wp/v2/users') return read ? { name: 'users.list' } : null;
  if (path === '/wp/v2/posts')
    return read ? { name: 'posts.list' } : method === 'POST' ? { name: 'posts.create' } : null;
  if (path === '/wp/v2/media')
    return read ? { name: 'media.list' } : method === 'POST' ? { name: 'media.create' } : null;
  const term = /^\/wp\/v2\/(categories|tags)$/.exec(path);
  if (term) {
    const taxonomy = TAXONOMIES[term[1] as keyof typeof TAXONOMIES];
    return read
      ? { name: 'terms.list', taxonomy }
      : method === 'POST'
        ? { name: 'terms.create', taxonomy }
        : null;
  }
  const item = /^\/wp\/v2\/(posts|categories|tags|media|users)\/(\d{1,10})$/.exec(path);
  if (!item) return null;
  const id = Number(item[2]);
  if (item[1] === 'users') return read ? { name: 'users.get', id } : null;
  if (item[1] === 'posts')
    return read ? { name: 'posts.get', id } : write ? { name: 'posts.update', id } : null;
  if (item[1] === 'media') return read ? { name: 'media.get', id } : null;
  const taxonomy = TAXONOMIES[item[1] as keyof typeof TAXONOMIES];
  return read ? { name: 'terms.get', taxonomy, id } : null;
}

/** What a request is routed as: a method, or a refusal answered as `rest_no_route`. */
export type RoutedMethod = { method: string } | { refused: true };

/**
 * The method a request is routed by, with WordPress's override for clients that cannot send PUT,
 * PATCH or DELETE (WP_REST_Server::serve_request): `?_method=` first (its last value, as PHP reads a
 * repeated parameter), else the `X-HTTP-Method-Override` header, upper-cased; present but empty, it
 * names no method, so nothing is routed. WordPress applies it whatever the real method; here a GET or
 * HEAD is never turned into a write (a link or an image would then write with a browser's remembered
 * Basic credentials), and is refused instead. An override to a method no route takes (DELETE) is
 * refused as that method itself is: never carried out as the real one.
 */
export function routedMethod(
  method: string,
  querystring: string,
  overrideHeader: string | undefined
): RoutedMethod {
  const fromQuery = new URLSearchParams(querystring).getAll('_method');
  const override = fromQuery.length ? fromQuery[fromQuery.length - 1] : overrideHeader;
  if (override === undefined) return { method };
  const routed = override.toUpperCase();
  const read = (name: string) => name === 'GET' || name === 'HEAD';
  if (read(method) && !read(routed)) return { refused: true };
  return { method: routed };
}
