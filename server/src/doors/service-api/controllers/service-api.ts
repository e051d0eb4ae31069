import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { articleFromPublishRequest } from '../../../../../core/src/article';
import { toPublishResponse } from '../../../../../core/src/publish-result';
import { parsePublishRequest } from '../../../../../core/src/publish-request';
import { getService } from '../../../common/get-service';

/** The publishing API's endpoints. Authentication happened in the `service-key` route middleware. */
const serviceApiController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async ping(ctx: Context) {
    ctx.body = await getService(strapi, 'site-info').ping();
  },

  async publishPost(ctx: Context) {
    const body: unknown = ctx.request.body;
    const request = parsePublishRequest(body);
    const config = await getService(strapi, 'plugin-config').get();
    const gateRequest = {
      door: 'service-api' as const,
      caller: { kind: 'service' as const },
      fields: articleFromPublishRequest(request),
      origin: { source: 'api' as const },
      config,
    };
    // A dry run maps and fits without fetching or writing anything.
    if (ctx.query.dry_run === 'true') {
      ctx.body = await getService(strapi, 'gate').preview(gateRequest);
      return;
    }
    const result = await getService(strapi, 'gate').publish(gateRequest);
    ctx.status = result.created ? 201 : 200;
    ctx.body = toPublishResponse(result);
  },

  /** Removes the conformance check's post (its reserved slug only), so a check leaves no article behind. */
  async removeCheckPost(ctx: Context) {
    const config = await getService(strapi, 'plugin-config').get();
    const removed = await getService(strapi, 'posts').removeConformanceCheckPost(config);
    ctx.body = { status: 'success', removed };
  },
});

export default serviceApiController;
