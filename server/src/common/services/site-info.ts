import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../../core/src/config';
import type { PingResponse, ServiceEndpoints } from '../../../../core/src/contracts';
import { localeReport } from '../../../../core/src/locale';
import { answeringPrefixes } from '../../../../core/src/service-paths';
import { targetUnfillable } from './target-schema';
import { SERVICE_ROUTE_BASE } from '../plugin-id';
import { pluginVersion } from '../plugin-version';
import type { Collaborators } from '../collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'articleWork' | 'pluginConfig' | 'siteLocales' | 'targetSchema'>;

/** What the service sees of the site: ping details and the endpoint URLs to paste into it. */
const siteInfo = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => ({
  siteUrl(config: EffectiveConfig): string {
    const configured = config.siteUrl;
    const fallback = String(strapi.config.get('server.absoluteUrl', ''));
    return (configured || fallback).replace(/\/+$/, '');
  },

  /**
   * The CMS's own address (the spec's `{base_url}`): `server.url` once Strapi has loaded it, which is an
   * absolute URL, a path or empty. Only an absolute one is known to be public; otherwise
   * `server.absoluteUrl` is built from host and port (`http://0.0.0.0:1337` on many servers), so null.
   */
  cmsUrl(): string | null {
    const configured = String(strapi.config.get('server.url', ''));
    return /^https?:\/\//i.test(configured) ? configured.replace(/\/+$/, '') : null;
  },

  /** The plugin's routes below the CMS address: the REST prefix plus the service route base. */
  endpointPaths(): ServiceEndpoints {
    const restPrefix = String(strapi.config.get('api.rest.prefix', '/api'));
    const base = `${restPrefix}${SERVICE_ROUTE_BASE}`;
    return { ping: `${base}/ping`, publishPost: `${base}/publish-post`, webhook: `${base}/webhook` };
  },

  async ping(): Promise<PingResponse> {
    const config = await uses.pluginConfig.get();
    const { target, fatal, degraded, report, suggestedDefaults } = uses.targetSchema.describe(config);
    // A connection test must fail when no article could land: the same refusal a publish would get.
    if (fatal.length) throw targetUnfillable(fatal, 'every publish would be refused', suggestedDefaults);
    const languages = target.localized
      ? localeReport(true, config.locale, await uses.siteLocales.list())
      : { report: {}, problems: [] };
    return {
      status: 'success',
      site_name: config.siteName || String(strapi.config.get('info.name', 'Strapi')),
      site_url: this.siteUrl(config),
      cms_version: String(strapi.config.get('info.strapi', '')),
      cms: 'strapi',
      plugin_version: pluginVersion,
      target_content_type: config.targetContentType,
      target_problems: [...languages.problems, ...degraded],
      target: { ...report, ...languages.report },
      route_prefixes: answeringPrefixes(
        String(strapi.config.get('api.rest.prefix', '/api')),
        config.wordpressPaths
      ),
      worker_threads: uses.articleWork.threads(),
    };
  },
});

export type SiteInfoService = ReturnType<typeof siteInfo>;
export default siteInfo;
