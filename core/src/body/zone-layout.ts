import { blocksFromTree } from '../blocks/html-to-blocks';
import {
  forEachTopLevelNode,
  htmlElement,
  textOf,
  type HtmlElement,
  type HtmlNode,
} from '../blocks/html-tree';
import { describeSource, videoLink } from '../blocks/links';
import type { MediaLibraryImage } from '../blocks/types';
import { WorkMeter } from '../blocks/work-meter';
import { truncateAtWord } from '../seo';
import { htmlToMarkdown } from './html-to-markdown';
import { serializeHtml } from './html-serialize';
import { quoteHasLinks, quoteHasStructure, quoteText, zonePieces, type ZonePiece } from './zone-pieces';
import type { MediaKind, QuoteKind, TextKind, VideoKind, ZonePlan, ZoneTextField } from './zone-kinds';

/** A media library file that an image of the article was imported as. */
export interface ZoneImageFile {
  /** The file's id, the value of a media field. */
  id: number;
  /** The file as a blocks image holds it, for text components of the blocks format (none without pixel size). */
  image?: MediaLibraryImage;
}

export interface ZoneLayoutOptions {
  /** The library file an img src of the sanitized HTML stands for (after media import), if any. */
  image: (src: string) => ZoneImageFile | undefined;
  /** The library URL an img src was imported as, for an image that stays in a text run (HTML, Markdown). */
  imageUrl?: (src: string) => string | undefined;
  /** Counts the conversion's steps (for a test of how the work grows); a meter of its own if not given. */
  meter?: WorkMeter;
  /**
   * Top-level nodes the last text component converts at a time once the zone is full (default
   * LAST_TEXT_PART_NODES); a test sets it past the article's length to compare with one conversion.
   */
  lastTextPartNodes?: number;
}

/** One entry of a dynamic zone, as Strapi's document service takes it. */
export type ZoneComponent = { __component: string } & Record<string, unknown>;

export interface ZoneLayout {
  components: ZoneComponent[];
  /** Every place where the article said more than the zone's components can hold, and what was done instead. */
  warnings: string[];
}

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);
const fits = (field: ZoneTextField, value: string) =>
  field.maxLength === undefined || value.length <= field.maxLength;

interface Placement {
  component?: ZoneComponent;
  /** HTML that goes into the text after the component (a caption), or instead of it. */
  text?: HtmlNode;
}

function placeImage(
  piece: Extract<ZonePiece, { kind: 'image' }>,
  kind: MediaKind | undefined,
  options: ZoneLayoutOptions,
  warn: (message: string) => void
): Placement {
  if (!kind) return { text: piece.node };
  const src = piece.img.attribs.src ?? '';
  const file = options.image(src);
  if (!file) {
    warn(
      `The image ${describeSource(src)} is not in the media library, so it stayed in the text instead of a "${kind.uid}" component.`
    );
    return { text: piece.node };
  }
  const component: ZoneComponent = { __component: kind.uid, [kind.field]: file.id };
  const caption = piece.caption ?? '';
  const captionLine = caption
    ? htmlElement('p', [htmlElement('em', [{ kind: 'text', text: caption }])])
    : undefined;
  if (!kind.caption) return { component, text: captionLine };
  // The alt text stands in only where a caption is required: an optional caption field shows nothing made up.
  const value = caption || (kind.caption.required ? piece.img.attribs.alt?.trim() : '') || '';
  if (!value && kind.caption.required) {
    warn(
      `The image ${describeSource(src)} stayed in the text: it has no caption or alt text for the required field "${kind.caption.name}" of "${kind.uid}".`
    );
    return { text: piece.node };
  }
  if (!fits(kind.caption, value)) {
    warn(
      `The caption of the image ${describeSource(src)} is longer than the field "${kind.caption.name}" takes (${kind.caption.maxLength}), so it is a line of text under the image.`
    );
    return { component, text: captionLine };
  }
  return { component: value ? { ...component, [kind.caption.name]: value } : component };
}

function placeQuote(
  node: HtmlElement,
  kind: QuoteKind | undefined,
  warn: (message: string) => void
): Placement {
  if (!kind) return { text: node };
  if (quoteHasStructure(node)) {
    warn(
      `A quote with images, lists, tables or code stayed in the text: the "${kind.uid}" component holds plain text.`
    );
    return { text: node };
  }
  const { text, attribution } = quoteText(node);
  if (!text) return {};
  if (!fits(kind.body, text)) {
    warn(
      `A quote ("${excerpt(text)}") stayed in the text: it is longer than the field "${kind.body.name}" of "${kind.uid}" takes (${kind.body.maxLength}).`
    );
    return { text: node };
  }
  const title = attribution && kind.title && fits(kind.title, attribution) ? attribution : undefined;
  if (kind.title?.required && !title) {
    warn(
      `A quote ("${excerpt(text)}") stayed in the text: it has no attribution for the required field "${kind.title.name}" of "${kind.uid}".`
    );
    return { text: node };
  }
  if (quoteHasLinks(node))
    warn(
      `The links in a quote ("${excerpt(text)}") were kept as plain text: the "${kind.uid}" component holds plain text.`
    );
  const body = attribution && !title ? `${text}\n\n— ${attribution}` : text;
  return {
    component: {
      __component: kind.uid,
      [kind.body.name]: body,
      ...(title && kind.title ? { [kind.title.name]: title } : {}),
    },
  };
}

function placeVideo(
  piece: Extract<ZonePiece, { kind: 'video' }>,
  kind: VideoKind | undefined,
  warn: (message: string) => void
): Placement {
  if (!kind) return { text: piece.node };
  const src = piece.iframe.attribs.src?.trim() ?? '';
  const title = piece.iframe.attribs.title?.trim() ?? '';
  const link = videoLink(src, undefined);
  if (!link || !fits(kind.url, link.url) || (kind.title?.required && !title)) {
    warn(
      `The embedded video ${describeSource(src)} stayed in the text as a link: it does not fit the "${kind.uid}" component.`
    );
    return { text: piece.node };
  }
  const titled = kind.title && title && fits(kind.title, title) ? { [kind.title.name]: title } : {};
  return { component: { __component: kind.uid, [kind.url.name]: link.url, ...titled } };
}

/** The longest title made up from a section's opening words (a heading is kept whole, up to the field's limit). */
const MADE_UP_TITLE_LENGTH = 80;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const isHeading = (node: HtmlNode): node is HtmlElement => node.kind === 'element' && node.name === 'h2';

/**
 * A text component's required title: the heading of the section it belongs to, else (the text
 * before the first heading) its own opening words; fitted to the field, each change said.
 */
function sectionTitle(
  kind: TextKind & { title: ZoneTextField },
  heading: string | undefined,
  run: HtmlNode[],
  warn: (message: string) => void
): string | undefined {
  const limit = kind.title.maxLength ?? Infinity;
  if (heading) {
    if (heading.length <= limit) return heading;
    warn(
      `The heading "${excerpt(heading)}" is longer than the field "${kind.title.name}" of "${kind.uid}" takes (${limit}); it was shortened there.`
    );
    return truncateAtWord(heading, limit);
  }
  const opening = collapse(run.map(textOf).join(' '));
  if (!opening) return undefined;
  warn(
    `The text before the first heading has no heading for the required field "${kind.title.name}" of "${kind.uid}": its opening words are its title.`
  );
  return truncateAtWord(opening, Math.min(limit, MADE_UP_TITLE_LENGTH));
}

/**
 * A run of text as its component gets it: neighbouring texts joined, whitespace trimmed at both
 * ends. The same nodes as writing the run as HTML, trimming it and parsing it again gave, without
 * the second parse.
 */
function runNodes(
  run: readonly HtmlNode[],
  trim: { start: boolean; end: boolean } = { start: true, end: true }
): HtmlNode[] {
  const nodes: HtmlNode[] = [];
  for (const node of run) {
    const last = nodes[nodes.length - 1];
    if (node.kind === 'text' && last?.kind === 'text')
      nodes[nodes.length - 1] = { kind: 'text', text: last.text + node.text };
    else nodes.push(node);
  }
  const first = nodes[0];
  if (trim.start && first?.kind === 'text') {
    const text = first.text.trimStart();
    if (text) nodes[0] = { kind: 'text', text };
    else nodes.shift();
  }
  const last = nodes[nodes.length - 1];
  if (trim.end && last?.kind === 'text') {
    const text = last.text.trimEnd();
    if (text) nodes[nodes.length - 1] = { kind: 'text', text };
    else nodes.pop();
  }
  return nodes;
}

/**
 * The article as the entries of a dynamic zone, in the article's order, with the components a
 * zonePlan chose: text runs in the text component (Markdown, HTML or blocks, as its field holds),
 * each image in a media component, each quote in a quote component and each video in a video
 * component when the zone has one; otherwise they stay in the text (a Markdown image, quote or
 * link). A figure caption becomes the media component's caption field, or an italic line after it.
 * A text component with a required title holds one section each: the h2 that opens the section is
 * its title (not repeated in the text), and text after an image in that section gets it again.
 */
export function layoutZone(html: string, plan: ZonePlan, options: ZoneLayoutOptions): ZoneLayout {
  // Each top-level node is laid out as soon as it is parsed: one top-level node's tree is held at a time.
  return layOut(plan, options, (place, meter) => forEachTopLevelNode(html, place, meter));
}

/**
 * The same layout from the parsed tree of the HTML (core/src/blocks/html-tree), for a caller that
 * parsed the article already. The tree is read, never changed; blocks text is converted from it.
 */
export function layoutZoneTree(
  nodes: readonly HtmlNode[],
  plan: ZonePlan,
  options: ZoneLayoutOptions
): ZoneLayout {
  return layOut(plan, options, (place) => nodes.forEach((node) => place(node)));
}

/**
 * The most components an article's zone gets. Strapi saves a dynamic zone's components in time that
 * grows with the square of their number (its relation orderer rebuilds an object per component, on the
 * event loop, for the draft and again for the published version): 250 components took under a second,
 * 1,400 (a 5 MB article, a quote every few sections) over three minutes with the site unanswering
 * (docs/benchmarks.md). Past this, the article's quotes, images, videos and sections stay in the last
 * text component, as they would in a zone without components for them, with one warning.
 */
export const MAX_ZONE_COMPONENTS = 100;

/** Top-level nodes the last text component of a full zone converts at a time (see lastTextPart). */
export const LAST_TEXT_PART_NODES = 200;

/** Elements that end a part of the last text run: nothing inline runs on across them. */
const BLOCK_ELEMENTS = new Set([
  'p',
  'h2',
  'h3',
  'ul',
  'ol',
  'blockquote',
  'table',
  'figure',
  'div',
  'pre',
  'hr',
  'iframe',
]);

/** Adds a part of the last text run to its component's field. */
function appendPart(component: ZoneComponent, text: TextKind, value: unknown): void {
  const held = component[text.field];
  if (text.format === 'blocks') {
    const blocks = held as unknown[];
    for (const block of value as unknown[]) blocks.push(block);
  } else if (text.format === 'markdown') component[text.field] = `${held as string}\n\n${value as string}`;
  else component[text.field] = `${held as string}${value as string}`;
}

/** Lays out the top-level nodes `feed` hands over, in order. */
function layOut(
  plan: ZonePlan,
  options: ZoneLayoutOptions,
  feed: (place: (node: HtmlNode) => void, meter: WorkMeter) => void
): ZoneLayout {
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);
  const meter = options.meter ?? new WorkMeter();
  const components: ZoneComponent[] = [];
  let run: HtmlNode[] = [];
  const titled = plan.text.title?.required ? { ...plan.text, title: plan.text.title } : undefined;
  /** The section the text is in: its h2, and whether a text component has carried it yet. */
  let section: { node: HtmlElement; heading: string; carried: boolean } | undefined;

  /** A run of nodes as the text component's field holds it, or undefined when it holds nothing. */
  const convertRun = (nodes: HtmlNode[]): unknown => {
    const { format } = plan.text;
    if (format === 'blocks') {
      const converted = blocksFromTree(nodes, { image: (src) => options.image(src)?.image, meter });
      for (const warning of converted.warnings) warnings.push(warning);
      return converted.blocks.length ? converted.blocks : undefined;
    }
    if (format === 'markdown') {
      const converted = htmlToMarkdown({ nodes, imageUrl: options.imageUrl });
      for (const warning of converted.warnings) warnings.push(warning);
      return converted.markdown || undefined;
    }
    return serializeHtml(nodes, options.imageUrl);
  };

  /** The last text component while it still takes parts of its run (see lastTextPart). */
  let lastText: ZoneComponent | undefined;

  /** `part`: a part of the last text run that more will follow (its end is not the run's end). */
  const flushText = (part = false) => {
    // The run's ends are trimmed, not the ends of its parts: they join as they were written.
    let nodes = runNodes(run, { start: !lastText, end: !part });
    // A heading followed only by an image still shows: it is the text of its own component.
    if (titled && section && !section.carried && !nodes.length) nodes = [section.node];
    run = [];
    if (!nodes.length) return;
    const value = convertRun(nodes);
    if (value === undefined) return;
    if (lastText) {
      appendPart(lastText, plan.text, value);
      return;
    }
    const title = titled ? sectionTitle(titled, section?.heading, nodes, warn) : undefined;
    if (section) section.carried = true;
    components.push({
      __component: plan.text.uid,
      ...(titled && title ? { [titled.title.name]: title } : {}),
      [plan.text.field]: value,
    });
    return components[components.length - 1];
  };

  const partNodes = options.lastTextPartNodes ?? LAST_TEXT_PART_NODES;
  /**
   * Once the zone is full, the rest of the article goes into one last text component. Its run is
   * converted a part at a time, each part ending after a block element, so the nodes converted are
   * garbage while the article goes on (held to the end, a 5 MB article's tree made the conversion
   * grow faster than its size). Blocks parts join as one list, Markdown with a blank line, HTML as
   * it was written. Only where the component's title is its section's heading: a made-up title
   * reads the whole run.
   */
  const lastTextPart = () => {
    const last = run[run.length - 1];
    if (run.length < partNodes || last?.kind !== 'element' || !BLOCK_ELEMENTS.has(last.name)) return;
    if (titled && !section && !lastText) return;
    const written = flushText(true);
    lastText ??= written;
  };

  // A placement may add a text and a component at once, and the last text comes after: two kept free.
  const full = () => components.length >= MAX_ZONE_COMPONENTS - 2;
  let keptInText = 0;

  feed((node) => {
    for (const piece of zonePieces([node])) {
      meter.add(1);
      if (titled && piece.kind === 'html' && isHeading(piece.node)) {
        if (full()) {
          keptInText += 1;
          run.push(piece.node);
          continue;
        }
        flushText();
        section = { node: piece.node, heading: collapse(textOf(piece.node)), carried: false };
        continue;
      }
      let placement: Placement;
      const hasKind =
        (piece.kind === 'image' && plan.media) ||
        (piece.kind === 'quote' && plan.quote) ||
        (piece.kind === 'video' && plan.video);
      if (hasKind && full()) {
        keptInText += 1;
        placement = { text: piece.node };
      } else if (piece.kind === 'image') placement = placeImage(piece, plan.media, options, warn);
      else if (piece.kind === 'quote') placement = placeQuote(piece.node, plan.quote, warn);
      else if (piece.kind === 'video') placement = placeVideo(piece, plan.video, warn);
      else placement = { text: piece.node };
      if (placement.component) {
        flushText();
        components.push(placement.component);
      }
      if (placement.text) run.push(placement.text);
      if (full()) lastTextPart();
    }
  }, meter);
  flushText();
  if (keptInText)
    warn(
      `The article would need more than ${MAX_ZONE_COMPONENTS} zone components: its last ${keptInText} quotes, images, videos or sections stayed in the text of the last "${plan.text.uid}" component (Strapi saves a zone's components in time that grows with the square of their number).`
    );
  return { components, warnings };
}

/**
 * A republished article's zone: the components the plugin writes replace the old ones of those
 * kinds; components of any other kind (an editor's call to action, a slider) are kept, in their
 * order, after the article. The kept entries are returned as they came (with their ids).
 */
export function mergeZone<T extends { __component: string }>(
  existing: readonly T[],
  written: readonly T[],
  writtenKinds: Iterable<string>
): T[] {
  const replaced = new Set(writtenKinds);
  return [...written, ...existing.filter((component) => !replaced.has(component.__component))];
}
