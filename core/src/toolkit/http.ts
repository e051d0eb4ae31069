import { ServiceRequestError } from './errors';

export interface HttpRequest {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** The first code found on an error or its causes (undici wraps the socket error in `cause`). */
function systemErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * One HTTP exchange with Node's global fetch, body included, under one timeout. Redirects are not
 * followed: the key or a signed body must reach only the address the caller chose.
 * Rejects only with `timeout` or `network_error`; any HTTP status resolves.
 */
export async function sendHttpRequest(request: HttpRequest): Promise<HttpResponse> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (signal.aborted) {
      throw new ServiceRequestError(
        'timeout',
        `No answer from ${request.url} within ${request.timeoutMs} ms.`,
        {
          cause: error,
        }
      );
    }
    const code = systemErrorCode(error);
    const reason = code ? `${code}` : error instanceof Error ? error.message : String(error);
    throw new ServiceRequestError('network_error', `Could not reach ${request.url}: ${reason}.`, {
      cause: error,
    });
  }
}

/** Parses a body as JSON; undefined when it is empty or not JSON. */
export function parseJsonOrUndefined(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
