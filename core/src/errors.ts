/**
 * The contract's error shape (spec 2.4) and the error codes settled in DESIGN.md.
 * Every error answered on the plugin's routes goes through `errorBody`.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  missing_api_key: 401,
  invalid_api_key: 403,
  invalid_signature: 401,
  payload_too_large: 413,
  request_timeout: 408,
  rate_limited: 429,
  not_configured: 503,
  publish_failed: 500,
  temporarily_unavailable: 503,
  not_found: 404,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  data: { status: number };
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { code, message, data: { status: ERROR_STATUS[code] } };
}

/** An error that is meant to reach the caller in the contract's shape. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message);
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
