import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import type { EffectiveConfig } from '../../../../core/src/config';
import {
  answerWithoutLogin,
  rsdDocument,
  XMLRPC_DISABLED,
  XMLRPC_PATH,
  XMLRPC_POST_ONLY,
  xmlrpcFault,
  xmlrpcMethodName,
  xmlrpcStringArray,
} from '../../../../core/src/wordpress/xmlrpc';
import { bodyAlreadyRead, readRawBody } from '../../common/http/raw-body';
import { describeError } from '../../common/describe-error';
import { getService } from '../../common/get-service';

/** A method call read at most: the two calls answered are a few hundred bytes. */
const CALL_LIMIT_BYTES = 64 * 1024;

/** The method a call names; null when the body cannot be read (too large, cut off) or names none. */
async function calledMethod(ctx: Context): Promise<string | null> {
  if (bodyAlreadyRead(ctx)) {
    const parsed = (ctx.request as { body?: unknown }).body;
    return typeof parsed === 'string' ? xmlrpcMethodName(parsed) : null;
  }
  try {
    return xmlrpcMethodName((await readRawBody(ctx, CALL_LIMIT_BYTES)).toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * App middleware, installed by `bootstrap` with the WordPress API: `/xmlrpc.php` answers as a
 * WordPress whose XML-RPC is disabled, so desktop editors and XML-RPC libraries report that reason
 * instead of a connection error (Strapi's router would answer a bare 405). The calls that need no
 * login are answered; every other gets the fault, with HTTP 200 so clients read it as a fault (see
 * docs/wordpress.md). `?rsd` points clients at the REST API. With `wordpressPaths` off, 404.
 */
export const xmlrpcEndpoint = ({ strapi }: { strapi: Core.Strapi }) => {
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== XMLRPC_PATH) return next();
    let config: EffectiveConfig;
    try {
      config = await getService(strapi, 'plugin-config').get();
    } catch (error) {
      strapi.log.error(
        `[article-publisher] ${ctx.method} ${ctx.path}: reading the config failed: ${describeError(error)}`
      );
      ctx.status = 500;
      return;
    }
    if (!config.wordpressPaths) {
      ctx.status = 404;
      return;
    }
    ctx.type = 'text/xml; charset=UTF-8';
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && new URLSearchParams(ctx.querystring).has('rsd')) {
      const site = getService(strapi, 'site-info');
      const cmsUrl = site.cmsUrl() ?? String(strapi.config.get('server.absoluteUrl', '')).replace(/\/+$/, '');
      ctx.body = rsdDocument({
        homeUrl: site.siteUrl(config),
        xmlrpcUrl: `${cmsUrl}${XMLRPC_PATH}`,
        apiRoot: `${cmsUrl}/wp-json`,
      });
      return;
    }
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', 'POST');
      ctx.type = 'text/plain';
      ctx.body = XMLRPC_POST_ONLY;
      return;
    }
    const answer = answerWithoutLogin(await calledMethod(ctx));
    ctx.status = 200;
    ctx.body = answer
      ? xmlrpcStringArray(answer)
      : xmlrpcFault(XMLRPC_DISABLED.code, XMLRPC_DISABLED.message);
  };
};
