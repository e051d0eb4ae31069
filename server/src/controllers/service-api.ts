import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { getService } from '../utils/get-service';

/** Integration A's endpoints. Authentication happened in the `service-key` route middleware. */
const serviceApiController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async ping(ctx: Context) {
    ctx.body = await getService(strapi, 'site-info').ping();
  },
});

export default serviceApiController;
