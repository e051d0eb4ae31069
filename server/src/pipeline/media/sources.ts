import type { Core } from '@strapi/strapi';
import { libraryUrlCandidates, type SiteMediaAddresses } from '../../../../core/src/images/site-media';
import { redactUrl } from '../../../../core/src/redact-url';
import { MEDIA_SOURCE_UID, UPLOAD_FILE_UID } from '../../common/plugin-tables';

export interface MediaFile {
  id: number;
  url: string;
  /** What the library says of the file's media (URL, type, size, dimensions); replacing the media changes it. */
  fingerprint: string;
}

/** The upload file columns a fingerprint is made of. */
const FILE_FIELDS = ['id', 'url', 'mime', 'size', 'width', 'height'];

/**
 * A library file as the plugin uses it. Replacing a file's media keeps its id and URL, but not its
 * size, type and dimensions together; editing its alt text or name changes none of them.
 */
export function mediaFileOf(row: Record<string, unknown>): MediaFile {
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const size = number(row.size);
  const fingerprint = JSON.stringify([
    row.url,
    row.mime,
    size === null ? null : size.toFixed(2),
    number(row.width),
    number(row.height),
  ]);
  return { id: Number(row.id), url: String(row.url), fingerprint };
}

/**
 * One use of a media library file by the plugin: which source (URL or data digest) of which post,
 * imported by which delivery. A row with no file is an upload in progress (or one its instance
 * died in): `uploadName` is the unguessable name the file gets in the library.
 */
export interface MediaSourceRow {
  id: number;
  sourceKeyHash: string;
  contentHash: string;
  fileId: number | null;
  /** The file's fingerprint when the row was made: another one means the file's media was replaced since. */
  fileFingerprint: string | null;
  /** Digest of the post (target uid + slug) whose delivery made the row; null on rows made before it was recorded. */
  owner: string | null;
  /** The delivery that made the row: its rows go when its post write fails. */
  importToken: string | null;
  uploadName: string | null;
}

export interface NewMediaSource {
  sourceKey: string;
  sourceKeyHash: string;
  contentHash: string;
  fileId: number | null;
  fileFingerprint: string | null;
  owner: string;
  importToken: string;
  uploadName?: string;
}

const ROW_FIELDS = [
  'id',
  'sourceKeyHash',
  'contentHash',
  'fileId',
  'fileFingerprint',
  'owner',
  'importToken',
  'uploadName',
];

/**
 * Whether the file still holds the media the row recorded (not replaced in the library since); rows
 * made before fingerprints were recorded are trusted.
 */
export function holdsRecordedBytes(row: MediaSourceRow, file: MediaFile): boolean {
  return row.fileFingerprint === null || row.fileFingerprint === file.fingerprint;
}

/** The file-row URLs each image source may name (libraryUrlCandidates), by source. */
export const siteFileCandidates = (imageSources: readonly string[], site: SiteMediaAddresses) =>
  new Map(imageSources.map((src) => [src, libraryUrlCandidates(src, site)]));

/** The library file each source names, by source, from the files found by URL. */
export function siteFilesNamed(
  candidates: ReadonlyMap<string, string[]>,
  byUrl: ReadonlyMap<string, MediaFile>
): Map<string, MediaFile> {
  const found = new Map<string, MediaFile>();
  for (const [src, urls] of candidates) {
    const file = urls.map((url) => byUrl.get(url)).find(Boolean);
    if (file) found.set(src, file);
  }
  return found;
}

interface MorphJoinTable {
  name: string;
  joinColumn: { name: string };
}

/** The media-source rows (what the plugin imported, for whom) and the library files they point to. */
const mediaSources = ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(MEDIA_SOURCE_UID);
  const files = () => strapi.db.query(UPLOAD_FILE_UID);
  const toRow = (row: Record<string, unknown>): MediaSourceRow => ({
    id: Number(row.id),
    sourceKeyHash: String(row.sourceKeyHash),
    contentHash: String(row.contentHash),
    fileId: row.fileId === null || row.fileId === undefined ? null : Number(row.fileId),
    fileFingerprint: (row.fileFingerprint as string | null | undefined) ?? null,
    owner: (row.owner as string | null | undefined) ?? null,
    importToken: (row.importToken as string | null | undefined) ?? null,
    uploadName: (row.uploadName as string | null | undefined) ?? null,
  });

  /** The rows matching `where`, in `orderBy`'s order. */
  const rowsWhere = async (where: object, orderBy?: object): Promise<MediaSourceRow[]> =>
    (
      (await rows().findMany({ where, select: ROW_FIELDS, ...(orderBy ? { orderBy } : {}) })) as Record<
        string,
        unknown
      >[]
    ).map(toRow);

  /** A column of a table Strapi made from a model (its attributes' column names are Strapi's choice). */
  const columnOf = (uid: string, attribute: string): string => {
    const meta = strapi.db.metadata.get(uid) as unknown as {
      attributes: Record<string, { columnName?: string } | undefined>;
    };
    return meta.attributes[attribute]?.columnName ?? attribute;
  };
  const tableOf = (uid: string): string => strapi.db.metadata.get(uid).tableName;

  return {
    /**
     * What an article's images are in the library, in one query (issue #62): the files whose URL is one
     * of `urls` (the site's own, findSiteFiles' question), and the rows of these source keys whose file
     * still exists with the bytes the row recorded, newest first, with the file.
     */
    async findImageRecords(
      urls: string[],
      sourceKeyHashes: string[]
    ): Promise<{ filesByUrl: Map<string, MediaFile>; imports: (MediaSourceRow & { file: MediaFile })[] }> {
      const filesByUrl = new Map<string, MediaFile>();
      const imports: (MediaSourceRow & { file: MediaFile })[] = [];
      if (!urls.length && !sourceKeyHashes.length) return { filesByUrl, imports };
      const fileTable = tableOf(UPLOAD_FILE_UID);
      const rowTable = tableOf(MEDIA_SOURCE_UID);
      const fileColumns = FILE_FIELDS.map(
        (field) => `f.${columnOf(UPLOAD_FILE_UID, field)} as file_${field}`
      );
      const rowColumns = (fromRow: boolean) =>
        ROW_FIELDS.map((field) =>
          fromRow
            ? `s.${columnOf(MEDIA_SOURCE_UID, field)} as row_${field}`
            : // Quoted as knex quotes the other aliases: PostgreSQL folds a bare one to lower case.
              strapi.db.connection.raw('null as ??', [`row_${field}`])
        );
      const knex = strapi.db.connection;
      const parts = [
        ...(urls.length
          ? [
              knex
                .select([...rowColumns(false), ...fileColumns])
                .from(`${fileTable} as f`)
                .whereIn(`f.${columnOf(UPLOAD_FILE_UID, 'url')}`, [...new Set(urls)]),
            ]
          : []),
        ...(sourceKeyHashes.length
          ? [
              knex
                .select([...rowColumns(true), ...fileColumns])
                .from(`${rowTable} as s`)
                .join(
                  `${fileTable} as f`,
                  `f.${columnOf(UPLOAD_FILE_UID, 'id')}`,
                  `s.${columnOf(MEDIA_SOURCE_UID, 'fileId')}`
                )
                .whereIn(`s.${columnOf(MEDIA_SOURCE_UID, 'sourceKeyHash')}`, [...new Set(sourceKeyHashes)]),
            ]
          : []),
      ];
      // Each part selects the same columns: a union of untyped query builders is all the typing knex has here.
      const [first, ...rest] = parts as unknown as ReturnType<typeof knex.select>[];
      const found = (await (rest.length ? first.unionAll(rest) : first)) as Record<string, unknown>[];
      const field = (row: Record<string, unknown>, prefix: string, names: string[]) =>
        Object.fromEntries(names.map((name) => [name, row[`${prefix}${name}`]]));
      // Newest import first, and the oldest file of a URL, as the two lookups answered them.
      const ordered = [...found].sort(
        (a, b) => Number(b.row_id ?? 0) - Number(a.row_id ?? 0) || Number(a.file_id) - Number(b.file_id)
      );
      for (const record of ordered) {
        const file = mediaFileOf(field(record, 'file_', FILE_FIELDS));
        if (record.row_id === null || record.row_id === undefined) {
          if (!filesByUrl.has(file.url)) filesByUrl.set(file.url, file);
          continue;
        }
        const row = toRow(field(record, 'row_', ROW_FIELDS));
        if (holdsRecordedBytes(row, file)) imports.push({ ...row, file });
      }
      return { filesByUrl, imports };
    },

    /** Every row of these bytes (their SHA-256), newest first. */
    findByContentHash(contentHash: string): Promise<MediaSourceRow[]> {
      return rowsWhere({ contentHash }, { id: 'desc' });
    },

    /** Rows of one source key pointing to one file. */
    findUses(sourceKeyHash: string, fileId: number): Promise<MediaSourceRow[]> {
      return rowsWhere({ sourceKeyHash, fileId });
    },

    findByImportToken(importToken: string): Promise<MediaSourceRow[]> {
      return rowsWhere({ importToken });
    },

    /** Every row made for one post (its owner digest). */
    findByOwner(owner: string): Promise<MediaSourceRow[]> {
      return rowsWhere({ owner });
    },

    /**
     * The source key is stored for people reading the table, redacted (an image URL can carry a
     * password or a signature): lookups go by its hash, which is of the whole key.
     */
    async insert(row: NewMediaSource): Promise<number> {
      const data = { ...row, sourceKey: redactUrl(row.sourceKey) };
      const created = (await rows().create({ data })) as { id: number };
      return created.id;
    },

    async setFile(rowId: number, file: MediaFile): Promise<void> {
      await rows().update({
        where: { id: rowId },
        data: { fileId: file.id, fileFingerprint: file.fingerprint },
      });
    },

    async remove(rowId: number): Promise<void> {
      await rows().delete({ where: { id: rowId } });
    },

    async removeUses(importToken: string, fileId: number): Promise<void> {
      await rows().deleteMany({ where: { importToken, fileId } });
    },

    async removeOwnerUses(owner: string, fileId: number): Promise<void> {
      await rows().deleteMany({ where: { owner, fileId } });
    },

    /** How many of these rows exist. */
    async countRows(rowIds: number[]): Promise<number> {
      if (!rowIds.length) return 0;
      return rows().count({ where: { id: { $in: [...new Set(rowIds)] } } });
    },

    /** Whether any row (of any delivery) still points to the file. */
    async isUsed(fileId: number): Promise<boolean> {
      return (await rows().count({ where: { fileId } })) > 0;
    },

    async findFile(fileId: number): Promise<MediaFile | null> {
      const row = (await files().findOne({ where: { id: fileId }, select: FILE_FIELDS })) as Record<
        string,
        unknown
      > | null;
      return row ? mediaFileOf(row) : null;
    },

    /** These library files (those that still exist), by id. */
    async findFiles(fileIds: number[]): Promise<Map<number, MediaFile>> {
      if (!fileIds.length) return new Map();
      const found = (await files().findMany({
        where: { id: { $in: [...new Set(fileIds)] } },
        select: FILE_FIELDS,
      })) as Record<string, unknown>[];
      return new Map(found.map((row) => [Number(row.id), mediaFileOf(row)]));
    },

    /** The library files whose URL is one of these, by that URL (one query). */
    async findFilesByUrl(urls: string[]): Promise<Map<string, MediaFile>> {
      if (!urls.length) return new Map();
      const found = (await files().findMany({
        where: { url: { $in: [...new Set(urls)] } },
        select: FILE_FIELDS,
        orderBy: { id: 'asc' },
      })) as Record<string, unknown>[];
      const byUrl = new Map<string, MediaFile>();
      for (const file of found.map(mediaFileOf)) if (!byUrl.has(file.url)) byUrl.set(file.url, file);
      return byUrl;
    },

    /**
     * The library file each of these image sources names, by source: the site's own upload (any
     * spelling of its address, see images/site-media) or a provider's URL of a library file. One query;
     * none when no source could name one.
     */
    async findSiteFiles(
      imageSources: readonly string[],
      site: SiteMediaAddresses
    ): Promise<Map<string, MediaFile>> {
      const candidates = siteFileCandidates(imageSources, site);
      return siteFilesNamed(candidates, await this.findFilesByUrl([...candidates.values()].flat()));
    },

    /** The oldest library file with exactly this name (a later one of the same name is someone's copy). */
    async findFileNamed(name: string): Promise<MediaFile | null> {
      const row = (await files().findOne({
        where: { name },
        select: FILE_FIELDS,
        orderBy: { id: 'asc' },
      })) as Record<string, unknown> | null;
      return row ? mediaFileOf(row) : null;
    },

    /** Whether an entry links the file through a media field (Strapi's `related` morph table of files). */
    async isLinkedByEntries(fileId: number): Promise<boolean> {
      const related = strapi.db.metadata.get(UPLOAD_FILE_UID).attributes.related as unknown as {
        joinTable?: MorphJoinTable;
      };
      const joinTable = related?.joinTable;
      if (!joinTable) return false;
      const link = await strapi.db
        .getConnection(joinTable.name)
        .where(joinTable.joinColumn.name, fileId)
        .first();
      return Boolean(link);
    },
  };
};

export type MediaSourcesService = ReturnType<typeof mediaSources>;
export default mediaSources;
