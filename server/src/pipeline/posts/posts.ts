import type { Core } from '@strapi/strapi';
import { BODY_WRITERS } from '../../../../core/src/body-formats';
import type { StoredBodyJson } from '../../../../core/src/blocks/stored-json';
import type { ZoneComponent } from '../../../../core/src/body/zone-layout';
import type { EffectiveConfig } from '../../../../core/src/config';
import { localeParams } from '../../../../core/src/locale';
import type { PublishTarget } from '../../../../core/src/publish-target';
import { CONFORMANCE_CHECK_SLUG } from '../../../../core/src/wire-names';
import { ServiceError } from '../../../../core/src/errors';
import { slugLockName } from '../../../../core/src/post-locks';
import { documentsOf, type DocumentRow } from '../../strapi/documents';
import { storeLargeBlocksBody } from '../../strapi/large-blocks-write';
import { lookUp } from '../../strapi/plain-lookups';
import { schemaCatalog } from '../../common/schema-catalog';
import { toResendableComponents } from './zone-components';
import type { Collaborators } from '../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<
  Collaborators,
  'deliveries' | 'entryEventReads' | 'locks' | 'mediaImport' | 'siteLocales' | 'targetSchema'
>;

export type PostData = Record<string, unknown>;

/**
 * Reads and writes of the target's entries (the posts), through Strapi's Document Service; whether a
 * slug's entry exists is a plain lookup (server/src/strapi/plain-lookups.ts).
 */
const posts = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const documents = (uid: string) => documentsOf(strapi, uid);
  const draftOnly = (target: PublishTarget) => (target.draftAndPublish ? { status: 'draft' } : {});
  /** Where a delivery's entry is: its draft (every document has one) in its locale. */
  const entryScope = (target: PublishTarget, locale: string | undefined) => ({
    ...draftOnly(target),
    ...localeParams(target, locale),
  });

  /**
   * The draft the filters name in `locale` (every document has one), by a plain lookup: its id and last
   * change, or null when there is none.
   */
  async function draftStamp(
    target: PublishTarget,
    locale: string | undefined,
    filters: Record<string, unknown>
  ): Promise<string | null> {
    const [row] = await lookUp(strapi, target, {
      filters,
      status: 'draft',
      locale,
      fields: ['updatedAt'],
      first: true,
    });
    if (!row) return null;
    const changed = row.updatedAt instanceof Date ? row.updatedAt.toISOString() : String(row.updatedAt);
    return `${row.id}@${changed}`;
  }

  /** What a republish reads back: the SEO component (its ids and fields the plugin does not manage), a zone body, the author, a gallery. */
  function populateOf(target: PublishTarget): Record<string, unknown> {
    const populate: Record<string, unknown> = {};
    if (target.seo?.kind === 'component') populate[target.seo.field] = { populate: '*' };
    if (target.body && BODY_WRITERS[target.body.body.format].keepsExistingValue)
      populate[target.body.field] = { populate: '*' };
    // An author an editor set is kept: the configured default only fills an entry without one.
    if (target.author) populate[target.author.field] = { fields: ['documentId'] };
    // A gallery the plugin fills is filled only while it is empty: an editor's choice is kept.
    for (const fill of target.fills) if (fill.source === 'gallery') populate[fill.field] = { fields: ['id'] };
    return populate;
  }

  return {
    /**
     * The draft version of the post with this slug (every document has one) in `locale`, if any. A
     * target without a slug field is keyed by the plugin's own record: the newest delivery of that slug
     * into the type. `stamped`: the caller has just read the slug's entryStamp and found an entry, so the
     * plain lookup that tells a new slug is not made again.
     */
    async findPostBySlug(
      target: PublishTarget,
      slug: string,
      locale: string | undefined,
      { stamped = false }: { stamped?: boolean } = {}
    ): Promise<DocumentRow | null> {
      const populate = populateOf(target);
      const filters = await this.postFilters(target, slug);
      if (!filters) return null;
      // Most deliveries bring a new slug: a plain lookup says so, and only an entry found is read with
      // its components and relations through the Document Service.
      if (!stamped && (await draftStamp(target, locale, filters)) === null) return null;
      return documents(target.uid).findFirst({
        filters,
        ...entryScope(target, locale),
        ...(Object.keys(populate).length ? { populate } : {}),
      });
    },

    /**
     * The slug's entry by a plain lookup: its draft's id and last change, or null where findPostBySlug
     * finds no entry. A write that commits once compares it before and inside its transaction
     * (server/src/pipeline/publish/deliver.ts); a slug without one is free (wordpress-posts).
     */
    async entryStamp(
      target: PublishTarget,
      slug: string,
      locale: string | undefined
    ): Promise<string | null> {
      const filters = await this.postFilters(target, slug);
      return filters ? draftStamp(target, locale, filters) : null;
    },

    /** The draft version of the document `documentId` in `locale` (as findPostBySlug reads it), if any. */
    async findPostByDocument(
      target: PublishTarget,
      documentId: string,
      locale: string | undefined
    ): Promise<DocumentRow | null> {
      const populate = populateOf(target);
      return documents(target.uid).findFirst({
        filters: { documentId },
        ...entryScope(target, locale),
        ...(Object.keys(populate).length ? { populate } : {}),
      });
    },

    /** How the post of a slug is found: by its slug field, or by the document the plugin's record names. */
    async postFilters(target: PublishTarget, slug: string): Promise<Record<string, unknown> | null> {
      if (target.slug) return { [target.slug.field]: slug };
      const documentId = await uses.deliveries.findLatestDocumentOf(target.uid, slug);
      return documentId ? { documentId } : null;
    },

    /**
     * On a localized target with no entry of this slug in the delivery's locale: the document whose entry
     * in one of `otherLocales` (in that order) has it, which the delivery becomes a localization of.
     */
    async findTranslatedDocument(
      target: PublishTarget,
      slug: string,
      otherLocales: string[]
    ): Promise<string | undefined> {
      if (!target.localized || !otherLocales.length) return undefined;
      const filters = await this.postFilters(target, slug);
      if (!filters) return undefined;
      for (const other of otherLocales) {
        const row = await documents(target.uid).findFirst({
          filters,
          ...entryScope(target, other),
          fields: ['id'],
        });
        if (row) return row.documentId;
      }
      return undefined;
    },

    /**
     * The body's current value for a writer that keeps it (BODY_WRITERS' `keepsExistingValue`: a zone
     * body's components), ready to be written back (ids stripped, media as ids).
     */
    existingZone(target: PublishTarget, existing: DocumentRow | null): ZoneComponent[] {
      if (!existing || !target.body || !BODY_WRITERS[target.body.body.format].keepsExistingValue) return [];
      return toResendableComponents(existing[target.body.field], schemaCatalog(strapi));
    },

    async hasPublishedVersion(
      target: PublishTarget,
      documentId: string,
      locale: string | undefined
    ): Promise<boolean> {
      if (!target.draftAndPublish) return false;
      const published = await documents(target.uid).findFirst({
        filters: { documentId },
        status: 'published',
        fields: ['id'],
        ...localeParams(target, locale),
      });
      return published !== null;
    },

    /**
     * The draft half of a save: creates the post, or updates the existing document's draft, in
     * `locale` only (updating a document that has no entry in that locale creates its localization;
     * Strapi copies the non-localized fields from the other locales). Answers the document and the
     * post's stable id, its draft row's id in its locale (which survives publishing and updates), from
     * the write instead of a read after it. `settleStatus` then leaves it in the requested state.
     */
    async saveDraft(
      target: PublishTarget,
      existingDocumentId: string | undefined,
      data: PostData,
      locale: string | undefined
    ): Promise<{ documentId: string; postId: number }> {
      const scope = localeParams(target, locale);
      const draft = existingDocumentId
        ? await documents(target.uid).update({ documentId: existingDocumentId, data, ...scope })
        : await documents(target.uid).create({ data, ...scope });
      // Deleted by someone who does not take the post's lock (the Content Manager): a retry creates it again.
      if (!draft)
        throw new ServiceError(
          'temporarily_unavailable',
          'The post was deleted while this delivery was writing it; nothing was written. Try again.'
        );
      return { documentId: draft.documentId, postId: draft.id };
    },

    /**
     * The status half: publishes the saved draft (as Strapi's own `status: 'published'` does, draft
     * first), or withdraws the published version of a post that existed when the delivery is a draft,
     * so the post's status is what was asked. Then a `bodyJson` (a large Blocks body, saved as a
     * stand-in) is stored into the entry's rows (server/src/strapi/large-blocks-write.ts).
     */
    async settleStatus(
      target: PublishTarget,
      saved: { documentId: string; postId: number },
      options: { publish: boolean; locale: string | undefined; existed: boolean; bodyJson?: StoredBodyJson }
    ): Promise<void> {
      const { publish, locale, existed, bodyJson } = options;
      const { documentId } = saved;
      const scope = localeParams(target, locale);
      let publishedRows: DocumentRow[] = [];
      if (target.draftAndPublish) {
        if (publish) {
          const published = await documents(target.uid).publish({ documentId, ...scope });
          publishedRows = published?.entries ?? [];
        } else if (existed && (await this.hasPublishedVersion(target, documentId, locale)))
          await documents(target.uid).unpublish({ documentId, ...scope });
      }
      if (bodyJson) {
        const rowIds = [saved.postId, ...publishedRows.map((row) => row.id)];
        await storeLargeBlocksBody(
          { strapi, eventReads: uses.entryEventReads },
          target,
          { documentId, rowIds },
          { locale, publish },
          bodyJson
        );
      }
    },

    /** Deletes the post on the conformance check's reserved slug (draft and published, in its locale) and the images imported for it; answers how many. */
    async removeConformanceCheckPost(config: EffectiveConfig): Promise<number> {
      const target = uses.targetSchema.requireUsable(config);
      // The check publishes without a locale, so its post is in the configured (or default) locale.
      const { locale } = await uses.siteLocales.choose(target, config, undefined);
      // Under the post's lock, which a publish of the slug holds from its read to its write: a publish
      // that found the entry never sees it deleted under it, nor its images released (issue #55).
      return uses.locks.withLocks([slugLockName(target.uid, CONFORMANCE_CHECK_SLUG)], async () => {
        const post = await this.findPostBySlug(target, CONFORMANCE_CHECK_SLUG, locale);
        if (!post) return 0;
        await documents(target.uid).delete({
          documentId: post.documentId,
          ...localeParams(target, locale),
        });
        // Its images go too, unless another entry or post uses them: a check leaves nothing behind.
        await uses.mediaImport.releasePost(target.uid, CONFORMANCE_CHECK_SLUG);
        return 1;
      });
    },

    /** Unpublishes the post in `locale` (its draft stays); answers whether it had a published version. */
    async unpublishPost(
      target: PublishTarget,
      documentId: string,
      locale: string | undefined
    ): Promise<boolean> {
      if (!(await this.hasPublishedVersion(target, documentId, locale))) return false;
      await documents(target.uid).unpublish({ documentId, ...localeParams(target, locale) });
      return true;
    },

    /** Deletes the post's entry in `locale`, draft and published (other locales stay). */
    async deletePost(target: PublishTarget, documentId: string, locale: string | undefined): Promise<void> {
      await documents(target.uid).delete({ documentId, ...localeParams(target, locale) });
    },

    async postExists(
      target: PublishTarget,
      documentId: string,
      locale: string | undefined
    ): Promise<boolean> {
      const row = await documents(target.uid).findFirst({
        filters: { documentId },
        fields: ['id'],
        ...entryScope(target, locale),
      });
      return row !== null;
    },
  };
};

export type PostsService = ReturnType<typeof posts>;
export default posts;
