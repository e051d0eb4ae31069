import { htmlToBlocks } from './blocks/html-to-blocks';
import type { MediaLibraryImage } from './blocks/types';
import type { TargetDescription } from './target-description';

/** What a body writer starts from: the sanitized HTML with imported images in place. */
export interface BodyInput {
  html: string;
  /** The library file of each imported inline image, by its src in `html` (only for writers that ask). */
  libraryImages: ReadonlyMap<string, MediaLibraryImage>;
}

export interface BodyWriter {
  /** Whether the writer needs the imported images' library files (a blocks image holds more than a URL). */
  needsLibraryImages: boolean;
  /** The value the body field stores; degradations are pushed onto `warnings`. */
  write(input: BodyInput, warnings: string[]): unknown;
}

/** One writer per body format the target may have: adding a format is adding a row. */
export const BODY_WRITERS: Record<TargetDescription['contentFormat'], BodyWriter> = {
  html: { needsLibraryImages: false, write: ({ html }) => html },
  blocks: {
    needsLibraryImages: true,
    write({ html, libraryImages }, warnings) {
      const converted = htmlToBlocks(html, { image: (src) => libraryImages.get(src) });
      warnings.push(...converted.warnings);
      return converted.blocks;
    },
  },
};
