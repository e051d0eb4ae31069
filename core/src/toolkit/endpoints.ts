import type { ServiceEndpoints } from '../contracts';

/** Strapi's default `api.rest.prefix`. */
export const DEFAULT_API_PREFIX = '/api';

/**
 * The plugin's route URLs on a site: `{siteUrl}{apiPrefix}/service/v1/...` (spec 9, DESIGN.md "Routes").
 * Joined as text, not with `new URL(path, base)`, so a site served under a sub-path keeps it.
 */
export function serviceEndpoints(siteUrl: string, apiPrefix: string = DEFAULT_API_PREFIX): ServiceEndpoints {
  if (!/^https?:\/\//i.test(siteUrl) || !URL.canParse(siteUrl)) {
    throw new TypeError(`The site URL must be an http(s) URL, got "${siteUrl}".`);
  }
  const site = siteUrl.replace(/\/+$/, '');
  const prefix = apiPrefix.replace(/^\/*/, '/').replace(/\/+$/, '');
  const base = `${site}${prefix === '/' ? '' : prefix}/service/v1`;
  return { ping: `${base}/ping`, publishPost: `${base}/publish-post`, webhook: `${base}/webhook` };
}
