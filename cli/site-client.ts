import { createClient, type ArticlePublisherClient } from '../core/src/toolkit';
import { httpUrl, positiveInteger, requiredOption } from './args';
import { warnIfKeyWouldTravelInClear } from './io';

export const API_KEY_VARIABLE = 'ARTICLE_PUBLISHER_API_KEY';

export interface SiteOptionValues {
  site?: string;
  key?: string;
  'api-prefix'?: string;
  'timeout-ms'?: string;
}

/** The site options of ping, publish and check, checked and resolved (the key may come from the environment). */
export function resolveSiteOptions(values: SiteOptionValues) {
  const siteUrl = httpUrl(requiredOption(values.site, 'site'), 'site');
  const apiKey = requiredOption(values.key, 'key', API_KEY_VARIABLE);
  warnIfKeyWouldTravelInClear(siteUrl);
  return {
    siteUrl,
    apiKey,
    apiPrefix: values['api-prefix'],
    timeoutMs: positiveInteger(values['timeout-ms'], 'timeout-ms'),
  };
}

export function clientFor(values: SiteOptionValues): ArticlePublisherClient {
  return createClient(resolveSiteOptions(values));
}

export const SITE_USAGE = `  --site URL          address of the Strapi site, e.g. https://cms.example.com
  --key KEY           the key from Settings > Article Publisher (or set ${API_KEY_VARIABLE})
  --api-prefix PATH   Strapi's REST prefix (default /api)
  --timeout-ms MS     per request timeout`;
