import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../core/src/config';
import type { PingResponse, ServiceEndpoints } from '../../../core/src/contracts';
import { answeringPrefixes } from '../../../core/src/service-paths';
import { getService } from '../utils/get-service';
import { SERVICE_ROUTE_BASE } from '../utils/plugin-id';
import { pluginVersion } from '../utils/plugin-version';

/** What the service sees of the site: ping details and the endpoint URLs to paste into it. */
const siteInfo = ({ strapi }: { strapi: Core.Strapi }) => ({
  siteUrl(config: EffectiveConfig): string {
    const configured = config.siteUrl;
    const fallback = String(strapi.config.get('server.absoluteUrl', ''));
    return (configured || fallback).replace(/\/+$/, '');
  },

  /** Where the plugin's routes are reached: the Strapi server's public URL plus the REST prefix. */
  endpoints(): ServiceEndpoints {
    const serverUrl = String(strapi.config.get('server.absoluteUrl', '')).replace(/\/+$/, '');
    const restPrefix = String(strapi.config.get('api.rest.prefix', '/api'));
    const base = `${serverUrl}${restPrefix}${SERVICE_ROUTE_BASE}`;
    return { ping: `${base}/ping`, publishPost: `${base}/publish-post`, webhook: `${base}/webhook` };
  },

  async ping(): Promise<PingResponse> {
    const config = await getService(strapi, 'plugin-config').get();
    const { fatal, degraded } = getService(strapi, 'target-schema').describe(config);
    return {
      status: 'success',
      site_name: config.siteName || String(strapi.config.get('info.name', 'Strapi')),
      site_url: this.siteUrl(config),
      cms_version: String(strapi.config.get('info.strapi', '')),
      cms: 'strapi',
      plugin_version: pluginVersion,
      target_content_type: config.targetContentType,
      target_problems: [...fatal, ...degraded],
      route_prefixes: answeringPrefixes(String(strapi.config.get('api.rest.prefix', '/api')), config.wordpressPaths),
    };
  },
});

export type SiteInfoService = ReturnType<typeof siteInfo>;
export default siteInfo;
