import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ByteBudget } from '../../../../core/src/byte-budget';
import { BodyReadError, discardRest, readChargedBody } from '../../../../core/src/charged-body';
import { ServiceError } from '../../../../core/src/errors';
import { getService } from '../get-service';
import { assertIdentityEncoding, declaredLength, payloadTooLarge } from './raw-body';

/** Unverified bodies held at once, per process: at most this many times the body limit. */
const BUDGET_IN_BODY_LIMITS = 2;
/** One client address may hold at most this part of the budget: one body at the limit. */
const CLIENT_SHARE_OF_BUDGET = 1 / 2;
/** What a sender is told to wait when the budget (or its share) is full. */
const BUSY_RETRY_AFTER_SECONDS = 5;

let unverifiedBodies: ByteBudget | undefined;
/** One budget for the whole process, whichever route reads a webhook body. */
function unverifiedBodyBudget(bodyLimitBytes: number): ByteBudget {
  const capacity = BUDGET_IN_BODY_LIMITS * bodyLimitBytes;
  unverifiedBodies ??= new ByteBudget(capacity, capacity * CLIENT_SHARE_OF_BUDGET);
  return unverifiedBodies;
}

/** Asks the client to close the connection with the answer: what it left unsent is never read. */
const CLOSE = { Connection: 'close' };

/**
 * Reads a webhook body before its signature can be checked (spec 4.2: raw bytes first). The bytes are
 * charged to the per-process budget as they arrive, within the client's share; the body must keep
 * coming (`webhookIdleTimeoutMs`) and be complete within `webhookReadTimeoutMs`. A client that abandoned
 * too many bodies is refused before a byte is read, and each body it abandons (stalled or cut off)
 * counts as a failure for the throttle.
 */
export async function readUnverifiedBody(strapi: Core.Strapi, ctx: Context): Promise<Buffer> {
  const { bodyLimitBytes, webhookIdleTimeoutMs, webhookReadTimeoutMs } = getService(
    strapi,
    'plugin-config'
  ).static();
  const throttle = getService(strapi, 'auth-throttle');
  const client = ctx.request.ip;
  await throttle.assertMayStartBody(client);
  assertIdentityEncoding(ctx);
  const length = declaredLength(ctx);
  if (length !== null && length > bodyLimitBytes) throw payloadTooLarge(bodyLimitBytes);

  const account = unverifiedBodyBudget(bodyLimitBytes).open(client);
  try {
    return await readChargedBody(ctx.req, {
      declaredLength: length,
      limitBytes: bodyLimitBytes,
      idleTimeoutMs: webhookIdleTimeoutMs,
      readTimeoutMs: webhookReadTimeoutMs,
      account,
    });
  } catch (error) {
    if (!(error instanceof BodyReadError)) throw error;
    if (error.reason === 'timed_out' || error.reason === 'aborted') {
      await throttle.recordFailure(client, { abandonedBody: true });
      throw new ServiceError(
        'request_timeout',
        `The webhook body was not received: ${error.message}. Send the whole body without pauses.`,
        CLOSE
      );
    }
    // Answered before the rest arrives; the rest is dropped as it comes, and a stalled sender is cut off.
    void discardRest(ctx.req, {
      idleTimeoutMs: webhookIdleTimeoutMs,
      deadlineMs: webhookReadTimeoutMs,
    }).then((outcome) => {
      if (outcome === 'timed_out') ctx.req.socket.destroy();
    });
    throw refusal(error, bodyLimitBytes);
  } finally {
    account.release();
  }
}

/** The answer to a body refused while it was arriving. */
function refusal(error: BodyReadError, bodyLimitBytes: number): ServiceError {
  switch (error.reason) {
    case 'too_large':
      return payloadTooLarge(bodyLimitBytes);
    case 'over_budget':
      return new ServiceError(
        'temporarily_unavailable',
        `The site is receiving too many webhook bodies at once. Retry in ${BUSY_RETRY_AFTER_SECONDS} s.`,
        { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) }
      );
    default:
      return new ServiceError('bad_request', `The request body could not be read: ${error.message}.`);
  }
}
