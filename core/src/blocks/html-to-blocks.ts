import { forEachTopLevelNode, textOf, type HtmlElement, type HtmlNode } from './html-tree';
import { collapseWhitespace, PLAIN, textNode, type InlineStyle } from './inline';
import { describeSource, isBlocksLinkUrl, videoLink } from './links';
import { BlockFlow, type ConversionScope, type Sink } from './sinks';
import { convertCode, convertList, convertTable, type Walk } from './structures';
import type { HeadingLevel, InlineNode, MediaLibraryImage, Modifier, RootBlock } from './types';
import { WorkMeter } from './work-meter';

export interface HtmlToBlocksOptions {
  /**
   * The media library file an img src stands for (after media import), if any. Only such images
   * can be image blocks; Strapi's blocks hold files, not URLs.
   */
  image: (src: string) => MediaLibraryImage | undefined;
  /** Counts the conversion's steps (for a test of how the work grows); a meter of its own if not given. */
  meter?: WorkMeter;
}

export interface BlocksConversion {
  blocks: RootBlock[];
  /** Every place where the HTML said more than blocks can hold, and what was done instead. */
  warnings: string[];
}

interface Context extends ConversionScope {
  options: HtmlToBlocksOptions;
  /** Each style with one more mark, made once: styles are never changed, so elements share them. */
  marked: Map<InlineStyle, Map<Modifier, InlineStyle>>;
}

function withMark(style: InlineStyle, mark: Modifier, context: Context): InlineStyle {
  let byMark = context.marked.get(style);
  if (!byMark) context.marked.set(style, (byMark = new Map()));
  let next = byMark.get(mark);
  if (!next) byMark.set(mark, (next = { marks: { ...style.marks, [mark]: true }, link: style.link }));
  return next;
}

const MARKS = new Map<string, Modifier>([
  ['strong', 'bold'],
  ['b', 'bold'],
  ['em', 'italic'],
  ['i', 'italic'],
  ['u', 'underline'],
  ['ins', 'underline'],
  ['s', 'strikethrough'],
  ['strike', 'strikethrough'],
  ['del', 'strikethrough'],
  ['code', 'code'],
  ['kbd', 'code'],
  ['samp', 'code'],
]);

/** Layout elements: unwrapped, but they end the paragraph around them. */
const PARAGRAPH_LIKE = new Set([
  'p',
  'div',
  'figure',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'dl',
  'dt',
  'dd',
  'address',
  'caption',
]);

const HEADING_LEVELS = new Map<string, HeadingLevel>([
  ['h1', 1],
  ['h2', 2],
  ['h3', 3],
  ['h4', 4],
  ['h5', 5],
  ['h6', 6],
]);

/** Not content; sanitized HTML holds none of them. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

const paragraph = (children: InlineNode[]): RootBlock => ({ type: 'paragraph', children });

const excerpt = (text: string) => {
  const clean = collapseWhitespace(text).trim();
  return clean.length > 60 ? `${clean.slice(0, 60)}…` : clean;
};

/**
 * Sanitized article HTML (spec 2.6) as Strapi blocks. Images become image blocks of their media
 * library files, at their position. What blocks cannot hold degrades predictably, with a warning:
 * an embedded video becomes a paragraph linking to it, a table one paragraph per row (cells
 * separated by " | "), a figure caption a paragraph of its own; layout divs are unwrapped.
 */
export function htmlToBlocks(html: string, options: HtmlToBlocksOptions): BlocksConversion {
  // Each top-level node is converted as soon as it is parsed: one top-level node's tree is held at a time.
  return convertBlocks(options, (convert, meter) => forEachTopLevelNode(html, convert, meter));
}

/**
 * The same conversion from the parsed tree of the HTML (core/src/blocks/html-tree), for a caller
 * that parsed the article already. The tree is read, never changed.
 */
export function blocksFromTree(nodes: readonly HtmlNode[], options: HtmlToBlocksOptions): BlocksConversion {
  return convertBlocks(options, (convert) => nodes.forEach((node) => convert(node)));
}

/** Converts the top-level nodes `feed` hands over, in order. */
function convertBlocks(
  options: HtmlToBlocksOptions,
  feed: (convert: (node: HtmlNode) => void, meter: WorkMeter) => void
): BlocksConversion {
  const warnings: string[] = [];
  const meter = options.meter ?? new WorkMeter();
  const context: Context = { options, meter, marked: new Map(), warn: (message) => warnings.push(message) };
  const top = new BlockFlow(meter, paragraph);
  const walk: Walk = (children, sink, style) => {
    meter.add(children.length);
    for (const node of children) walkNode(node, sink, style, context, walk);
  };
  feed((node) => {
    meter.add(1);
    walkNode(node, top, PLAIN, context, walk);
  }, meter);
  top.flush();
  return { blocks: top.blocks, warnings };
}

function walkNode(node: HtmlNode, sink: Sink, style: InlineStyle, context: Context, walk: Walk): void {
  if (node.kind === 'text') {
    sink.inline({ text: collapseWhitespace(node.text), style });
    return;
  }
  const { name, children } = node;
  const mark = MARKS.get(name);
  if (mark) return walk(children, sink, withMark(style, mark, context));
  if (PARAGRAPH_LIKE.has(name)) {
    sink.endParagraph();
    walk(children, sink, style);
    sink.endParagraph();
    return;
  }
  const level = HEADING_LEVELS.get(name);
  if (level)
    return walkContainer(node, sink, style, context, walk, (c) => ({
      type: 'heading',
      level,
      children: c,
    }));
  switch (name) {
    case 'a':
      return walkLink(node, sink, style, context, walk);
    case 'br':
      return sink.inline({ text: '\n', style });
    case 'figcaption':
      context.warn(
        `A figure caption became a paragraph of its own ("${excerpt(textOf(node))}"): blocks images show no caption.`
      );
      sink.endParagraph();
      walk(children, sink, style);
      sink.endParagraph();
      return;
    case 'blockquote':
      return walkContainer(node, sink, style, context, walk, (c) => ({ type: 'quote', children: c }), '\n\n');
    case 'ul':
    case 'ol':
      return convertList(node, sink, style, context, walk);
    case 'pre':
      return convertCode(node, sink, context);
    case 'table':
      return convertTable(node, sink, style, context, walk);
    case 'img':
      return convertImage(node, sink, style, context);
    case 'iframe':
      return convertVideo(node, sink, context);
    case 'hr':
      context.warn('A horizontal rule was left out: blocks have no divider.');
      return sink.endParagraph();
    default:
      // Unknown inline wrappers (span, ...) are unwrapped; their text is kept.
      if (!SKIPPED.has(name)) walk(children, sink, style);
  }
}

/** A heading or quote: its own blocks (an image inside it stays at its place, after its text). */
function walkContainer(
  node: HtmlElement,
  sink: Sink,
  style: InlineStyle,
  context: Context,
  walk: Walk,
  make: (children: InlineNode[]) => RootBlock,
  joinParagraphs?: string
) {
  const flow = new BlockFlow(context.meter, make, joinParagraphs);
  walk(node.children, flow, style);
  flow.flush();
  for (const block of flow.blocks) sink.block(block);
}

function walkLink(node: HtmlElement, sink: Sink, style: InlineStyle, context: Context, walk: Walk) {
  const href = node.attribs.href?.trim();
  const linkable = href ? isBlocksLinkUrl(href) : false;
  if (href && !linkable) {
    context.warn(
      `The link to "${describeSource(href)}" ("${excerpt(textOf(node))}") was kept as plain text: blocks links must be web, mail, phone or /path addresses.`
    );
  }
  const linked = href && linkable ? { marks: style.marks, link: { url: href } } : style;
  walk(node.children, sink, linked);
}

function convertImage(node: HtmlElement, sink: Sink, style: InlineStyle, context: Context) {
  const src = node.attribs.src?.trim() ?? '';
  const alt = node.attribs.alt?.trim() || undefined;
  const file = src ? context.options.image(src) : undefined;
  if (style.link)
    context.warn(
      `The link to ${style.link.url} around the image ${describeSource(src)} was dropped: blocks images cannot be links.`
    );
  if (file) {
    sink.block({
      type: 'image',
      image: { ...file, alternativeText: alt ?? file.alternativeText ?? null },
      children: [{ type: 'text', text: '' }],
    });
  } else if (src && isBlocksLinkUrl(src)) {
    context.warn(
      `The image ${describeSource(src)} is not in the media library, so it became a paragraph linking to it: blocks images must be media library files.`
    );
    sink.block(paragraph([{ type: 'link', url: src, children: [textNode(alt ?? 'Image')] }]));
  } else {
    context.warn(
      `The image ${describeSource(src)}${alt ? ` ("${alt}")` : ''} was left out: it is not in the media library and its address cannot be linked.`
    );
  }
}

/** Spec 4.2 rule 5: blocks have no video block, so the video is linked from its own paragraph. */
function convertVideo(node: HtmlElement, sink: Sink, context: Context) {
  const src = node.attribs.src?.trim() ?? '';
  const link = videoLink(src, node.attribs.title?.trim() || undefined);
  if (!link) {
    context.warn(
      `An embedded frame (${describeSource(src)}) was left out: blocks cannot hold iframes and its address cannot be linked.`
    );
    return;
  }
  context.warn(
    `The embedded video ${src} became a paragraph linking to ${link.url}: blocks cannot hold iframes.`
  );
  sink.block(paragraph([{ type: 'link', url: link.url, children: [textNode(link.text)] }]));
}
