import { isContractErrorBody, ServiceRequestError } from './errors';
import { parseJsonOrUndefined, sendHttpRequest } from './http';
import { parseRetryAfterMs } from './retry-policy';
import type { ServiceEndpoints } from '../contracts';
import { SERVICE_KEY_HEADER } from './contract-types';

export interface ServiceCall {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Sent as X-Service-Key; undefined sends no key header at all. */
  apiKey: string | undefined;
  /** Serialized as JSON when present. */
  body?: unknown;
  timeoutMs: number;
}

export interface ServiceAnswer {
  status: number;
  body: unknown;
}

function retryAfterSeconds(header: string | null): number | null {
  const ms = parseRetryAfterMs(header, Date.now());
  return ms === null ? null : Math.ceil(ms / 1000);
}

/**
 * One call to an integration A route. Resolves with the parsed JSON of a 2xx answer; rejects with a
 * ServiceRequestError carrying the contract's code, message and status otherwise.
 */
export async function callService(call: ServiceCall): Promise<ServiceAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (call.apiKey !== undefined) headers[SERVICE_KEY_HEADER] = call.apiKey;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await sendHttpRequest({
    url: call.url,
    method: call.method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    timeoutMs: call.timeoutMs,
  });
  const body = parseJsonOrUndefined(response.text);

  if (response.status >= 200 && response.status < 300) {
    if (typeof body !== 'object' || body === null) {
      throw new ServiceRequestError(
        'invalid_response',
        `${call.url} answered ${response.status} without a JSON object.`,
        {
          status: response.status,
          body: response.text,
        }
      );
    }
    return { status: response.status, body };
  }

  const details = {
    status: response.status,
    body: body ?? response.text,
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
  };
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location') ?? 'elsewhere';
    throw new ServiceRequestError(
      'redirected',
      `${call.url} redirects (${response.status}) to ${location}; use that address as the site URL.`,
      details
    );
  }
  if (isContractErrorBody(body)) throw new ServiceRequestError(body.code, body.message, details);
  const hint =
    response.status === 404 ? ' Is the plugin installed, and are the site URL and API prefix right?' : '';
  throw new ServiceRequestError(
    'http_error',
    `${call.url} answered ${response.status} without the contract's error body.${hint}`,
    details
  );
}

/** Integration A's two calls on one site, answering with the HTTP status and the parsed body. */
export function integrationACalls(endpoints: ServiceEndpoints, apiKey: string | undefined, timeoutMs: number) {
  return {
    /** GET ping with the site's key. */
    ping: () => callService({ url: endpoints.ping, method: 'GET', apiKey, timeoutMs }),
    /** GET ping with another key, or none (undefined): the conformance check's refusals. */
    pingWithKey: (key: string | undefined) => callService({ url: endpoints.ping, method: 'GET', apiKey: key, timeoutMs }),
    publishPost: (body: unknown) => callService({ url: endpoints.publishPost, method: 'POST', apiKey, body, timeoutMs }),
    /** POST publish-post?dry_run=true: what a publish would write, with nothing fetched or written. */
    dryRun: (body: unknown) =>
      callService({ url: `${endpoints.publishPost}?dry_run=true`, method: 'POST', apiKey, body, timeoutMs }),
  };
}
