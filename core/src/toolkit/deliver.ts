import { setTimeout as delay } from 'node:timers/promises';
import { signWebhook } from '../webhook-signature';
import {
  ARTICLE_PUBLISHED_EVENT,
  SERVICE_EVENT_HEADER,
  SERVICE_SIGNATURE_HEADER,
  type WebhookPayload,
} from './contract-types';
import { isServiceRequestError } from './errors';
import { sendHttpRequest, type HttpResponse } from './http';
import { backoffDelayMs, isRetryableStatus, parseRetryAfterMs } from './retry-policy';

export interface DeliveryOptions {
  /** Attempts in all, the first included. Default 5. */
  maxAttempts?: number;
  /** Backoff ceiling after the first failure; doubles each time. Default 1 s. */
  baseDelayMs?: number;
  /** Longest wait between attempts. A Retry-After beyond it ends the delivery. Default 30 s. */
  maxDelayMs?: number;
  /** Per attempt, response body included. Default 15 s. */
  timeoutMs?: number;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Injectable for tests: a number in [0, 1). */
  random?: () => number;
  /** Injectable for tests: the clock Retry-After dates are read against. */
  now?: () => number;
  /** Called after each attempt, once its outcome and the wait before the next are known (for logs). */
  onAttempt?: (attempt: DeliveryAttempt) => void;
}

export interface DeliveryAttempt {
  attempt: number;
  /** HTTP status, or null when no answer came (timeout, network error). */
  status: number | null;
  error: string | null;
  /** Wait before the next attempt; null after the last one. */
  delayMs: number | null;
}

export interface DeliveryResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface DeliveryResult {
  /** True when the receiver answered 2xx. */
  delivered: boolean;
  attempts: DeliveryAttempt[];
  /** The last answer received, if any. */
  response: DeliveryResponse | null;
  /** Why the delivery ended without a 2xx; null when delivered. */
  error: string | null;
  /** The exact bytes sent and their signature, for the sender's records. */
  body: string;
  signature: string;
}

/** Options with their defaults filled in (an explicit `undefined` also gets the default). */
function withDefaults(options: DeliveryOptions) {
  const maxAttempts = options.maxAttempts ?? 5;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError('maxAttempts must be an integer >= 1.');
  return {
    maxAttempts,
    baseDelayMs: options.baseDelayMs ?? 1000,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    timeoutMs: options.timeoutMs ?? 15_000,
    sleep: options.sleep ?? ((ms: number) => delay(ms)),
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
    onAttempt: options.onAttempt ?? (() => undefined),
  };
}

/** The headers of spec 4.2 for a body already serialized and signed. */
export function webhookHeaders(event: string, signature: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    [SERVICE_EVENT_HEADER]: event,
  };
  if (signature !== null) headers[SERVICE_SIGNATURE_HEADER] = signature;
  return headers;
}

function toDeliveryResponse(response: HttpResponse): DeliveryResponse {
  return { status: response.status, headers: Object.fromEntries(response.headers), body: response.text };
}

/**
 * Delivers one webhook (integration B): serializes the payload once, signs those exact bytes, and
 * POSTs them with the headers of spec 4.2. Network errors, timeouts, 408, 429 and 5xx are retried with
 * exponential backoff and jitter, waiting at least what Retry-After asks; other statuses are final.
 * Never throws for delivery failures: the result says what happened on each attempt.
 */
export async function deliverWebhook(
  url: string,
  /** Usually a WebhookPayload; any JSON object is sent as is, its `event` naming X-Service-Event. */
  payload: WebhookPayload | (Record<string, unknown> & { event?: string }),
  secret: string,
  options: DeliveryOptions = {}
): Promise<DeliveryResult> {
  const settings = withDefaults(options);

  const body = JSON.stringify(payload);
  const bytes = Buffer.from(body, 'utf8');
  const signature = signWebhook(bytes, secret);
  const event = typeof payload.event === 'string' ? payload.event : ARTICLE_PUBLISHED_EVENT;
  const headers = webhookHeaders(event, signature);

  const attempts: DeliveryAttempt[] = [];
  let response: DeliveryResponse | null = null;
  const finish = (delivered: boolean, error: string | null): DeliveryResult => {
    settings.onAttempt(attempts[attempts.length - 1]);
    return { delivered, attempts, response, error, body, signature };
  };

  for (let attempt = 1; ; attempt++) {
    let retryAfterMs: number | null = null;
    let error: string;
    try {
      const answer = await sendHttpRequest({
        url,
        method: 'POST',
        headers,
        body: bytes,
        timeoutMs: settings.timeoutMs,
      });
      response = toDeliveryResponse(answer);
      attempts.push({ attempt, status: answer.status, error: null, delayMs: null });
      if (answer.status >= 200 && answer.status < 300) return finish(true, null);
      error = `the receiver answered ${answer.status}`;
      if (!isRetryableStatus(answer.status)) return finish(false, `${error}, which is not retried`);
      retryAfterMs = parseRetryAfterMs(answer.headers.get('retry-after'), settings.now());
    } catch (caught) {
      if (!isServiceRequestError(caught)) throw caught;
      error = caught.message;
      attempts.push({ attempt, status: null, error, delayMs: null });
    }

    if (attempt >= settings.maxAttempts) return finish(false, `${error} (gave up after ${attempt} attempts)`);
    if (retryAfterMs !== null && retryAfterMs > settings.maxDelayMs) {
      const seconds = Math.ceil(retryAfterMs / 1000);
      return finish(false, `${error} and asked to retry after ${seconds} s (Retry-After), beyond maxDelayMs`);
    }
    const waitMs = Math.max(backoffDelayMs(attempt, settings), retryAfterMs ?? 0);
    attempts[attempts.length - 1].delayMs = waitMs;
    settings.onAttempt(attempts[attempts.length - 1]);
    await settings.sleep(waitMs);
  }
}
