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
