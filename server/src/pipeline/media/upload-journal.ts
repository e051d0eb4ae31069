import { AsyncLocalStorage } from 'node:async_hooks';
import type { Core } from '@strapi/strapi';
import {
  expectedObjects,
  journaledObject,
  objectKey,
  type ProviderObject,
  type StoredJournalEntry,
} from '../../../../core/src/images/upload-journal';
import { wrapProviderWrites } from '../../strapi/upload-provider';
import { UPLOAD_JOURNAL_UID } from '../../common/plugin-tables';

/** The upload of one library file the plugin is making: its name, and the lock it runs under. */
interface JournaledUpload {
  uploadName: string;
  lockName: string | null;
  /** The objects journaled so far (objectKey), once the first write's entries are in. */
  journaled?: Promise<Set<string>>;
}

/** A journal entry as the sweep reads it. */
export interface JournalEntry extends StoredJournalEntry {
  id: number;
  uploadName: string;
  provider: string;
  lockName: string | null;
}

/**
 * The upload journal: every object (file and formats) Strapi's upload service hands the provider for one
 * of the plugin's uploads is recorded, and committed, before the provider writes it; the entries go once
 * the file row exists. An entry whose object no file row holds is what a crash between the provider's
 * write and Strapi's row insert left behind, for the orphan sweep to remove.
 *
 * Which upload an object belongs to is carried through Strapi's upload call by AsyncLocalStorage: only
 * provider writes made inside `track` are journaled; the site's own uploads pass through untouched.
 */
/**
 * Providers whose `delete` finds an object by what the entry records before the write (its hash, ext
 * and path) and takes a missing object as deleted: Strapi's local provider (the file `hash + ext` under
 * the public folder; "File doesn't exist" resolves) and its AWS S3 provider (the key from path, hash and
 * ext; S3 deletes a missing key without error), read in @strapi/provider-upload-local and -aws-s3 5.x.
 * For them an upload's entries are written at its first write, the file's and every format's it may
 * make, in one commit, and never updated with where the objects went: one commit per image where there
 * were ten (each about a millisecond of the event loop on SQLite: issue #62). Any other provider's
 * objects are journaled one by one, each updated after its write (its delete may need the URL or the
 * provider's metadata).
 */
const DELETES_BY_KEY = new Set(['local', 'aws-s3']);

/** Strapi's upload breakpoints when the site sets none (@strapi/upload's image-manipulation service). */
const DEFAULT_BREAKPOINTS = { large: 1000, medium: 750, small: 500 };

const uploadJournal = ({ strapi }: { strapi: Core.Strapi }) => {
  const entries = () => strapi.db.query(UPLOAD_JOURNAL_UID);
  const currentUpload = new AsyncLocalStorage<JournaledUpload>();
  const providerName = () => String(strapi.config.get('plugin::upload.provider', 'local'));

  async function record(upload: JournaledUpload, file: ProviderObject): Promise<number> {
    const created = (await entries().create({
      data: {
        uploadName: upload.uploadName,
        lockName: upload.lockName,
        provider: providerName(),
        ...journaledObject(file, upload.uploadName),
      },
    })) as { id: number };
    return created.id;
  }

  /** The formats Strapi's upload may make of an image: its thumbnail and each configured breakpoint. */
  const formatKeys = () => [
    'thumbnail',
    ...Object.keys(strapi.config.get('plugin::upload.breakpoints', DEFAULT_BREAKPOINTS) ?? {}),
  ];

  /** The entries of `file` and of every format the upload may make of it, in one commit. */
  async function recordExpected(upload: JournaledUpload, file: ProviderObject): Promise<Set<string>> {
    const objects = expectedObjects(file, formatKeys());
    await entries().createMany({
      data: objects.map((object) => ({
        uploadName: upload.uploadName,
        lockName: upload.lockName,
        provider: providerName(),
        ...journaledObject(object, upload.uploadName),
      })),
    });
    return new Set(objects.map(objectKey));
  }

  /** Deletes an upload's entries (in the caller's transaction, if any). */
  const removeEntriesOf = async (uploadName: string): Promise<void> => {
    await entries().deleteMany({ where: { uploadName } });
  };

  /** What the provider set on the object (its URL, its metadata), for providers whose delete needs them. */
  async function noteWritten(entryId: number, file: ProviderObject): Promise<void> {
    try {
      await entries().update({
        where: { id: entryId },
        data: { url: file.url ?? null, providerMetadata: file.provider_metadata ?? null },
      });
    } catch (error) {
      strapi.log.warn(
        `[article-publisher] could not note where upload ${file.hash} was written: ${(error as Error).message}`
      );
    }
  }

  return {
    /**
     * Runs `work` (Strapi's upload of the file named `uploadName`) with each provider write it makes
     * journaled first. `lockName` is the lock the upload runs under: the sweep leaves an entry alone
     * while that lock is held (its upload is still in progress).
     */
    track<T>(uploadName: string, lockName: string | null, work: () => Promise<T>): Promise<T> {
      return currentUpload.run({ uploadName, lockName }, work);
    },

    /**
     * The upload's file row exists: its entries go, inside the caller's transaction (a failure is the
     * caller's to answer, and the sweep drops entries a file row holds).
     */
    clearWithin: removeEntriesOf,

    /** The upload's file row exists: its objects are held, their entries no longer needed. */
    async clear(uploadName: string): Promise<void> {
      try {
        await removeEntriesOf(uploadName);
      } catch (error) {
        // Harmless: the sweep drops entries whose objects a file row holds.
        strapi.log.warn(
          `[article-publisher] could not clear the upload journal of ${uploadName}: ${(error as Error).message}`
        );
      }
    },

    /**
     * Journals the provider's writes made inside `track`: each object is recorded before the provider is
     * asked to write it (server/src/strapi/upload-provider.ts wraps the provider).
     */
    journalProviderWrites(): void {
      wrapProviderWrites(strapi, async (file, write) => {
        const upload = currentUpload.getStore();
        if (!upload) return write();
        if (!DELETES_BY_KEY.has(providerName())) {
          const entryId = await record(upload, file);
          const written = await write();
          await noteWritten(entryId, file);
          return written;
        }
        // The first write journals every object the upload may make; a later one only what was not foreseen.
        upload.journaled ??= recordExpected(upload, file);
        const journaled = await upload.journaled;
        if (!journaled.has(objectKey(file))) {
          await record(upload, file);
          journaled.add(objectKey(file));
        }
        return write();
      });
    },

    /** Entries created before `before`, after id `afterId`, oldest first (one batch). */
    async findOlderThan(before: Date, afterId: number, limit: number): Promise<JournalEntry[]> {
      const rows = (await entries().findMany({
        where: { createdAt: { $lt: before }, id: { $gt: afterId } },
        orderBy: { id: 'asc' },
        limit,
      })) as Record<string, unknown>[];
      return rows.map((row) => ({
        id: Number(row.id),
        uploadName: String(row.uploadName),
        provider: String(row.provider),
        lockName: (row.lockName as string | null | undefined) ?? null,
        fileHash: String(row.fileHash),
        hash: String(row.hash),
        ext: (row.ext as string | null | undefined) ?? '',
        path: (row.path as string | null | undefined) ?? null,
        mime: (row.mime as string | null | undefined) ?? '',
        url: (row.url as string | null | undefined) ?? null,
        providerMetadata: row.providerMetadata ?? null,
      }));
    },

    async remove(entryIds: number[]): Promise<void> {
      if (entryIds.length) await entries().deleteMany({ where: { id: { $in: entryIds } } });
    },

    /** The upload provider's name now (`local`, `aws-s3`, ...): entries of another cannot be deleted through it. */
    providerName,
  };
};

export type UploadJournalService = ReturnType<typeof uploadJournal>;
export default uploadJournal;
