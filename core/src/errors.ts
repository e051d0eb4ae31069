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
  /** A custom webhook endpoint's credential (token, header or signature) is missing or wrong. */
  invalid_credentials: 401,
  /** An admin token (the MCP door) lacks the Content Manager or Media Library right a publish needs. */
  forbidden: 403,
  payload_too_large: 413,
  request_timeout: 408,
  rate_limited: 429,
  not_configured: 503,
  /** The site's content type needs something no article carries: only the site owner can fix it. */
  target_unfillable: 422,
  publish_failed: 500,
  temporarily_unavailable: 503,
  not_found: 404,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** `status` always; some errors add what the caller needs to act (as WordPress adds to `data`). */
  data: { status: number; target_problems?: string[]; suggested_defaults?: string };
}

export type ErrorDetails = Omit<ErrorBody['data'], 'status'>;

export function errorBody(code: ErrorCode, message: string, details: ErrorDetails = {}): ErrorBody {
  return { code, message, data: { status: ERROR_STATUS[code], ...details } };
}

/** An error that is meant to reach the caller in the contract's shape. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;
  readonly details: ErrorDetails;

  constructor(
    code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
    details: ErrorDetails = {}
  ) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
    this.details = details;
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
