import { redactUrlsIn } from '../../../core/src/redact-url';

/**
 * An error as a log line shows it: its stack (else its message), every URL in it redacted, since an
 * error can quote an image URL and image URLs can carry credentials (see core/src/redact-url.ts).
 */
export function describeError(error: unknown): string {
  return redactUrlsIn(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
