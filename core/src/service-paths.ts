/**
 * Whether a request path can reach the plugin's service routes. Strapi's router (koa-router) matches
 * case-insensitively and with an optional trailing slash, so this compares the same way: any path
 * that the router could send to a service route must be recognised here too.
 */
export function isServiceRoutePath(path: string, restPrefix: string, routeBase: string): boolean {
  const base = `${restPrefix}${routeBase}`.replace(/\/+$/, '').toLowerCase();
  const candidate = path.toLowerCase();
  return candidate === base || candidate.startsWith(`${base}/`);
}

/** WordPress's REST prefix with pretty permalinks: `/wp-json/service/v1/ping`. */
export const WORDPRESS_REST_PREFIX = '/wp-json';
/** WordPress's fallback without pretty permalinks: `/?rest_route=/service/v1/ping`. */
export const REST_ROUTE_PARAMETER = 'rest_route';
/** How ping names the fallback: the site address, this, then the route. */
export const REST_ROUTE_PREFIX = `/?${REST_ROUTE_PARAMETER}=`;

/**
 * A `rest_route` value is copied into the request path, so it may hold only plain path characters:
 * no dots (no `..`), no percent escapes, no `?` or `#` that would change what the router sees.
 */
const PLAIN_ROUTE = /^[A-Za-z0-9_\-/]+$/;

/**
 * The service route a request names through one of WordPress's paths, as the part below the REST
 * prefix (`/service/v1/ping`); null when it names none. `querystring` is the raw query without `?`.
 * The route is matched as loosely as the native one (case, trailing slash): the router decides
 * whether it exists.
 */
export function wordpressServiceRoute(path: string, querystring: string, routeBase: string): string | null {
  if (isServiceRoutePath(path, WORDPRESS_REST_PREFIX, routeBase))
    return path.slice(WORDPRESS_REST_PREFIX.length);
  if (path !== '/' && path !== '') return null;
  const routes = new URLSearchParams(querystring).getAll(REST_ROUTE_PARAMETER);
  // One value only: with two, WordPress and a proxy in front of us could disagree on which is meant.
  if (routes.length !== 1) return null;
  const [route] = routes;
  return PLAIN_ROUTE.test(route) && isServiceRoutePath(route, '', routeBase) ? route : null;
}

/** Whether a request can reach a service route, natively or through a WordPress path. */
export function isServiceRequest(
  path: string,
  querystring: string,
  restPrefix: string,
  routeBase: string
): boolean {
  return (
    isServiceRoutePath(path, restPrefix, routeBase) ||
    wordpressServiceRoute(path, querystring, routeBase) !== null
  );
}

/** The prefixes the service routes answer under, as ping reports them (the native one first). */
export function answeringPrefixes(restPrefix: string, wordpressPaths: boolean): string[] {
  const prefixes = [restPrefix, ...(wordpressPaths ? [WORDPRESS_REST_PREFIX, REST_ROUTE_PREFIX] : [])];
  return [...new Set(prefixes)];
}
