import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { getService } from '../../../common/get-service';
import { verifiedBodyDigest } from '../../../common/http/verified-body';
import { headerOf, hookEndpointOf } from '../middlewares/hook-auth';

/** A custom webhook endpoint's receiver; the `hook-auth` route middleware found the endpoint and checked the sender. */
const hooksController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async receive(ctx: Context) {
    ctx.body = await getService(strapi, 'hooks').receive(
      hookEndpointOf(ctx),
      ctx.request.body,
      { header: headerOf(ctx) },
      verifiedBodyDigest(ctx)
    );
  },
});

export default hooksController;
