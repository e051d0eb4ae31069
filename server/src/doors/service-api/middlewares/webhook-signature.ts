import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { SERVICE_SIGNATURE_HEADER } from '../../../../../core/src/wire-names';
import { ServiceError } from '../../../../../core/src/errors';
import { parseJsonBody } from '../../../../../core/src/json-body';
import { isWellFormedSignature, verifyWebhook } from '../../../../../core/src/webhook-signature';
import { rawBodyDigest } from '../../../../../core/src/webhook-replay';
import { getService } from '../../../common/get-service';
import { refuseBodyReadBefore } from '../../../common/http/raw-body';
import { readUnverifiedBody } from '../../../common/http/unverified-body';
import { setVerifiedBodyDigest } from '../../../common/http/verified-body';

const invalidSignature = () =>
  new ServiceError(
    'invalid_signature',
    'The X-Service-Signature header is missing or is not the HMAC-SHA256 (lowercase hex) of the body with the webhook secret.'
  );

/**
 * Route middleware for integration B (spec 4.2: read raw, verify, then parse). The body is read as
 * bytes under the body limit and a per-process budget (see unverified-body.ts), the signature is
 * checked over exactly those bytes, and only a verified body is parsed (into `ctx.request.body`).
 * Failed checks count towards the per-client throttle; a valid signature never meets it, unless its
 * address is refused for abandoned bodies before anything is read.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const throttle = getService(strapi, 'auth-throttle');
    const client = ctx.request.ip;
    const secret = await getService(strapi, 'webhook-secret').current();
    if (!secret) {
      throw new ServiceError(
        'not_configured',
        'No webhook secret is set on this site yet. Set one in Settings > Article Publisher.'
      );
    }
    refuseBodyReadBefore(ctx, strapi.log, {
      code: 'invalid_signature',
      message:
        'The signature cannot be checked: the site read the request body before the webhook receiver could.',
    });
    const signature = ctx.get(SERVICE_SIGNATURE_HEADER) || undefined;
    // A header that cannot be a signature is refused without reading the body.
    if (!isWellFormedSignature(signature)) return throttle.refuse(client, 'signature', invalidSignature());

    const raw = await readUnverifiedBody(strapi, ctx);
    if (!verifyWebhook(raw, signature, secret))
      return throttle.refuse(client, 'signature', invalidSignature());
    ctx.request.body = parseJsonBody(raw);
    setVerifiedBodyDigest(ctx, rawBodyDigest(raw));
    await next();
  };
