import type { Core } from '@strapi/strapi';
import { siteMediaAddresses, type SiteMediaAddresses } from '../../../core/src/images/site-media';

/** The CMS's own addresses, where its media library's local uploads are served (`server.url`, `server.absoluteUrl`). */
export function siteMediaOf(strapi: Core.Strapi): SiteMediaAddresses {
  return siteMediaAddresses([
    String(strapi.config.get('server.url', '')),
    String(strapi.config.get('server.absoluteUrl', '')),
  ]);
}
