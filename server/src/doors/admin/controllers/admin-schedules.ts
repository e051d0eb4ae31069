import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { z } from 'zod';
import { getService } from '../../../common/get-service';

/** `:id` of an activity row: a ledger entry's id. */
const cancelParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Admin API of scheduled publishing: the activity row's "cancel schedule". Route policies check RBAC. */
const adminSchedulesController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async cancelSchedule(ctx: Context) {
    const params = cancelParamsSchema.safeParse(ctx.params);
    if (!params.success) throw new errors.ValidationError('id must be a positive integer');
    const outcome = await getService(strapi, 'schedules').cancelForDelivery(params.data.id);
    if (outcome.kind === 'none') throw new errors.NotFoundError('This activity row has no schedule.');
    if (outcome.kind === 'not-waiting')
      throw new errors.ApplicationError(`This schedule is no longer waiting: it is ${outcome.state}.`);
    ctx.body = { schedule: outcome.schedule };
  },
});

export default adminSchedulesController;
