import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { z } from 'zod';
import { deliveryAgainBody } from '../../../../../core/src/hooks/inspector-api';
import { getService } from '../../../common/get-service';
import { parsed } from './admin-validation-errors';

const endpointParams = z.object({ id: z.string().min(1).max(128) });
const deliveryParams = z.object({ id: z.coerce.number().int().positive() });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * Admin API of the delivery inspector (Settings -> Article Publisher -> Webhook endpoints -> an
 * endpoint, issue #59); route policies check RBAC.
 */
const adminHookDeliveriesController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(ctx: Context) {
    const { id } = parsed(endpointParams, ctx.params);
    const { page, pageSize } = parsed(pageQuery, ctx.query);
    ctx.body = await getService(strapi, 'hook-inspector').deliveries(id, page, pageSize);
  },

  async show(ctx: Context) {
    const { id } = parsed(deliveryParams, ctx.params);
    ctx.body = await getService(strapi, 'hook-inspector').delivery(id);
  },

  async sample(ctx: Context) {
    const { id } = parsed(endpointParams, ctx.params);
    ctx.body = await getService(strapi, 'hook-inspector').sample(id);
  },

  async again(ctx: Context) {
    const { id } = parsed(deliveryParams, ctx.params);
    const input = parsed(deliveryAgainBody, ctx.request.body);
    ctx.status = 202;
    ctx.body = await getService(strapi, 'hook-inspector').again(id, input);
  },
});

export default adminHookDeliveriesController;
