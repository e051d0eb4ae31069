import { ServiceError } from '../errors';

/** WordPress's error shape (WP_Error through the REST server): `{code, message, data: {status}}`. */
export interface WordPressErrorBody {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> };
}

/** An error answered on the WordPress routes in WordPress's shape, with WordPress's code. */
export class WordPressError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly headers: Record<string, string> = {},
    readonly params?: Record<string, string>
  ) {
    super(message);
    this.name = 'WordPressError';
  }

  toBody(): WordPressErrorBody {
    return {
      code: this.code,
      message: this.message,
      data: { status: this.status, ...(this.params ? { params: this.params } : {}) },
    };
  }
}

/** The plugin's own errors (body limit, JSON, throttle, target problems) under WordPress's nearest codes. */
const CODES: Partial<Record<ServiceError['code'], string>> = {
  bad_request: 'rest_invalid_param',
  invalid_json: 'rest_invalid_json',
  payload_too_large: 'rest_request_too_large',
  rate_limited: 'rest_too_many_requests',
  request_timeout: 'rest_request_timeout',
};

export function fromServiceError(error: ServiceError): WordPressError {
  const code = CODES[error.code] ?? `article_publisher_${error.code}`;
  return new WordPressError(code, error.message, error.status, error.headers);
}

export const noRoute = () =>
  new WordPressError('rest_no_route', 'No route was found matching the URL and request method.', 404);
