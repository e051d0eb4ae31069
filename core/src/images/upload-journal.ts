/**
 * What the upload journal keeps of each object Strapi's upload service hands its provider for one of
 * the plugin's uploads, and how the sweep decides whether a file row still holds it. Strapi names an
 * upload's objects itself: the file's `hash` is the name's slug plus a random suffix, and each format
 * (thumbnail, small, ...) is `<format>_<hash>` with the same extension and path.
 */

/**
 * The lock an upload of these bytes (their SHA-256) runs under, on any door: an article's image import
 * and a WordPress media upload alike. The orphan sweep leaves a journaled upload alone while it is held.
 */
export const mediaContentLock = (contentHash: string) => `media:${contentHash}`;

/** The file-like object a provider writes and deletes (the fields Strapi's providers read). */
export interface ProviderObject {
  name?: string;
  hash: string;
  ext?: string;
  path?: string | null;
  mime?: string;
  url?: string;
  provider_metadata?: unknown;
}

/** One journaled object: enough to delete it through the provider, and to find the row that holds it. */
export interface JournaledObject {
  hash: string;
  ext: string;
  path: string | null;
  mime: string;
  /** The hash of the library file the object belongs to: its own for the file, the original's for a format. */
  fileHash: string;
}

/**
 * Describes an object about to be written for the upload whose library name is `uploadName`. A format's
 * name is `<format>_<uploadName>` and its hash `<format>_<file hash>`, so the file's hash follows from
 * the two; an object named otherwise is taken as the file itself.
 */
export function journaledObject(file: ProviderObject, uploadName: string): JournaledObject {
  let fileHash = file.hash;
  const name = file.name ?? '';
  if (name !== uploadName && name.endsWith(`_${uploadName}`)) {
    const format = name.slice(0, -(uploadName.length + 1));
    if (file.hash.startsWith(`${format}_`)) fileHash = file.hash.slice(format.length + 1);
  }
  return {
    hash: file.hash,
    ext: file.ext ?? '',
    path: file.path ?? null,
    mime: file.mime ?? '',
    fileHash,
  };
}

/** A library file row as the sweep reads it: its hash and its formats (a JSON column, text on some databases). */
export interface FileRowHashes {
  hash: unknown;
  formats: unknown;
}

/** Every object hash these file rows hold: each file's own and each of its formats'. */
export function heldObjectHashes(rows: FileRowHashes[]): Set<string> {
  const held = new Set<string>();
  for (const row of rows) {
    if (typeof row.hash === 'string') held.add(row.hash);
    let formats = row.formats;
    if (typeof formats === 'string') {
      try {
        formats = JSON.parse(formats) as unknown;
      } catch {
        formats = null;
      }
    }
    if (!formats || typeof formats !== 'object') continue;
    for (const format of Object.values(formats as Record<string, unknown>)) {
      const hash = (format as { hash?: unknown } | null)?.hash;
      if (typeof hash === 'string') held.add(hash);
    }
  }
  return held;
}

/** A journal entry as stored: the object, and what the provider told about it after writing it (if it did). */
export interface StoredJournalEntry extends JournaledObject {
  url: string | null;
  providerMetadata: unknown;
}

/** The object to hand the provider's `delete`, as Strapi hands it a file or format of a file row. */
export function providerObjectOf(entry: StoredJournalEntry): ProviderObject {
  return {
    hash: entry.hash,
    ext: entry.ext,
    path: entry.path,
    mime: entry.mime,
    ...(entry.url ? { url: entry.url } : {}),
    ...(entry.providerMetadata ? { provider_metadata: entry.providerMetadata } : {}),
  };
}

/**
 * The objects Strapi's upload may write for a file, known at its first write: the file and each format
 * (`formatKeys`: the thumbnail and the configured breakpoints), named `<format>_<hash>` with the file's
 * extension, path and type. A format Strapi does not make (an image smaller than a breakpoint) has an
 * entry for an object never written, which only a provider whose delete ignores a missing object may
 * be given (server/src/pipeline/media/upload-journal.ts).
 */
export function expectedObjects(file: ProviderObject, formatKeys: readonly string[]): ProviderObject[] {
  return [
    file,
    ...formatKeys.map((key) => ({
      ...(file.name !== undefined ? { name: `${key}_${file.name}` } : {}),
      hash: `${key}_${file.hash}`,
      ...(file.ext !== undefined ? { ext: file.ext } : {}),
      path: file.path ?? null,
      ...(file.mime !== undefined ? { mime: file.mime } : {}),
    })),
  ];
}

/** An object's identity within one upload: its hash and extension. */
export const objectKey = (file: Pick<ProviderObject, 'hash' | 'ext'>) => `${file.hash}${file.ext ?? ''}`;
