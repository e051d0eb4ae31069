import type { Core } from '@strapi/strapi';
import { mediaContentLock } from '../../../core/src/images/upload-journal';
import { getService } from '../utils/get-service';

/** What the media files use of Strapi and of the plugin's other services. */

export interface UploadService {
  upload(input: object): Promise<Record<string, unknown>[]>;
  remove(file: object): Promise<unknown>;
}

/** Strapi's upload service: every upload goes through it, so any upload provider works. */
export const uploadServiceOf = (strapi: Core.Strapi) =>
  strapi.plugin('upload').service('upload') as unknown as UploadService;

/** The plugin's media-source rows (media/sources.ts). */
export const sourcesOf = (strapi: Core.Strapi) => getService(strapi, 'media-sources');

/** Find-or-upload of some bytes, and removal of their file, never overlap (on any instance). */
export const withContentLock = <T>(strapi: Core.Strapi, contentHash: string, work: () => Promise<T>) =>
  getService(strapi, 'locks').withLocks([mediaContentLock(contentHash)], work);

/** An absolute URL: the HTML is rendered by a frontend on another origin. */
export const absoluteUrl = (strapi: Core.Strapi, url: string) =>
  url.startsWith('/')
    ? `${String(strapi.config.get('server.absoluteUrl', '')).replace(/\/+$/, '')}${url}`
    : url;
