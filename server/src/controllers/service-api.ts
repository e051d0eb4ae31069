import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { articleFromPublishRequest, normalizeArticle } from '../../../core/src/article';
import { parsePublishRequest } from '../../../core/src/publish-request';
import { getService } from '../utils/get-service';

/** Integration A's endpoints. Authentication happened in the `service-key` route middleware. */
const serviceApiController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async ping(ctx: Context) {
    ctx.body = await getService(strapi, 'site-info').ping();
  },

  async publishPost(ctx: Context) {
    const request = parsePublishRequest(ctx.request.body);
    const config = await getService(strapi, 'plugin-config').get();
    const article = normalizeArticle(articleFromPublishRequest(request), {
      defaultStatus: config.defaultStatus,
      sanitize: { videoEmbedHosts: config.videoEmbedHosts, allowHttpImages: config.images.allowHttp },
    });
    const outcome = await getService(strapi, 'publisher').publish(article, { source: 'api' });
    ctx.status = outcome.created ? 201 : 200;
    ctx.body = outcome.response;
  },
});

export default serviceApiController;
