import { blocksFromTree, htmlToBlocks } from './blocks/html-to-blocks';
import type { HtmlNode } from './blocks/html-tree';
import type { MediaLibraryImage } from './blocks/types';
import type { BodyFormat } from './body/body-field';
import { fitBodyLength } from './body/fit-body';
import { htmlToMarkdown } from './body/html-to-markdown';
import { layoutZone, layoutZoneTree, mergeZone, type ZoneComponent } from './body/zone-layout';
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
  /**
   * The parsed tree of `html` (core/src/blocks/html-tree), when an earlier step has it: the blocks
   * and zone writers read it instead of parsing the HTML again, and leave it as it was.
   */
  tree?: readonly HtmlNode[];
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

/** Adds a conversion's warnings one by one: a body can have more than a call's arguments can hold. */
function addWarnings(warnings: string[], more: readonly string[]): void {
  for (const warning of more) warnings.push(warning);
}

/** One writer per body format the target may have: adding a format is adding a row. */
export const BODY_WRITERS: Record<BodyFormat, BodyWriter> = {
  html: { needsLibraryFiles: false, write: (input, warnings) => fitted(input.html, input, 'html', warnings) },
  markdown: {
    needsLibraryFiles: false,
    write(input, warnings) {
      const converted = htmlToMarkdown(input.html);
      addWarnings(warnings, converted.warnings);
      return fitted(converted.markdown, input, 'markdown', warnings);
    },
  },
  blocks: {
    needsLibraryFiles: true,
    write({ html, tree, libraryFiles }, warnings) {
      const options = { image: (src: string) => libraryFiles.get(src)?.image };
      const converted = tree ? blocksFromTree(tree, options) : htmlToBlocks(html, options);
      addWarnings(warnings, converted.warnings);
      return converted.blocks;
    },
  },
  zone: {
    needsLibraryFiles: true,
    write({ html, tree, body, libraryFiles, existingZone }, warnings) {
      if (!body.zone) throw new Error(`The dynamic zone "${body.field}" has no component plan.`);
      const options = { image: (src: string) => libraryFiles.get(src) };
      const layout = tree ? layoutZoneTree(tree, body.zone, options) : layoutZone(html, body.zone, options);
      addWarnings(warnings, layout.warnings);
      // On a republish the article's own kinds are replaced; an editor's other components stay, after it.
      return mergeZone(existingZone, layout.components, writtenKinds(body.zone));
    },
  },
};
