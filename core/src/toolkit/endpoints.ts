import type { ServiceEndpoints } from '../contracts';

/** Strapi's default `api.rest.prefix`. */
export const DEFAULT_API_PREFIX = '/api';

/**
 * The plugin's route URLs on a site: `{siteUrl}{apiPrefix}/service/v1/...` (spec 9, DESIGN.md "Routes").
 * Joined as text, not with `new URL(path, base)`, so a site served under a sub-path keeps it.
 */
export function serviceEndpoints(siteUrl: string, apiPrefix: string = DEFAULT_API_PREFIX): ServiceEndpoints {
  const base = serviceBase(siteUrl, apiPrefix);
  return { ping: `${base}/ping`, publishPost: `${base}/publish-post`, webhook: `${base}/webhook` };
}

/** The plugin's own route that removes the conformance check's post (not part of the service's contract). */
export function checkPostEndpoint(siteUrl: string, apiPrefix: string = DEFAULT_API_PREFIX): string {
  return `${serviceBase(siteUrl, apiPrefix)}/check-post`;
}

function serviceBase(siteUrl: string, apiPrefix: string): string {
  if (!/^https?:\/\//i.test(siteUrl) || !URL.canParse(siteUrl)) {
    throw new TypeError(`The site URL must be an http(s) URL, got "${siteUrl}".`);
  }
  const site = siteUrl.replace(/\/+$/, '');
  const prefix = apiPrefix.replace(/^\/*/, '/').replace(/\/+$/, '');
  return `${site}${prefix === '/' ? '' : prefix}/service/v1`;
}
