import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import {
  authenticate,
  checkHeaders,
  describeAuthFailure,
  type AuthOutcome,
} from '../../../../../core/src/hooks/auth';
import type { WebhookEndpoint } from '../../../../../core/src/hooks/endpoints';
import { PRESETS } from '../../../../../core/src/hooks/presets';
import { ServiceError } from '../../../../../core/src/errors';
import { parseJsonBody } from '../../../../../core/src/json-body';
import { rawBodyDigest } from '../../../../../core/src/webhook-replay';
import { getService } from '../../../common/get-service';
import { setVerifiedBodyDigest } from '../../../common/http/verified-body';
import { refuseBodyReadBefore } from '../../../common/http/raw-body';
import { readUnverifiedBody } from '../../../common/http/unverified-body';

/** Where the endpoint a request named waits for the controller. */
const HOOK_ENDPOINT = Symbol('article-publisher custom webhook endpoint');
type StateWithEndpoint = Record<symbol, unknown>;

export function hookEndpointOf(ctx: Context): WebhookEndpoint {
  const endpoint = (ctx.state as StateWithEndpoint)[HOOK_ENDPOINT];
  if (!endpoint) throw new Error('the hooks route runs without its hook-auth middleware');
  return endpoint as WebhookEndpoint;
}

/** A request header's value, or undefined when absent (koa answers '' for those). */
export const headerOf = (ctx: Context) => (name: string) => ctx.get(name) || undefined;

/**
 * Route middleware of a custom webhook endpoint (`/service/v1/hooks/:id`), in the signed webhook's
 * order: the endpoint (404 when the id names none, or a disabled one), then what the headers alone can prove (a token,
 * a header secret, the form of a signature, a timestamp's window) before any byte is read, then the
 * raw body under the unverified-body budget, checked over its exact bytes, and only then parsed.
 * Every refused credential counts towards the per-client throttle. An endpoint whose secret was
 * regenerated accepts its previous secret too, for the grace period.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const throttle = getService(strapi, 'auth-throttle');
    const client = ctx.request.ip;
    const now = new Date();
    // Declared in the config or created in the admin; a disabled one is refused exactly as an unknown one.
    const resolved = await getService(strapi, 'hook-endpoints').find(String(ctx.params.id ?? ''), now);
    // Counted as a failed credential: with auth "none" the address is the secret, so guessing is throttled.
    if (!resolved)
      return throttle.refuse(
        client,
        'hook',
        new ServiceError('not_found', 'No webhook endpoint has this address.')
      );
    const { endpoint, secrets } = resolved;
    const preset = PRESETS[endpoint.preset];
    if (!preset.methods.includes(ctx.method)) {
      throw new ServiceError(
        'bad_request',
        `This endpoint takes ${preset.methods.join(' or ')}, not ${ctx.method}.`
      );
    }
    const refuse = (outcome: Extract<AuthOutcome, { ok: false }>) =>
      throttle.refuse(client, 'hook', new ServiceError('invalid_credentials', describeAuthFailure(outcome)));

    refuseBodyReadBefore(ctx, strapi.log, {
      code: 'invalid_credentials',
      message: 'The delivery cannot be checked: the site read the request body before the receiver could.',
    });
    const scheme = preset.auth(endpoint.options);
    const request = { header: headerOf(ctx), now };
    const beforeBody = checkHeaders(scheme, request, secrets);
    if (!beforeBody.ok) return refuse(beforeBody);

    const raw = await readUnverifiedBody(strapi, ctx);
    const outcome = authenticate(scheme, request, raw, secrets);
    if (!outcome.ok) return refuse(outcome);
    ctx.request.body = parseJsonBody(raw);
    setVerifiedBodyDigest(ctx, rawBodyDigest(raw));
    await getService(strapi, 'hook-endpoints').recordDelivery(resolved, now);
    (ctx.state as StateWithEndpoint)[HOOK_ENDPOINT] = endpoint;
    await next();
  };
