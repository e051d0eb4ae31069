/**
 * The names the contract puts on the wire, declared once for the plugin's server, the toolkit and
 * the CLI. HTTP header names are case-insensitive; these are written as the contract writes them.
 */
export const SERVICE_KEY_HEADER = 'X-Service-Key';
export const SERVICE_SIGNATURE_HEADER = 'X-Service-Signature';
export const SERVICE_EVENT_HEADER = 'X-Service-Event';

/**
 * The slug the conformance check (`article-publisher check`) writes to. Deliveries to it are marked as
 * checks in the activity page, and the check removes its post when it is done.
 */
export const CONFORMANCE_CHECK_SLUG = 'article-publisher-conformance-check';

/** The only webhook event that publishes; other events are acknowledged and ignored. */
export const ARTICLE_PUBLISHED_EVENT = 'article.published';
