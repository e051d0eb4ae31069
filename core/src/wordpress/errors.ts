import type { ServiceError } from '../errors';
import { RefusedBody } from '../html/body-bounds';

/** WordPress's error shape (a WP_Error through the REST server): `{code, message, data: {status, ...}}`. */
export interface WordPressErrorBody {
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
  /** The data of the WP_Error's further messages (`term_exists` carries the existing term's id again). */
  additional_data?: unknown[];
}

/** An error answered on the WordPress routes in WordPress's shape, with WordPress's code. */
export class WordPressError extends Error {
  readonly headers: Record<string, string>;
  /** What `data` carries besides the status (`params` of an invalid parameter, `term_id` of an existing term). */
  readonly data: Record<string, unknown>;
  readonly additionalData: unknown[] | undefined;

  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    extra: {
      headers?: Record<string, string>;
      data?: Record<string, unknown>;
      additionalData?: unknown[];
    } = {}
  ) {
    super(message);
    this.name = 'WordPressError';
    this.headers = extra.headers ?? {};
    this.data = extra.data ?? {};
    this.additionalData = extra.additionalData;
  }

  toBody(): WordPressErrorBody {
    return {
      code: this.code,
      message: this.message,
      data: { status: this.status, ...this.data },
      ...(this.additionalData ? { additional_data: this.additionalData } : {}),
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
  // HTML over a bound, found by the sanitizer after the schema: the parameter is named as the schema's would be.
  if (error instanceof RefusedBody) {
    const { field } = error.bodyField;
    return new WordPressError('rest_invalid_param', `Invalid parameter(s): ${field}`, 400, {
      data: { params: { [field]: error.problems.join('; ') } },
    });
  }
  const code = CODES[error.code] ?? `article_publisher_${error.code}`;
  const { status: _status, ...details } = error.toBody().data;
  // WordPress names the JSON parser's failure: PHP's JSON_ERROR_SYNTAX (4), "Syntax error".
  const json =
    error.code === 'invalid_json' ? { json_error_code: 4, json_error_message: 'Syntax error' } : {};
  return new WordPressError(code, error.message, error.status, {
    headers: error.headers,
    data: { ...details, ...json },
  });
}

export const noRoute = () =>
  new WordPressError('rest_no_route', 'No route was found matching the URL and request method.', 404);

export const uploadTooLarge = (maxBytes: number) =>
  new WordPressError(
    'rest_upload_file_too_big',
    `The file is larger than this site's image limit of ${maxBytes} bytes.`,
    413
  );
