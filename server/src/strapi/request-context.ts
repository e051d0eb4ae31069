import type { Core } from '@strapi/strapi';

/**
 * Relies on: `strapi.requestContext.get()`, the koa context of the request being handled, which Strapi
 * keeps in an AsyncLocalStorage around every request (node_modules/@strapi/core/dist/services/
 * request-context.js, entered in services/server/index.js), on every Strapi 5 release. Work started by
 * a request keeps its context, so an MCP tool's handler, which Strapi's MCP server runs while it
 * answers the request to /mcp, finds the client there: the handler itself is given no request.
 */
interface RequestContextStore {
  get(): { request?: { ip?: unknown } } | undefined;
}

/** The address of the client whose request is being answered (as koa reads it: proxies as configured), if any. */
export function currentClientAddress(strapi: Core.Strapi): string | undefined {
  const store = (strapi as unknown as { requestContext?: Partial<RequestContextStore> }).requestContext;
  if (typeof store?.get !== 'function') return undefined;
  const ip = store.get()?.request?.ip;
  return typeof ip === 'string' && ip ? ip : undefined;
}
