import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { z } from 'zod';
import type { ApplicationPasswordsResponse } from '../../../../../core/src/wordpress/application-passwords-api';
import { normalizeLogin } from '../../../../../core/src/wordpress/application-password';
import { getService } from '../../../common/get-service';

/** `POST /application-passwords`: a name (the application's, from the authorize flow) and its UUID. */
const createPasswordBody = z
  .object({
    name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    appId: z.uuid('must be a UUID').optional(),
  })
  .strict();

/** `DELETE /application-passwords/:id`. */
const passwordIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Zod's first issue as Strapi's 400, the field named. */
function parsed<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  throw new errors.ValidationError(
    field ? `${field} ${issue.message}` : (issue?.message ?? 'invalid request')
  );
}

/** The admin behind the request (set by Strapi's admin authentication, which the route policies require). */
function currentAdmin(ctx: Context): { id: number; email: string } {
  const user = ctx.state.user as { id: number; email: string };
  return { id: user.id, email: user.email };
}

/** Admin API of the WordPress application passwords; route policies check RBAC. */
const adminApplicationPasswordsController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(ctx: Context) {
    const service = getService(strapi, 'application-passwords');
    const body: ApplicationPasswordsResponse = {
      passwords: await service.list(),
      login: normalizeLogin(currentAdmin(ctx).email),
      environmentLogin: service.environmentLogin(),
    };
    ctx.body = body;
  },

  async create(ctx: Context) {
    const input = parsed(createPasswordBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await getService(strapi, 'application-passwords').create(currentAdmin(ctx), input);
  },

  async revoke(ctx: Context) {
    const { id } = parsed(passwordIdParams, ctx.params);
    await getService(strapi, 'application-passwords').revoke(id);
    ctx.status = 204;
  },
});

export default adminApplicationPasswordsController;
