/** When and how long to wait before delivering a webhook again (issue 6, spec 6 "may be retried"). */

/** Network errors and timeouts are retried too; among statuses only these are. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

const HTTP_DATE_START = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /i;

/**
 * A Retry-After header in milliseconds from `nowMs`: delta-seconds or an HTTP date (RFC 9110 10.2.3).
 * null when absent or unreadable; a date in the past gives 0.
 */
export function parseRetryAfterMs(value: string | null | undefined, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Every HTTP-date form starts with a day name; Date.parse alone would take "-5" as a year.
  if (!HTTP_DATE_START.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowMs);
}

export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
  /** A number in [0, 1), injectable for tests. */
  random: () => number;
}

/**
 * Exponential backoff with "equal jitter" after the given failed attempt (1-based): half of
 * min(max, base * 2^(attempt-1)) is fixed so waits keep growing, the other half is random so many
 * senders do not retry in step.
 */
export function backoffDelayMs(failedAttempt: number, options: BackoffOptions): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (failedAttempt - 1));
  return Math.round(ceiling / 2 + options.random() * (ceiling / 2));
}
