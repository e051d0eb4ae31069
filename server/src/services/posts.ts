import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../core/src/config';
import { CONFORMANCE_CHECK_SLUG } from '../../../core/src/wire-names';
import { documentsOf, type DocumentRow } from '../utils/documents';
import { getService } from '../utils/get-service';
import type { TargetDescription } from './target-schema';

export type PostData = Record<string, unknown>;

/** Reads and writes of the target's entries (the posts), through Strapi's Document Service. */
const posts = ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = (uid: string) => documentsOf(strapi, uid);

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

    /**
     * Creates the post, or updates the existing document, leaving it in the requested state: published,
     * or a draft only (a published version is unpublished, so the post's status is what was asked).
     */
    async savePost(target: TargetDescription, existingDocumentId: string | undefined, data: PostData, publish: boolean): Promise<string> {
      if (!existingDocumentId) return this.createPost(target, data, publish);
      await this.updatePost(target, existingDocumentId, data, publish);
      if (!publish && (await this.hasPublishedVersion(target, existingDocumentId))) await this.unpublishPost(target, existingDocumentId);
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

    async postExists(target: TargetDescription, documentId: string): Promise<boolean> {
      const row = await documents(target.uid).findFirst({
        filters: { documentId },
        fields: ['id'],
        ...(target.draftAndPublish ? { status: 'draft' } : {}),
      });
      return row !== null;
    },
  };
};

export type PostsService = ReturnType<typeof posts>;
export default posts;
