import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';

type MiddlewareFactory = (
  config: Record<string, unknown>,
  context: { strapi: Core.Strapi }
) => Core.MiddlewareHandler;

/** Strapi's MCP endpoint (node_modules/@strapi/core/dist/services/mcp/internal/McpConfiguration.js). */
const MCP_PATH = '/mcp';
/** Room for the JSON-RPC envelope around a tool's arguments. */
const ENVELOPE_BYTES = 64 * 1024;

/** koa-body's `jsonLimit` as bytes: a number, or a size such as "1mb" (its default). */
function limitBytes(value: unknown): number {
  if (typeof value === 'number') return value;
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(String(value ?? '1mb').trim());
  if (!match) return 1024 * 1024;
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(match[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(match[1]) * unit);
}

/**
 * Lets a tool call on `/mcp` be as large as a publish-post body (`bodyLimitBytes`), so that an agent's
 * data-URL cover or inline image up to the image limit reaches the publish tool; Strapi's JSON body
 * limit (koa-body's `jsonLimit`, 1 MB by default) would refuse it as a transport error first. Only
 * `/mcp` gets the plugin's limit (never lower than the app's); every other route keeps the app's. The
 * publish tool then answers arguments over `bodyLimitBytes` as a tool error naming the limit. Uses the
 * middlewares registry's `extend` in the register phase, as server/src/strapi/body-parser.ts does.
 */
export function raiseMcpBodyLimit(strapi: Core.Strapi, bodyLimitBytes: number): void {
  const pluginLimit = bodyLimitBytes + ENVELOPE_BYTES;
  strapi.get('middlewares').extend(
    'strapi::body',
    (strapiBody: MiddlewareFactory): MiddlewareFactory =>
      (appConfig, context) => {
        const forOtherRoutes = strapiBody(appConfig ?? {}, context);
        const jsonLimit = Math.max(limitBytes(appConfig?.jsonLimit), pluginLimit);
        const forMcp = strapiBody({ ...(appConfig ?? {}), jsonLimit }, context);
        return async (ctx: Context, next: Next) =>
          ctx.method === 'POST' && ctx.path === MCP_PATH ? forMcp(ctx, next) : forOtherRoutes(ctx, next);
      }
  );
}
