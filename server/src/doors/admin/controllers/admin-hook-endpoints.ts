import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { z, ZodError } from 'zod';
import {
  createHookEndpointBody,
  regenerateHookSecretBody,
  updateHookEndpointBody,
} from '../../../../../core/src/hooks/stored-endpoints';
import { getService } from '../../../common/get-service';
import { asValidationError, parsed } from './admin-validation-errors';

const endpointIdParams = z.object({ id: z.string().min(1).max(128) });

/** An update's options are checked against the endpoint's preset by the service: its ZodError is a 400 too. */
async function withFieldErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof ZodError ? asValidationError(error) : error;
  }
}

/** Admin API of the custom webhook endpoints (Settings -> Article Publisher -> Webhook endpoints); route policies check RBAC. */
const adminHookEndpointsController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(ctx: Context) {
    ctx.body = await getService(strapi, 'hook-endpoints').page();
  },

  async create(ctx: Context) {
    const input = parsed(createHookEndpointBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await getService(strapi, 'hook-endpoints').create(input);
  },

  async update(ctx: Context) {
    const { id } = parsed(endpointIdParams, ctx.params);
    const input = parsed(updateHookEndpointBody, ctx.request.body);
    ctx.body = await withFieldErrors(() => getService(strapi, 'hook-endpoints').update(id, input));
  },

  async regenerate(ctx: Context) {
    const { id } = parsed(endpointIdParams, ctx.params);
    const input = parsed(regenerateHookSecretBody, ctx.request.body);
    ctx.body = await getService(strapi, 'hook-endpoints').regenerate(id, input);
  },

  async remove(ctx: Context) {
    const { id } = parsed(endpointIdParams, ctx.params);
    await getService(strapi, 'hook-endpoints').remove(id);
    ctx.status = 204;
  },
});

export default adminHookEndpointsController;
