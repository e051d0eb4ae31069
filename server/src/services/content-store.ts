import type { Core } from '@strapi/strapi';
import { PLUGIN_ID } from '../utils/plugin-id';
import type { TargetDescription } from './target-schema';

/**
 * The slice of Strapi's Document Service this plugin uses. The target uid comes from config, so
 * Strapi's per-uid generated types cannot apply; this interface states what we rely on instead.
 */
export interface DocumentRow {
  id: number;
  documentId: string;
  [field: string]: unknown;
}
interface DocumentsApi {
  findFirst(params: object): Promise<DocumentRow | null>;
  findMany(params: object): Promise<DocumentRow[]>;
  create(params: object): Promise<DocumentRow>;
  update(params: object): Promise<DocumentRow | null>;
  unpublish(params: object): Promise<unknown>;
}

export type PostData = Record<string, unknown>;

export interface CategoryRow {
  id: number;
  documentId: string;
  name: string;
}

/** A category found by name or slug, with where it sits. */
export interface CategoryMatch extends CategoryRow {
  hasParent: boolean;
  parentDocumentId: string | null;
}

export interface DeliveryRecord {
  source: 'api' | 'webhook';
  slug: string;
  title: string;
  targetUid: string;
  targetDocumentId: string;
  postId: number;
  requestedStatus: 'draft' | 'publish' | 'pending';
  articleId?: number;
  websiteId?: number;
  event?: string;
  contentHash: string;
  created: boolean;
  imagesImported: number;
  warnings: string[];
}

export interface MediaFile {
  id: number;
  url: string;
}

export interface MediaSourceRecord {
  sourceKey: string;
  sourceKeyHash: string;
  contentHash: string;
  fileId: number;
}

const DELIVERY_UID = `plugin::${PLUGIN_ID}.delivery`;
const MEDIA_SOURCE_UID = `plugin::${PLUGIN_ID}.media-source`;
const FILE_UID = 'plugin::upload.file';

/** Every read and write of entries goes through here, through Strapi's Document Service. */
const contentStore = ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = (uid: string) => strapi.documents(uid as never) as unknown as DocumentsApi;

  async function findCategoryMatches(category: NonNullable<TargetDescription['category']>, filters: object): Promise<CategoryMatch[]> {
    const rows = await documents(category.uid).findMany({
      filters,
      ...(category.parent ? { populate: { [category.parent]: { fields: ['id'] } } } : {}),
      sort: 'id:asc',
      ...(category.draftAndPublish ? { status: 'published' } : {}),
    });
    return rows.map((row) => {
      const parent = category.parent ? (row[category.parent] as { documentId?: string } | null | undefined) : undefined;
      return {
        id: row.id,
        documentId: row.documentId,
        name: String(row[category.name] ?? ''),
        hasParent: Boolean(parent),
        parentDocumentId: parent?.documentId ?? null,
      };
    });
  }

  return {
    /** The draft version of the post with this slug (every document has one), if any. */
    async findPostBySlug(target: TargetDescription, slug: string): Promise<DocumentRow | null> {
      return documents(target.uid).findFirst({
        filters: { [target.fields.slug]: slug },
        ...(target.draftAndPublish ? { status: 'draft' } : {}),
        ...(target.fields.seo ? { populate: [target.fields.seo] } : {}),
      });
    },

    async hasPublishedVersion(target: TargetDescription, documentId: string): Promise<boolean> {
      if (!target.draftAndPublish) return false;
      const published = await documents(target.uid).findFirst({ filters: { documentId }, status: 'published', fields: ['id'] });
      return published !== null;
    },

    /** The stable id of a post: its draft row's id, which survives publishing and updates. */
    async postId(target: TargetDescription, documentId: string): Promise<number> {
      const row = await documents(target.uid).findFirst({
        filters: { documentId },
        fields: ['id'],
        ...(target.draftAndPublish ? { status: 'draft' } : {}),
      });
      if (!row) throw new Error(`The post ${documentId} vanished while it was being written.`);
      return row.id;
    },

    async createPost(target: TargetDescription, data: PostData, publish: boolean): Promise<string> {
      const created = await documents(target.uid).create({ data, ...(publish ? { status: 'published' } : {}) });
      return created.documentId;
    },

    async updatePost(target: TargetDescription, documentId: string, data: PostData, publish: boolean): Promise<void> {
      await documents(target.uid).update({ documentId, data, ...(publish ? { status: 'published' } : {}) });
    },

    async unpublishPost(target: TargetDescription, documentId: string): Promise<void> {
      await documents(target.uid).unpublish({ documentId });
    },

    async findCategoriesByIds(category: NonNullable<TargetDescription['category']>, ids: number[]): Promise<CategoryRow[]> {
      const rows = await documents(category.uid).findMany({
        filters: { id: { $in: ids } },
        fields: ['id', category.name],
        ...(category.draftAndPublish ? { status: 'published' } : {}),
      });
      return rows.map((row) => ({ id: row.id, documentId: row.documentId, name: String(row[category.name] ?? '') }));
    },

    /** Categories named `name` (case-insensitive); with `parentDocumentId`, only its children. */
    async findCategoriesByName(
      category: NonNullable<TargetDescription['category']>,
      name: string,
      parentDocumentId?: string
    ): Promise<CategoryMatch[]> {
      const parentFilter = parentDocumentId && category.parent ? { [category.parent]: { documentId: parentDocumentId } } : {};
      return findCategoryMatches(category, { [category.name]: { $eqi: name }, ...parentFilter });
    },

    /** Categories whose slug is `slug` (none when the type has no slug field). */
    async findCategoriesBySlug(category: NonNullable<TargetDescription['category']>, slug: string): Promise<CategoryMatch[]> {
      if (!category.slug) return [];
      return findCategoryMatches(category, { [category.slug]: slug });
    },

    async createCategory(
      category: NonNullable<TargetDescription['category']>,
      fields: { name: string; slug: string; parentDocumentId?: string }
    ): Promise<CategoryRow> {
      const data: PostData = { [category.name]: fields.name };
      if (category.slug) data[category.slug] = fields.slug;
      if (category.parent && fields.parentDocumentId) data[category.parent] = fields.parentDocumentId;
      const created = await documents(category.uid).create({ data, ...(category.draftAndPublish ? { status: 'published' } : {}) });
      return { id: created.id, documentId: created.documentId, name: fields.name };
    },

    async recordDelivery(record: DeliveryRecord): Promise<void> {
      await documents(DELIVERY_UID).create({ data: record });
    },

    /** The newest ledger entry of a webhook article (its idempotency key is article_id + slug). */
    async findLatestWebhookDelivery(articleId: number, slug: string): Promise<(DeliveryRecord & { id: number }) | null> {
      const row = await documents(DELIVERY_UID).findFirst({
        filters: { source: 'webhook', articleId, slug },
        sort: 'id:desc',
      });
      return row as unknown as (DeliveryRecord & { id: number }) | null;
    },

    async postExists(target: TargetDescription, documentId: string): Promise<boolean> {
      const row = await documents(target.uid).findFirst({
        filters: { documentId },
        fields: ['id'],
        ...(target.draftAndPublish ? { status: 'draft' } : {}),
      });
      return row !== null;
    },

    /** Files earlier deliveries imported, by source key digest, for many sources in two queries. */
    async findImportedFiles(sourceKeyHashes: string[]): Promise<Map<string, MediaFile>> {
      const found = new Map<string, MediaFile>();
      if (!sourceKeyHashes.length) return found;
      const sources = await documents(MEDIA_SOURCE_UID).findMany({
        filters: { sourceKeyHash: { $in: sourceKeyHashes } },
        fields: ['sourceKeyHash', 'fileId'],
        sort: 'id:desc',
      });
      const fileIds = [...new Set(sources.map((source) => Number(source.fileId)))];
      const files = fileIds.length
        ? ((await strapi.db.query(FILE_UID).findMany({ where: { id: { $in: fileIds } }, select: ['id', 'url'] })) as MediaFile[])
        : [];
      const filesById = new Map(files.map((file) => [file.id, file]));
      for (const source of sources) {
        const file = filesById.get(Number(source.fileId));
        const hash = String(source.sourceKeyHash);
        if (file && !found.has(hash)) found.set(hash, file);
      }
      return found;
    },

    /** The media library file an earlier delivery imported with these bytes (their SHA-256). */
    async findFileByContentHash(contentHash: string): Promise<MediaFile | null> {
      const sources = await documents(MEDIA_SOURCE_UID).findMany({ filters: { contentHash }, fields: ['fileId'], sort: 'id:desc' });
      for (const source of sources) {
        const file = (await strapi.db.query(FILE_UID).findOne({ where: { id: source.fileId }, select: ['id', 'url'] })) as MediaFile | null;
        if (file) return file;
      }
      return null;
    },

    /** A library file named `<stem>.<extension>`, the newest first. */
    async findFileByNameStem(stem: string): Promise<MediaFile | null> {
      return (await strapi.db.query(FILE_UID).findOne({
        where: { name: { $startsWith: `${stem}.` } },
        select: ['id', 'url'],
        orderBy: { id: 'desc' },
      })) as MediaFile | null;
    },

    async recordMediaSource(record: MediaSourceRecord): Promise<void> {
      await documents(MEDIA_SOURCE_UID).create({ data: record });
    },

    async forgetMediaSources(fileIds: number[]): Promise<void> {
      if (!fileIds.length) return;
      await strapi.db.query(MEDIA_SOURCE_UID).deleteMany({ where: { fileId: { $in: fileIds } } });
    },
  };
};

export type ContentStoreService = ReturnType<typeof contentStore>;
export default contentStore;
