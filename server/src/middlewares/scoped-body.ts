import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { errorBody } from '../../../core/src/errors';
import { getService } from '../utils/get-service';
import { SERVICE_ROUTE_BASE } from '../utils/plugin-id';

type MiddlewareFactory = (
  config: Record<string, unknown>,
  context: { strapi: Core.Strapi }
) => Core.MiddlewareHandler;

interface BodyParseError {
  status?: number;
  statusCode?: number;
  message?: string;
}

/**
 * Strapi parses bodies in one global middleware, before routing. `register` wraps it with this: the
 * service routes get their own size limit, the raw body kept for the webhook signature, and parse
 * errors in the contract's shape; every other route goes through Strapi's parser with the app's config.
 */
export const scopeBodyParser =
  (strapiBody: MiddlewareFactory): MiddlewareFactory =>
  (appConfig, { strapi }) => {
    const original = appConfig ?? {};
    const forOtherRoutes = strapiBody(original, { strapi });
    const bodyLimitBytes = getService(strapi, 'plugin-config').static().bodyLimitBytes;
    const forServiceRoutes = strapiBody(
      {
        ...original,
        multipart: false,
        includeUnparsed: true,
        jsonLimit: bodyLimitBytes,
        textLimit: bodyLimitBytes,
      },
      { strapi }
    );
    const serviceRoutePrefix = `${String(strapi.config.get('api.rest.prefix', '/api'))}${SERVICE_ROUTE_BASE}/`;

    return async (ctx: Context, next: Next) => {
      if (!ctx.path.startsWith(serviceRoutePrefix)) return forOtherRoutes(ctx, next);
      let parsed = false;
      try {
        await forServiceRoutes(ctx, async () => {
          parsed = true;
          await next();
        });
      } catch (error) {
        if (parsed) throw error;
        const { status, code, message } = describeParseError(error as BodyParseError, bodyLimitBytes);
        ctx.status = status;
        ctx.body = { ...errorBody(code, message), data: { status } };
      }
    };
  };

function describeParseError(error: BodyParseError, limit: number) {
  const status = error.status ?? error.statusCode ?? 400;
  if (status === 413) {
    return {
      status,
      code: 'payload_too_large' as const,
      message: `The request body is larger than ${limit} bytes.`,
    };
  }
  if (status === 400) {
    return {
      status,
      code: 'invalid_json' as const,
      message: `The request body is not valid JSON: ${error.message ?? 'parse error'}`,
    };
  }
  return {
    status,
    code: 'bad_request' as const,
    message: error.message ?? 'The request body could not be read.',
  };
}
