import type { Core } from '@strapi/strapi';
import { mediaContentLock } from '../../../../core/src/images/upload-journal';
import type { Collaborators } from '../../common/collaborators';
import type { HeldLocks } from '../publish/types';

/** What the media files use of Strapi and of the plugin's other services. */

export interface UploadService {
  upload(input: object): Promise<Record<string, unknown>[]>;
  remove(file: object): Promise<unknown>;
}

/** Strapi's upload service: every upload goes through it, so any upload provider works. */
export const uploadServiceOf = ({ strapi }: MediaContext) =>
  strapi.plugin('upload').service('upload') as unknown as UploadService;

/**
 * The services the media step works with, handed in with Strapi (server/src/services.ts): the plugin's
 * media-source rows (sources.ts), the locks, and the upload journal every object handed the upload
 * provider is written to first (upload-journal.ts).
 */
export type MediaUses = Pick<Collaborators, 'mediaSources' | 'locks' | 'uploadJournal'>;

/** What every file of the media step is handed: Strapi and the services it works with. */
export interface MediaContext {
  strapi: Core.Strapi;
  uses: MediaUses;
}

/** Find-or-upload of some bytes, and removal of their file, never overlap (on any instance). */
export const withContentLock = <T>(
  media: MediaContext,
  contentHash: string,
  work: (held: HeldLocks) => Promise<T>
) => media.uses.locks.withLocks([mediaContentLock(contentHash)], work);

/** An absolute URL: the HTML is rendered by a frontend on another origin. */
export const absoluteUrl = ({ strapi }: MediaContext, url: string) =>
  url.startsWith('/')
    ? `${String(strapi.config.get('server.absoluteUrl', '')).replace(/\/+$/, '')}${url}`
    : url;
