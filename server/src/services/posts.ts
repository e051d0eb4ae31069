import type { Core } from '@strapi/strapi';
import type { ZoneComponent } from '../../../core/src/body/zone-layout';
import type { EffectiveConfig } from '../../../core/src/config';
import type { PublishTarget } from '../../../core/src/publish-target';
import { CONFORMANCE_CHECK_SLUG } from '../../../core/src/wire-names';
import { documentsOf, type DocumentRow } from '../utils/documents';
import { getService } from '../utils/get-service';
import { schemaCatalog } from '../utils/schema-catalog';
import { toResendableComponents } from '../utils/zone-components';

export type PostData = Record<string, unknown>;

/** Reads and writes of the target's entries (the posts), through Strapi's Document Service. */
const posts = ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = (uid: string) => documentsOf(strapi, uid);
  const draftOnly = (target: PublishTarget) => (target.draftAndPublish ? { status: 'draft' } : {});

  /** What a republish reads back: the SEO component (its ids and fields the plugin does not manage), a zone body, the author. */
  function populateOf(target: PublishTarget): Record<string, unknown> {
    const populate: Record<string, unknown> = {};
    if (target.seo?.kind === 'component') populate[target.seo.field] = { populate: '*' };
    if (target.body?.body.format === 'zone') populate[target.body.field] = { populate: '*' };
    // An author an editor set is kept: the configured default only fills an entry without one.
    if (target.author) populate[target.author.field] = { fields: ['documentId'] };
    return populate;
  }

  return {
    /**
     * The draft version of the post with this slug (every document has one), if any. A target without
     * a slug field is keyed by the plugin's own record: the newest delivery of that slug into the type.
     */
    async findPostBySlug(target: PublishTarget, slug: string): Promise<DocumentRow | null> {
      const populate = populateOf(target);
      const find = (filters: object) =>
        documents(target.uid).findFirst({
          filters,
          ...draftOnly(target),
          ...(Object.keys(populate).length ? { populate } : {}),
        });
      if (target.slug) return find({ [target.slug.field]: slug });
      const documentId = await getService(strapi, 'deliveries').findLatestDocumentOf(target.uid, slug);
      return documentId ? find({ documentId }) : null;
    },

    /** A zone body's current components, ready to be written back (ids stripped, media as ids). */
    existingZone(target: PublishTarget, existing: DocumentRow | null): ZoneComponent[] {
      if (!existing || target.body?.body.format !== 'zone') return [];
      return toResendableComponents(existing[target.body.field], schemaCatalog(strapi));
    },

    async hasPublishedVersion(target: PublishTarget, documentId: string): Promise<boolean> {
      if (!target.draftAndPublish) return false;
      const published = await documents(target.uid).findFirst({
        filters: { documentId },
        status: 'published',
        fields: ['id'],
      });
      return published !== null;
    },

    /** The stable id of a post: its draft row's id, which survives publishing and updates. */
    async postId(target: PublishTarget, documentId: string): Promise<number> {
      const row = await documents(target.uid).findFirst({
        filters: { documentId },
        fields: ['id'],
        ...draftOnly(target),
      });
      if (!row) throw new Error(`The post ${documentId} vanished while it was being written.`);
      return row.id;
    },

    /**
     * Creates the post, or updates the existing document, leaving it in the requested state: published,
     * or a draft only (a published version is unpublished, so the post's status is what was asked).
     */
    async savePost(
      target: PublishTarget,
      existingDocumentId: string | undefined,
      data: PostData,
      publish: boolean
    ): Promise<string> {
      if (!existingDocumentId) return this.createPost(target, data, publish);
      await this.updatePost(target, existingDocumentId, data, publish);
      if (!publish && (await this.hasPublishedVersion(target, existingDocumentId)))
        await this.unpublishPost(target, existingDocumentId);
      return existingDocumentId;
    },

    /** Deletes the post on the conformance check's reserved slug, every version of it; answers how many. */
    async removeConformanceCheckPost(config: EffectiveConfig): Promise<number> {
      const target = getService(strapi, 'target-schema').requireUsable(config);
      const post = await this.findPostBySlug(target, CONFORMANCE_CHECK_SLUG);
      if (!post) return 0;
      await documents(target.uid).delete({ documentId: post.documentId });
      return 1;
    },

    async createPost(target: PublishTarget, data: PostData, publish: boolean): Promise<string> {
      const created = await documents(target.uid).create({
        data,
        ...(publish ? { status: 'published' } : {}),
      });
      return created.documentId;
    },

    async updatePost(
      target: PublishTarget,
      documentId: string,
      data: PostData,
      publish: boolean
    ): Promise<void> {
      await documents(target.uid).update({ documentId, data, ...(publish ? { status: 'published' } : {}) });
    },

    async unpublishPost(target: PublishTarget, documentId: string): Promise<void> {
      await documents(target.uid).unpublish({ documentId });
    },

    async postExists(target: PublishTarget, documentId: string): Promise<boolean> {
      const row = await documents(target.uid).findFirst({
        filters: { documentId },
        fields: ['id'],
        ...draftOnly(target),
      });
      return row !== null;
    },
  };
};

export type PostsService = ReturnType<typeof posts>;
export default posts;
