import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { parseJsonBody } from '../../../../core/src/json-body';
import { getService } from '../get-service';
import { bodyAlreadyRead, readRawBody } from './raw-body';

/**
 * Route middleware for integration A's publish route, placed after `service-key`: the body is read
 * (up to the plugin's body limit) and parsed only once the caller's key was accepted.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    // An app-level body parser that runs before Strapi's may have taken the stream already; the
    // caller is authenticated, so its parsed result is used as any other route would use it.
    if (!bodyAlreadyRead(ctx)) {
      const { bodyLimitBytes } = getService(strapi, 'plugin-config').static();
      ctx.request.body = parseJsonBody(await readRawBody(ctx, bodyLimitBytes));
    }
    await next();
  };
