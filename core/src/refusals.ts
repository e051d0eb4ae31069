import type { ActivityPagination, DeliverySource } from './contracts';
import { singleLineText } from './control-characters';
import { redactUrlsIn } from './redact-url';

/**
 * Refused requests, as the activity page lists them: which door refused what, with the answer's code
 * and message. Never a credential, a signature or a body: only what the answer itself said.
 */

/**
 * The door a request came in by: the publishing API, the signed webhook, the WordPress REST API, a
 * custom webhook endpoint, Strapi's MCP server.
 */
export type RefusalDoor = DeliverySource;
export const REFUSAL_DOORS: readonly RefusalDoor[] = ['api', 'webhook', 'wordpress', 'hook', 'mcp'];

/**
 * Which answers are kept: every 4xx, credential failures (401/403) included, since a service with a
 * stale key is what a site owner most needs to see, except 404 (an unknown path or a missing item is
 * a probe or a read, not a refused request) and 429 (the auth throttle already counts those clients;
 * keeping every throttled retry would push the useful rows out).
 */
export function isRecordedRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 404 && status !== 429;
}

export const REFUSAL_MESSAGE_MAX_LENGTH = 500;
export const REFUSAL_ROUTE_MAX_LENGTH = 200;

const bounded = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The answer's message as stored: one line, URLs without credentials or query strings, bounded. */
export function refusalMessage(message: string): string {
  return bounded(redactUrlsIn(singleLineText(message)), REFUSAL_MESSAGE_MAX_LENGTH);
}

/**
 * The route as stored: the method and the path, never the query string (it may carry anything), and
 * a custom webhook endpoint's id cut to its last four characters: the id is in the URL the owner
 * pasted into the service, and for an endpoint without auth it is the only secret.
 */
export function refusalRoute(method: string, path: string): string {
  const route = path.split('?')[0].replace(/\/hooks\/([^/]+)/, (_, id: string) => `/hooks/…${id.slice(-4)}`);
  return bounded(singleLineText(`${method.toUpperCase()} ${route}`), REFUSAL_ROUTE_MAX_LENGTH);
}

/** The door of a service route's path: the signed webhook, a custom webhook endpoint, or the API. */
export function serviceRouteDoor(path: string): RefusalDoor {
  if (/\/hooks\/[^/]+\/?$/.test(path)) return 'hook';
  return path.endsWith('/webhook') ? 'webhook' : 'api';
}

/** One refused request, as stored and listed. */
export interface RefusalEntry {
  id: number;
  refusedAt: string;
  door: RefusalDoor;
  route: string;
  status: number;
  code: string;
  message: string;
  client: string;
}

/** GET /article-publisher/activity/refusals?page&pageSize&door&code */
export interface RefusalsResponse {
  results: RefusalEntry[];
  pagination: ActivityPagination;
  /** How many refusals are kept, and for how long (older and further ones are pruned on write). */
  kept: { maxRows: number; maxDays: number };
}
