import type { ServiceEndpoints, SettingsResponse } from '../../../core/src/contracts';

/** The part of `window.strapi` the admin app sets and this file reads. */
interface StrapiAdminGlobals {
  strapi?: { backendURL?: string };
}

/**
 * Where this admin reaches Strapi: the admin app's backend URL, which is Strapi's server URL from the
 * admin build, or this page's own origin when that build had none.
 */
export function adminBackendUrl(): string {
  const backend = (window as unknown as StrapiAdminGlobals).strapi?.backendURL;
  return (backend || window.location.origin).replace(/\/+$/, '');
}

/** What the site owner pastes into the service: the CMS address and the full route URLs below it. */
export interface ServiceAddresses extends ServiceEndpoints {
  cmsUrl: string;
  /** The key travels to cmsUrl, so only an https address is safe to connect. */
  isHttps: boolean;
}

/** The server's configured CMS address wins; without one, the address this admin reaches Strapi at. */
export function serviceAddresses(
  page: Pick<SettingsResponse, 'cmsUrl' | 'endpointPaths'>,
  backendUrl: string
): ServiceAddresses {
  const cmsUrl = page.cmsUrl ?? backendUrl;
  const { ping, publishPost, webhook } = page.endpointPaths;
  return {
    cmsUrl,
    isHttps: cmsUrl.toLowerCase().startsWith('https://'),
    ping: `${cmsUrl}${ping}`,
    publishPost: `${cmsUrl}${publishPost}`,
    webhook: `${cmsUrl}${webhook}`,
  };
}
