import { blocksFromTree, htmlToBlocks } from './blocks/html-to-blocks';
import { unflattenTree } from './blocks/flat-tree';
import type { HtmlNode } from './blocks/html-tree';
import type { MediaLibraryImage } from './blocks/types';
import type { BodyFormat } from './body/body-field';
import { fitBodyLength } from './body/fit-body';
import { htmlToMarkdown } from './body/html-to-markdown';
import type { ImageUrl } from './body/html-serialize';
import { layoutZone, layoutZoneTree, mergeZone, type ZoneComponent } from './body/zone-layout';
import { writtenKinds } from './body/zone-kinds';
import type { ArticleBody } from './html/article-body';
import { swapImageSources } from './html/swap-image-sources';
import type { InlineImage } from './images/inline-images';
import type { BodyTarget } from './publish-target';

/** A media library file an inline image was imported as: its id (for media fields), URL and blocks image. */
export interface LibraryFile {
  id: number;
  /** The URL the body shows the image at (absolute). */
  url: string;
  image?: MediaLibraryImage;
}

/**
 * What a body writer starts from: the sanitized HTML, its images still at their sources, and the
 * library file each imported one became. Each writer puts the library's image in while it writes.
 */
export interface BodyInput {
  html: string;
  /**
   * The parsed tree of `html` (core/src/blocks/html-tree), when an earlier step has it: the blocks
   * and zone writers read it instead of parsing the HTML again, and leave it as it was.
   */
  tree?: readonly HtmlNode[];
  body: BodyTarget;
  /** The library file of each imported inline image, by its src in `html` (`image` only for writers that ask). */
  libraryFiles: ReadonlyMap<string, LibraryFile>;
  /**
   * The entry's current value on a republish, for a writer that `keepsExistingValue` (a dynamic
   * zone's components, ids stripped, media as ids), else empty.
   */
  existingZone: readonly ZoneComponent[];
}

/**
 * What a body format needs of the rest of the publish, besides its converter (`write`): each place
 * that treats formats differently reads these, so adding a format is adding a row.
 */
export interface BodyWriter {
  /** Whether the writer needs the imported images' library files (a blocks image or media component holds more than a URL). */
  needsLibraryFiles: boolean;
  /** Whether the writer reads the parsed tree (the HTML writer reads the HTML as a string). */
  readsTree: boolean;
  /**
   * Whether a large article's body is written in a worker thread (server/src/worker/pool):
   * a conversion costs the event loop as long as reading the HTML again. Not worth a thread when
   * writing is one linear pass over the HTML string.
   */
  offThread: boolean;
  /**
   * Whether a body written in a worker thread comes back as its JSON text, stored after Strapi's save
   * in the same transaction (core/src/blocks/stored-json), instead of the value Strapi's save validates
   * (a Blocks body: Strapi validates it node by node on the event loop).
   */
  storedAsJson: boolean;
  /**
   * Whether the body a worker thread wrote comes back as one string (the Markdown text, a Blocks
   * body's JSON text), which the main thread receives in one copy whatever its size, rather than as
   * objects it reads one by one (a zone's components): see `writableAhead`.
   */
  crossesAsText: boolean;
  /**
   * Whether a republish writes from the entry's current value (`existingZone`): the writer replaces
   * the article's own part of it and keeps what an editor added. The entry is read with it populated.
   */
  keepsExistingValue: boolean;
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

/** The body's HTML with each imported image at its library URL. */
function withLibraryUrls({ html, libraryFiles }: BodyInput): string {
  const urls = new Map<string, string>();
  for (const [source, file] of libraryFiles) if (file.url !== source) urls.set(source, file.url);
  return swapImageSources(html, urls);
}

/** The library URL of each imported image, by its source, where it differs. */
function libraryUrlOf({ libraryFiles }: BodyInput): ImageUrl {
  return (src) => {
    const url = libraryFiles.get(src)?.url;
    return url !== undefined && url !== src ? url : undefined;
  };
}

/** Adds a conversion's warnings one by one: a body can have more than a call's arguments can hold. */
function addWarnings(warnings: string[], more: readonly string[]): void {
  for (const warning of more) warnings.push(warning);
}

/** One writer per body format the target may have: adding a format is adding a row. */
export const BODY_WRITERS: Record<BodyFormat, BodyWriter> = {
  html: {
    needsLibraryFiles: false,
    readsTree: false,
    offThread: false,
    storedAsJson: false,
    crossesAsText: true,
    keepsExistingValue: false,
    write: (input, warnings) => fitted(withLibraryUrls(input), input, 'html', warnings),
  },
  markdown: {
    needsLibraryFiles: false,
    readsTree: true,
    offThread: true,
    storedAsJson: false,
    crossesAsText: true,
    keepsExistingValue: false,
    write(input, warnings) {
      // From the tree when the article has one (not parsed again), from the HTML otherwise.
      const converted = input.tree
        ? htmlToMarkdown({ nodes: input.tree, imageUrl: libraryUrlOf(input) })
        : htmlToMarkdown(withLibraryUrls(input));
      addWarnings(warnings, converted.warnings);
      return fitted(converted.markdown, input, 'markdown', warnings);
    },
  },
  blocks: {
    needsLibraryFiles: true,
    readsTree: true,
    offThread: true,
    storedAsJson: true,
    crossesAsText: true,
    keepsExistingValue: false,
    write({ html, tree, libraryFiles }, warnings) {
      const options = { image: (src: string) => libraryFiles.get(src)?.image };
      const converted = tree ? blocksFromTree(tree, options) : htmlToBlocks(html, options);
      addWarnings(warnings, converted.warnings);
      return converted.blocks;
    },
  },
  zone: {
    needsLibraryFiles: true,
    readsTree: true,
    offThread: true,
    storedAsJson: false,
    crossesAsText: false,
    keepsExistingValue: true,
    write({ html, tree, body, libraryFiles, existingZone }, warnings) {
      if (!body.zone) throw new Error(`The dynamic zone "${body.field}" has no component plan.`);
      const options = {
        image: (src: string) => libraryFiles.get(src),
        imageUrl: (src: string) => libraryFiles.get(src)?.url,
      };
      const layout = tree ? layoutZoneTree(tree, body.zone, options) : layoutZone(html, body.zone, options);
      addWarnings(warnings, layout.warnings);
      // On a republish the article's own kinds are replaced; an editor's other components stay, after it.
      return mergeZone(existingZone, layout.components, writtenKinds(body.zone));
    },
  },
};

/**
 * The largest sanitized HTML (in characters) whose body is written in the trip that read it when it
 * comes back as objects (a zone: `crossesAsText` false). Such a value arrives in one message with the
 * article, which the main thread reads at once and then goes into the plan, with no conversion between
 * them to let readers in: after the largest zone article a reader waited 244 ms, against 49 to 139 ms
 * in two trips. Text costs one copy (the largest Blocks article's JSON: 121 to 143 ms on PostgreSQL in
 * one trip, 190 and 252 ms in two), so a Markdown or Blocks body of any size is written ahead (issue #62).
 */
export const WRITE_AHEAD_MAX_HTML = 32 * 1024;

/**
 * Whether a body can be written as soon as its article is read, before the media stage: its format is
 * written off the event loop (so the trip that read the article can write it too), it comes back as
 * text or is small (WRITE_AHEAD_MAX_HTML), and it has no inline image, whose library file only the
 * media stage finds. A writer that keeps the entry's current value (a zone) writes it as for an entry
 * without one; the body stage takes it only for such an entry.
 */
export function writableAhead(
  body: BodyTarget,
  article: { html: string; images: readonly InlineImage[] }
): boolean {
  const writer = BODY_WRITERS[body.body.format];
  return (
    writer.offThread &&
    (writer.crossesAsText || article.html.length <= WRITE_AHEAD_MAX_HTML) &&
    article.images.length === 0
  );
}

/** What a body is written from: its sanitized HTML, and the tree it was read into (as is, or flattened). */
export type BodySource = Pick<ArticleBody, 'html' | 'tree' | 'flatTree'>;

/** The article's parsed tree: the one it was read into, or the one a worker thread read, unflattened. */
const treeOf = (article: BodySource): readonly HtmlNode[] | undefined =>
  article.tree ?? (article.flatTree && unflattenTree(article.flatTree));

/**
 * The body field's value for an article (undefined when the target has no body field), written from
 * its parsed body: the tree for the Markdown, blocks and zone writers, the sanitized HTML for the HTML one, each
 * imported image at its library file. Degradations go onto `warnings`.
 */
export function writePostBody(
  body: BodyTarget | null | undefined,
  article: BodySource,
  libraryFiles: ReadonlyMap<string, LibraryFile>,
  existingZone: readonly ZoneComponent[],
  warnings: string[]
): unknown {
  if (!body) return undefined;
  const writer = BODY_WRITERS[body.body.format];
  const tree = writer.readsTree ? treeOf(article) : undefined;
  return writer.write({ html: article.html, tree, body, libraryFiles, existingZone }, warnings);
}
