import type { Core } from '@strapi/strapi';

/**
 * Relies on: `strapi.requestContext.get()`, the koa context of the request being handled, which Strapi
 * keeps in an AsyncLocalStorage around every request (node_modules/@strapi/core/dist/services/
 * request-context.js, entered in services/server/index.js), on every Strapi 5 release. Work started by
 * a request keeps its context, so an MCP tool's handler, which Strapi's MCP server runs while it
 * answers the request to /mcp, finds the client there: the handler itself is given no request. The
 * image scheduler recognises by it the request whose images are being imported (it is no reader).
 */
interface RequestContextStore {
  get(): { request?: { ip?: unknown } } | undefined;
}

const storeOf = (strapi: Core.Strapi) =>
  (strapi as unknown as { requestContext?: Partial<RequestContextStore> }).requestContext;

/** The koa context of the request being answered, if any (an object to recognise it by, nothing more). */
export function currentRequest(strapi: Core.Strapi): object | undefined {
  const store = storeOf(strapi);
  return typeof store?.get === 'function' ? store.get() : undefined;
}

/** The address of the client whose request is being answered (as koa reads it: proxies as configured), if any. */
export function currentClientAddress(strapi: Core.Strapi): string | undefined {
  const store = storeOf(strapi);
  if (typeof store?.get !== 'function') return undefined;
  const ip = store.get()?.request?.ip;
  return typeof ip === 'string' && ip ? ip : undefined;
}
