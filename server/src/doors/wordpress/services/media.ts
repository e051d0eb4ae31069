import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import { inspectImage } from '../../../../../core/src/images/image-check';
import { ImageRejected } from '../../../../../core/src/images/image-rejected';
import { libraryFileStem } from '../../../../../core/src/images/library-names';
import { mediaContentLock } from '../../../../../core/src/images/upload-journal';
import { uploadTooLarge, WordPressError } from '../../../../../core/src/wordpress/errors';
import type { MediaFields } from '../../../../../core/src/wordpress/media-request';
import type { MediaView } from '../../../../../core/src/wordpress/media-json';
import type { MediaListQuery } from '../../../../../core/src/wordpress/media-list-query';
import { decodedOnce } from '../../../pipeline/media/decode-once';
import { UPLOAD_FILE_UID } from '../../../common/plugin-tables';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'locks' | 'pluginConfig' | 'uploadJournal'>;

/** An uploaded file on disk (see wordpress/request-body), with the text fields sent beside it. */
export interface ReceivedFile {
  filepath: string;
  size: number;
  /** The client's file name (its extension is not trusted: the bytes say the type). */
  name: string;
  fields: Record<string, unknown>;
  /** Removes the temporary copy. */
  cleanup(): Promise<void>;
}

interface UploadService {
  upload(input: object): Promise<Record<string, unknown>[]>;
}

/** A plugin::upload.file row, as far as a medium shows it. */
interface UploadFileRow {
  id: number;
  name: string;
  url: string;
  mime: string;
  alternativeText?: string | null;
  caption?: string | null;
  width?: number | null;
  height?: number | null;
  /** Strapi keeps kilobytes. */
  size: number | string;
  createdAt?: string | Date | null;
  updatedAt?: string | Date | null;
}

/**
 * WordPress's media endpoint onto Strapi's media library. An upload passes the plugin's image checks
 * (the byte limit, the type read from the bytes, the pixel limit, a full decode under the process's
 * pixel budget) and goes through Strapi's upload service, so any provider works; a medium's id is the
 * library file's id.
 */
const wordpressMedia = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const uploadService = () => strapi.plugin('upload').service('upload') as unknown as UploadService;
  const absoluteUrl = (url: string) =>
    url.startsWith('/')
      ? `${String(strapi.config.get('server.absoluteUrl', '')).replace(/\/+$/, '')}${url}`
      : url;

  const viewOf = (row: UploadFileRow): MediaView => ({
    id: row.id,
    name: row.name,
    url: absoluteUrl(row.url),
    mime: row.mime,
    alt: row.alternativeText ?? '',
    caption: row.caption ?? '',
    width: row.width ?? null,
    height: row.height ?? null,
    size: Number(row.size) * 1024,
    createdAt: row.createdAt ?? null,
    updatedAt: row.updatedAt ?? null,
  });

  return {
    /**
     * A page of the library's files, newest first, as WordPress lists attachments: `search` in the
     * title (the file's name) and caption, `media_type` by the MIME type's first part, `mime_type` the
     * whole type. No file is attached to a post (each answers `post: null`), so a `parent` other than 0
     * lists none.
     */
    async list(query: MediaListQuery): Promise<{ media: MediaView[]; total: number }> {
      const where: Record<string, unknown>[] = [];
      if (query.parent && !query.parent.includes(0)) return { media: [], total: 0 };
      if (query.search)
        where.push({
          $or: [{ name: { $containsi: query.search } }, { caption: { $containsi: query.search } }],
        });
      if (query.mime_type) where.push({ mime: query.mime_type });
      else if (query.media_type) where.push({ mime: { $startsWith: `${query.media_type}/` } });
      const files = strapi.db.query(UPLOAD_FILE_UID);
      const filter = where.length ? { $and: where } : {};
      const [rows, total] = await Promise.all([
        files.findMany({
          where: filter,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          offset: (query.page - 1) * query.per_page,
          limit: query.per_page,
        }) as Promise<UploadFileRow[]>,
        files.count({ where: filter }),
      ]);
      return { media: rows.map(viewOf), total: Number(total) };
    },

    /** A library file by id; null when there is none. */
    async find(id: number): Promise<MediaView | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const row = (await strapi.db.query(UPLOAD_FILE_UID).findOne({ where: { id } })) as UploadFileRow | null;
      return row ? viewOf(row) : null;
    },

    /** Checks and uploads a received image; the temporary copy is left to the caller. */
    async upload(file: ReceivedFile, fields: MediaFields): Promise<MediaView> {
      const { maxBytes, maxPixels, maxPixelsInFlight } = (await uses.pluginConfig.get()).images;
      if (file.size > maxBytes) throw uploadTooLarge(maxBytes);
      try {
        const header = await inspectImage(file.filepath, maxPixels);
        const stem = libraryFileStem(
          `https://upload.invalid/${encodeURIComponent(file.name)}`,
          fields.alt_text,
          'image'
        );
        // The random part keeps the name unguessable before the upload, as the imports' names are (see media-import).
        const name = `${stem}-${randomBytes(8).toString('hex')}.${header.extension}`;
        const journal = uses.uploadJournal;
        // Under the lock an import of the same bytes takes: the orphan sweep leaves the upload's
        // journaled objects alone while it runs, however long it takes (its holder renews the lease).
        const lockName = mediaContentLock(
          createHash('sha256')
            .update(await fs.readFile(file.filepath))
            .digest('hex')
        );
        const [row] = await uses.locks.withLocks([lockName], () =>
          decodedOnce(strapi, file.filepath, header, { maxPixels, maxPixelsInFlight }, async (check) => {
            await check();
            return journal.track(name, lockName, () =>
              uploadService().upload({
                data: {
                  fileInfo: {
                    name,
                    alternativeText: fields.alt_text?.trim() || null,
                    caption: fields.caption?.trim() || null,
                  },
                },
                files: {
                  filepath: file.filepath,
                  originalFilename: name,
                  mimetype: header.mimeType,
                  size: file.size,
                },
              })
            );
          })
        );
        await journal.clear(name);
        return viewOf(row as unknown as UploadFileRow);
      } catch (error) {
        if (error instanceof ImageRejected)
          throw new WordPressError(
            'rest_upload_invalid_type',
            `The file was refused: ${error.message}.`,
            400
          );
        throw error;
      }
    },
  };
};

export type WordPressMediaService = ReturnType<typeof wordpressMedia>;
export default wordpressMedia;
