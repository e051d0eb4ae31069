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
import { pacedDocumentWrites } from '../../strapi/paced-document-writes';
import { storeLargeBlocksBody } from '../../strapi/large-blocks-write';
import { lookUp, readEntry, type EntryParts } from '../../strapi/plain-lookups';
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
 * What a create asks Strapi to answer with: the row's ids, all a publish reads of it. Without `fields`
 * Strapi reads the whole row back after its insert (for a 5 MB article, 5 MB more read and turned into
 * a string inside the transaction). Strapi's create reads only the answer's ids, and so do the
 * Document Service middlewares of its own plugins (i18n, content history). Not for an update (the
 * Releases plugin reads its answer as the entry: its locale, whether it is valid) nor a publish (its
 * relation sync matches the published rows by locale).
 */
const ANSWER_FIELDS = ['documentId'];

/**
 * Reads and writes of the target's entries (the posts), through Strapi's Document Service; whether a
 * slug's entry exists is a plain lookup (server/src/strapi/plain-lookups.ts).
 */
const posts = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const documents = (uid: string) => documentsOf(strapi, uid);
  /** The Document Service's writes, their event reads paced when asked (server/src/strapi/paced-document-writes.ts). */
  const writesOf = (uid: string, paceEventReads = false) =>
    paceEventReads ? pacedDocumentWrites(documents(uid), uses.entryEventReads, uid) : documents(uid);
  const draftOnly = (target: PublishTarget) => (target.draftAndPublish ? { status: 'draft' } : {});
  /** Where a delivery's entry is: its draft (every document has one) in its locale. */
  const entryScope = (target: PublishTarget, locale: string | undefined) => ({
    ...draftOnly(target),
    ...localeParams(target, locale),
  });

  /** A draft's stamp: its id and last change (an entry saved since has another). */
  const stampOf = (row: DocumentRow): string => {
    const changed = row.updatedAt instanceof Date ? row.updatedAt.toISOString() : String(row.updatedAt);
    return `${row.id}@${changed}`;
  };

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
    return row ? stampOf(row) : null;
  }

  // Per target profile: profiles are kept per process and frozen (docs/design.md), and so are schemas.
  const entryShapes = new WeakMap<PublishTarget, { fields: string[]; parts: EntryParts }>();

  /** Attribute types that are not a column of the entry's own table. */
  const NOT_COLUMNS = new Set(['relation', 'component', 'dynamiczone', 'media']);

  /**
   * What a republish reads of the entry (issue #62): its columns but a body it replaces (a large
   * article's body is megabytes), its stamp (`updatedAt`), and the parts the plan keeps or fills only
   * while empty: the SEO component (its ids and the fields the plugin does not manage), a zone body,
   * the author, a gallery.
   */
  function entryShape(target: PublishTarget): { fields: string[]; parts: EntryParts } {
    const known = entryShapes.get(target);
    if (known) return known;
    const keepsBody = target.body && BODY_WRITERS[target.body.body.format].keepsExistingValue;
    const attributes = schemaCatalog(strapi).contentType(target.uid)?.attributes ?? {};
    const fields = Object.entries(attributes)
      .filter(([name, attribute]) => !NOT_COLUMNS.has(attribute.type) && name !== target.body?.field)
      .map(([name]) => name)
      .filter((name) => name !== 'id' && name !== 'documentId' && name !== 'updatedAt');
    const parts: EntryParts = {};
    if (target.seo?.kind === 'component') parts[target.seo.field] = 'all';
    if (target.body && keepsBody) parts[target.body.field] = 'all';
    // An author an editor set is kept: the configured default only fills an entry without one.
    if (target.author) parts[target.author.field] = ['documentId'];
    // A gallery the plugin fills is filled only while it is empty: an editor's choice is kept.
    for (const fill of target.fills) if (fill.source === 'gallery') parts[fill.field] = ['id'];
    const shape = { fields: ['updatedAt', ...fields], parts };
    entryShapes.set(target, shape);
    return shape;
  }

  /** The draft the filters name in `locale`, as a republish reads it (entryShape), with its stamp. */
  async function readDraft(
    target: PublishTarget,
    locale: string | undefined,
    filters: Record<string, unknown>
  ): Promise<{ entry: DocumentRow; stamp: string } | null> {
    const entry = await readEntry(strapi, target, {
      filters,
      status: 'draft',
      locale,
      ...entryShape(target),
    });
    return entry ? { entry, stamp: stampOf(entry) } : null;
  }

  return {
    /**
     * The draft version of the post with this slug (every document has one) in `locale`, if any, as a
     * republish reads it (entryShape), with its stamp (entryStamp's answer for the same row). A target
     * without a slug field is keyed by the plugin's own record: the newest delivery of that slug into
     * the type.
     */
    async readPostBySlug(
      target: PublishTarget,
      slug: string,
      locale: string | undefined
    ): Promise<{ entry: DocumentRow; stamp: string } | null> {
      const filters = await this.postFilters(target, slug);
      return filters ? readDraft(target, locale, filters) : null;
    },

    /** The draft version of the post with this slug in `locale` (readPostBySlug's entry), if any. */
    async findPostBySlug(
      target: PublishTarget,
      slug: string,
      locale: string | undefined
    ): Promise<DocumentRow | null> {
      return (await this.readPostBySlug(target, slug, locale))?.entry ?? null;
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
      return (await readDraft(target, locale, { documentId }))?.entry ?? null;
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
     * `paceEventReads`: Strapi's event read of the draft after the commit waits for a turn of the event
     * loop (on SQLite; see eventReadsSettled), as `settleStatus`'s of the published version.
     */
    async saveDraft(
      target: PublishTarget,
      existingDocumentId: string | undefined,
      data: PostData,
      locale: string | undefined,
      options: { paceEventReads?: boolean } = {}
    ): Promise<{ documentId: string; postId: number }> {
      const scope = localeParams(target, locale);
      const writes = writesOf(target.uid, options.paceEventReads);
      const draft = existingDocumentId
        ? await writes.update({ documentId: existingDocumentId, data, ...scope })
        : await writes.create({ data, ...scope, fields: ANSWER_FIELDS });
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
      options: {
        publish: boolean;
        locale: string | undefined;
        existed: boolean;
        bodyJson?: StoredBodyJson;
        paceEventReads?: boolean;
      }
    ): Promise<void> {
      const { publish, locale, existed, bodyJson } = options;
      const { documentId } = saved;
      const scope = localeParams(target, locale);
      let publishedRows: DocumentRow[] = [];
      if (target.draftAndPublish) {
        if (publish) {
          const published = await writesOf(target.uid, options.paceEventReads).publish({
            documentId,
            ...scope,
          });
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

    /**
     * Resolves once the event reads announced by a write (`paceEventReads`) are done, with a turn of the
     * event loop before and after (server/src/strapi/entry-event-reads.ts).
     */
    eventReadsSettled(): Promise<void> {
      return uses.entryEventReads.settled();
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
