import { isServiceError, ServiceError } from '../../../../core/src/errors';
import { redactUrlsIn } from '../../../../core/src/redact-url';
import { describeValidationFailure } from '../../../../core/src/write-failure';
import { describeError } from '../../common/describe-error';

interface Log {
  warn(message: string): void;
  error(message: string): void;
}

/**
 * A write failure in the contract's shape. Strapi refusing a value is a permanent input problem: a
 * 400 naming the fields (a retry would fail the same way, so never a 5xx, which the webhook sender
 * retries). Anything else is logged and answered with the contract's 500, without internals.
 */
export function toPublishFailure(error: unknown, log: Log): ServiceError {
  if (isServiceError(error)) return error;
  const refused = describeValidationFailure(error);
  if (refused !== undefined) {
    log.warn(`[article-publisher] Strapi refused the post, nothing was written: ${redactUrlsIn(refused)}`);
    return new ServiceError(
      'bad_request',
      `The site refused the post; nothing was written. Strapi said: ${refused}.`
    );
  }
  log.error(`[article-publisher] publish failed, nothing was written: ${describeError(error)}`);
  return new ServiceError('publish_failed', 'The site failed to save the post; nothing was written.');
}
