/**
 * The sending side of the contract, without Strapi: `strapi-plugin-article-publisher/toolkit`.
 * An API client (integration A), webhook signing and delivery (integration B), the plugin's own HTML
 * sanitizer for custom receivers, and the conformance check behind `article-publisher check`.
 */
export { createClient, DEFAULT_TIMEOUT_MS, type ArticlePublisherClient, type ClientOptions } from './client';
export { deliverWebhook, webhookHeaders } from './deliver';
export type { DeliveryAttempt, DeliveryOptions, DeliveryResponse, DeliveryResult } from './deliver';
export {
  isServiceRequestError,
  ServiceRequestError,
  type LocalErrorCode,
  type ServiceErrorCode,
} from './errors';
export { DEFAULT_API_PREFIX, serviceEndpoints } from './endpoints';
export { backoffDelayMs, isRetryableStatus, parseRetryAfterMs } from './retry-policy';
export { runConformanceCheck } from './conformance-check';
export type { CheckOutcome, CheckResult, ConformanceOptions, ConformanceReport } from './conformance-check';
export { CHECK_SLUG } from './conformance-fixtures';
export * from './contract-types';

export { signWebhook, verifyWebhook } from '../webhook-signature';
export { sanitizeArticleHtml, type SanitizeOptions } from '../sanitize';
export { publishRequestSchema, type PublishRequest, type PublishRequestInput } from '../publish-request';
export type { ErrorBody, ErrorCode } from '../errors';
export type {
  ImageWarning,
  ImportedImage,
  PingResponse,
  PublishResponse,
  ServiceEndpoints,
} from '../contracts';
