import { htmlToBlocks } from './blocks/html-to-blocks';
import type { MediaLibraryImage } from './blocks/types';
import type { BodyFormat } from './body/body-field';
import { fitBodyLength } from './body/fit-body';
import { htmlToMarkdown } from './body/html-to-markdown';
import { layoutZone, mergeZone, type ZoneComponent } from './body/zone-layout';
import { writtenKinds } from './body/zone-kinds';
import type { BodyTarget } from './publish-target';

/** A media library file an inline image was imported as: its id (for media fields) and its blocks image. */
export interface LibraryFile {
  id: number;
  image?: MediaLibraryImage;
}

/** What a body writer starts from: the sanitized HTML with imported images in place. */
export interface BodyInput {
  html: string;
  body: BodyTarget;
  /** The library file of each imported inline image, by its src in `html` (only for writers that ask). */
  libraryFiles: ReadonlyMap<string, LibraryFile>;
  /** A dynamic zone's current components on a republish (ids stripped, media as ids), else empty. */
  existingZone: readonly ZoneComponent[];
}

export interface BodyWriter {
  /** Whether the writer needs the imported images' library files (a blocks image or media component holds more than a URL). */
  needsLibraryFiles: boolean;
  /** The value the body field stores; degradations are pushed onto `warnings`. */
  write(input: BodyInput, warnings: string[]): unknown;
}

/** A text field with a length limit (a `string` body) keeps whole elements or paragraphs up to it. */
function fitted(text: string, input: BodyInput, format: 'html' | 'markdown', warnings: string[]): string {
  const { maxLength, name } = input.body.body;
  if (maxLength === undefined) return text;
  const result = fitBodyLength(text, maxLength, format, name);
  if (result.warning) warnings.push(result.warning);
  return result.value;
}

/** One writer per body format the target may have: adding a format is adding a row. */
export const BODY_WRITERS: Record<BodyFormat, BodyWriter> = {
  html: { needsLibraryFiles: false, write: (input, warnings) => fitted(input.html, input, 'html', warnings) },
  markdown: {
    needsLibraryFiles: false,
    write(input, warnings) {
      const converted = htmlToMarkdown(input.html);
      warnings.push(...converted.warnings);
      return fitted(converted.markdown, input, 'markdown', warnings);
    },
  },
  blocks: {
    needsLibraryFiles: true,
    write({ html, libraryFiles }, warnings) {
      const converted = htmlToBlocks(html, { image: (src) => libraryFiles.get(src)?.image });
      warnings.push(...converted.warnings);
      return converted.blocks;
    },
  },
  zone: {
    needsLibraryFiles: true,
    write({ html, body, libraryFiles, existingZone }, warnings) {
      if (!body.zone) throw new Error(`The dynamic zone "${body.field}" has no component plan.`);
      const layout = layoutZone(html, body.zone, { image: (src) => libraryFiles.get(src) });
      warnings.push(...layout.warnings);
      // On a republish the article's own kinds are replaced; an editor's other components stay, after it.
      return mergeZone(existingZone, layout.components, writtenKinds(body.zone));
    },
  },
};
