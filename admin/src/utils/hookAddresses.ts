import type { HookEndpointsResponse } from '../../../core/src/hooks/endpoints-api';

/** The full URLs of one endpoint: the REST one first, then WordPress's spellings (when they answer). */
export interface HookAddresses {
  api: string;
  wordpress: string[];
}

/** As the settings page's addresses: Strapi's configured address wins, else the one this admin reaches it at. */
export function hookAddresses(
  page: Pick<HookEndpointsResponse, 'cmsUrl' | 'paths'>,
  backendUrl: string,
  endpointId: string
): HookAddresses {
  const cmsUrl = page.cmsUrl ?? backendUrl;
  return {
    api: `${cmsUrl}${page.paths.api}${endpointId}`,
    wordpress: page.paths.wordpress.map((path) => `${cmsUrl}${path}${endpointId}`),
  };
}
