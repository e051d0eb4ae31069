import type { ErrorBody, ErrorCode } from '../errors';

/** Failures the toolkit detects on its own side, before or instead of a contract error body. */
export type LocalErrorCode =
  /** No answer within the timeout. */
  | 'timeout'
  /** The connection failed: refused, reset, DNS, TLS. */
  | 'network_error'
  /** A non-2xx answer without the contract's error body (e.g. a proxy page or a missing route). */
  | 'http_error'
  /** A 2xx answer that is not the JSON the contract describes. */
  | 'invalid_response'
  /** A 3xx answer: the key is never sent on to another address. */
  | 'redirected';

/** A contract code (spec 2.4, DESIGN.md), a local one, or any other code a site may answer. */
export type ServiceErrorCode = ErrorCode | LocalErrorCode | (string & {});

/** The error every toolkit request rejects with: the contract's `code` and `message`, plus the HTTP status. */
export class ServiceRequestError extends Error {
  readonly code: ServiceErrorCode;
  /** HTTP status of the answer; null when no answer arrived (timeout, network error). */
  readonly status: number | null;
  /** Parsed JSON body of the answer, when it had one. */
  readonly body: unknown;
  /** Seconds from a Retry-After header (429, 503), when present. */
  readonly retryAfterSeconds: number | null;

  constructor(
    code: ServiceErrorCode,
    message: string,
    details: {
      status?: number | null;
      body?: unknown;
      retryAfterSeconds?: number | null;
      cause?: unknown;
    } = {}
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ServiceRequestError';
    this.code = code;
    this.status = details.status ?? null;
    this.body = details.body;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }
}

export function isServiceRequestError(value: unknown): value is ServiceRequestError {
  return value instanceof ServiceRequestError;
}

/** Whether a parsed body has the contract's error shape (spec 2.4). */
export function isContractErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'string' && typeof candidate.message === 'string';
}
