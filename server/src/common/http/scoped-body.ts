import type { Context } from 'koa';
import { isServiceRequest } from '../../../../core/src/service-paths';
import { wordpressApiRoute } from '../../../../core/src/wordpress/route-path';
import { SERVICE_ROUTE_BASE } from '../plugin-id';

/**
 * Strapi parses bodies in one global middleware, before routing; `register` scopes it
 * (server/src/strapi/body-parser.ts) with this rule: on any path the router could send to a service
 * route, natively or through a WordPress path (which `wordpress-paths` rewrites only after this ran),
 * nothing is read, so the route middlewares read the body themselves in the contract's order (key
 * before body; raw bytes, signature, then parse). Every other route goes through Strapi's parser.
 */
export function leavesBodyUnread(ctx: Context, restPrefix: string): boolean {
  if (isServiceRequest(ctx.path, ctx.querystring, restPrefix, SERVICE_ROUTE_BASE)) return true;
  // The WordPress API reads its body itself, after the application password was checked
  // (wordpress/request-body: JSON, forms, and multipart as PHP reads it).
  return wordpressApiRoute(ctx.path, ctx.querystring, SERVICE_ROUTE_BASE, restPrefix) !== null;
}
