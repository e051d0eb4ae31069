import type { PingResponse, PublishResponse, ServiceEndpoints } from '../contracts';
import type { DryRunResponse } from '../dry-run';
import type { PublishRequestInput } from '../publish-request';
import { DEFAULT_API_PREFIX, serviceEndpoints } from './endpoints';
import { integrationACalls } from './service-request';

export interface ClientOptions {
  /** Address of the site, e.g. https://cms.example.com (the key must only travel over HTTPS). */
  siteUrl: string;
  /** The key from the plugin's settings page, sent as X-Service-Key. */
  apiKey: string;
  /** Per request, body included. Default 30 s: a publish imports images before it answers. */
  timeoutMs?: number;
  /** Strapi's `api.rest.prefix`. Default `/api`. */
  apiPrefix?: string;
}

export interface ArticlePublisherClient {
  readonly endpoints: ServiceEndpoints;
  /** GET ping: checks plugin, site and key (spec 4.1). */
  ping(): Promise<PingResponse>;
  /** POST publish-post: creates the post, or updates the one with the same slug (spec 4.1). */
  publishPost(request: PublishRequestInput): Promise<PublishResponse>;
  /** POST publish-post?dry_run=true: validates, maps and fits without fetching images or writing. */
  dryRun(request: PublishRequestInput): Promise<DryRunResponse>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The sending side of integration A. Every method rejects with a ServiceRequestError that carries the
 * contract's `code`, `message` and HTTP `status` (or a local code such as `timeout`).
 */
export function createClient(options: ClientOptions): ArticlePublisherClient {
  const endpoints = serviceEndpoints(options.siteUrl, options.apiPrefix ?? DEFAULT_API_PREFIX);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const calls = integrationACalls(endpoints, options.apiKey, timeoutMs);
  return {
    endpoints,
    async ping() {
      return (await calls.ping()).body as PingResponse;
    },
    async publishPost(request) {
      return (await calls.publishPost(request)).body as PublishResponse;
    },
    async dryRun(request) {
      return (await calls.dryRun(request)).body as DryRunResponse;
    },
  };
}
