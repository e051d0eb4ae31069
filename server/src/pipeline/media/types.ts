import type { LibraryFile } from '../../../../core/src/body-formats';
import type { ImageWarning, ImportedImage } from '../../../../core/src/contracts';
import type { FeaturedImageOutcome } from '../../../../core/src/images/featured-outcome';
import type { MediaFile } from './sources';

/** What the media step needs of the target: whose images these are, whether a featured image has a field, and whether its body format needs the library files' details. */
export interface MediaTarget {
  uid: string;
  hasFeaturedImageField: boolean;
  needsLibraryFiles: boolean;
}

/** What the media step hands to the write step: media, not HTML. */
export interface ArticleMedia {
  /** The library file each imported inline image became, by its source in the article's HTML. */
  libraryFiles: Map<string, LibraryFile>;
  featured: FeaturedImageOutcome;
  /** The contract's list of imported inline images. */
  imported: ImportedImage[];
  warnings: ImageWarning[];
  /** The inline sources those warnings are about, as the body names them: the body says nothing more of them. */
  refusedSources: string[];
  /** Files uploaded for this delivery (not reused ones). */
  uploadedFileIds: number[];
  /**
   * Marks the media-source rows this delivery made; when the post write fails, `discard` drops them
   * and removes each file nothing else uses any more. Absent when nothing was imported.
   */
  importToken?: string;
}

/**
 * The media of a delivery that imports nothing: every image is the site's own file or one this post's
 * finished deliveries imported (settled rows). `reusedRows` are those rows: the write checks, under
 * the post's lock, that they are still there (a delivery of the post that was in flight when they were
 * read may have failed and dropped them since).
 */
export interface ReusedMedia {
  media: ArticleMedia;
  reusedRows: number[];
}

export type ImportResult = { ok: true; file: MediaFile; uploaded: boolean } | { ok: false; reason: string };

type Gate = <T>(task: () => Promise<T>) => Promise<T>;

/** How many images of one article may be in flight (downloading or processing), and how many may decode and upload, at once. */
export interface ImportGates {
  inFlight: Gate;
  processing: Gate;
}

/** Who imports: the post (its deliveries run one at a time under its lock) and this one delivery. */
export interface Importer {
  owner: string;
  importToken: string;
}

/** The identity of an image source and its bytes, as media-source rows record them. */
export interface SourceKeys {
  sourceKey: string;
  sourceKeyHash: string;
  contentHash: string;
}

/** What an earlier delivery recorded for a source key. */
export interface KnownSource {
  /** The media-source row recorded (a claim made in this delivery keeps the earlier row's id). */
  rowId: number;
  file: MediaFile;
  contentHash: string;
  /**
   * Recorded by a finished delivery of this same post (or before deliveries were recorded), or claimed
   * by this delivery: nothing can remove it under us.
   */
  settled: boolean;
}

/** How an image source is named and described in the library. */
export interface SourceImage {
  alt: string | undefined;
  /** The readable part of its library file name (libraryFileStem). */
  nameStem: string;
}
