/** A route as the plugin declares it; `config` is Strapi's per-route options. */
interface RouteDeclaration {
  config?: Record<string, unknown>;
}

/**
 * Mounts content-API routes right under Strapi's REST prefix (`/api/service/v1/...`) on every Strapi 5.
 * A router's `prefix: ''` alone is not enough: before 5.20 Strapi reads an empty router prefix as unset
 * and mounts the routes under `/{plugin id}`. A route whose config names a `prefix` is mounted on the
 * content API's own router instead, with its path as written, by every 5.x; Strapi's route listing
 * (the Users & Permissions roles) reads the same option, so it shows the path the route answers at.
 */
export function atRestPrefixRoot<Route extends RouteDeclaration>(routes: Route[]): Route[] {
  return routes.map((route) => ({ ...route, config: { ...route.config, prefix: '' } }));
}
