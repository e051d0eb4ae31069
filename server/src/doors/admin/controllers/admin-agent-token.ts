import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { z } from 'zod';
import { getService } from '../../../common/get-service';
import { agentRights } from '../../mcp/tools';
import type { AdminTokenOwner } from '../../../strapi/admin-tokens';

/** `POST /agent-token`: optionally the token's name (Strapi's admin tokens list it). */
const createTokenBody = z
  .object({ name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters') })
  .partial()
  .strict();

/** Admin API of the settings page's "Connect an AI agent"; route policies check RBAC. */
const adminAgentTokenController = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The rights a token is given and whether Strapi's MCP server is on. */
  async plan(ctx: Context) {
    ctx.body = getService(strapi, 'agent-tokens').plan(agentRights(strapi));
  },

  /** Creates the admin token, owned by the admin asking; its key is in this answer only. */
  async create(ctx: Context) {
    const parsed = createTokenBody.safeParse(ctx.request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.');
      throw new errors.ValidationError(
        field ? `${field} ${issue.message}` : (issue?.message ?? 'invalid request')
      );
    }
    // Set by Strapi's admin authentication (the route's policies require it), roles included.
    const owner = ctx.state.user as AdminTokenOwner;
    ctx.status = 201;
    ctx.body = await getService(strapi, 'agent-tokens').create(owner, agentRights(strapi), parsed.data);
  },
});

export default adminAgentTokenController;
