import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import {
  XMLRPC_DISABLED,
  XMLRPC_PATH,
  XMLRPC_POST_ONLY,
  xmlrpcFault,
} from '../../../core/src/wordpress/xmlrpc';
import { describeError } from '../utils/describe-error';
import { getService } from '../utils/get-service';

/**
 * App middleware, installed by `bootstrap` with the WordPress API: `/xmlrpc.php` answers as a
 * WordPress whose XML-RPC is disabled, so desktop editors and XML-RPC libraries report that reason
 * instead of a connection error (Strapi's router would answer a bare 405). Nothing is parsed or run:
 * every call gets the fault. With `wordpressPaths` off, the path is not the plugin's: 404.
 */
export const xmlrpcEndpoint = ({ strapi }: { strapi: Core.Strapi }) => {
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== XMLRPC_PATH) return next();
    let enabled: boolean;
    try {
      enabled = (await getService(strapi, 'plugin-config').get()).wordpressPaths;
    } catch (error) {
      strapi.log.error(
        `[article-publisher] ${ctx.method} ${ctx.path}: reading the config failed: ${describeError(error)}`
      );
      ctx.status = 500;
      return;
    }
    if (!enabled) {
      ctx.status = 404;
      return;
    }
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', 'POST');
      ctx.type = 'text/plain';
      ctx.body = XMLRPC_POST_ONLY;
      return;
    }
    ctx.status = XMLRPC_DISABLED.code;
    ctx.type = 'text/xml; charset=UTF-8';
    ctx.body = xmlrpcFault(XMLRPC_DISABLED.code, XMLRPC_DISABLED.message);
  };
};
