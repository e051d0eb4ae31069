import type { InlineNode, LinkNode, ListBlock, Modifier, RootBlock, TextNode } from './types';

/** The link a run of text belongs to; compared by identity, so two adjacent links stay two. */
export interface LinkTarget {
  url: string;
}

export interface InlineStyle {
  marks: Partial<Record<Modifier, true>>;
  link?: LinkTarget;
}

/** Text gathered from the HTML before whitespace is settled and runs are grouped into nodes. */
export interface InlineItem {
  text: string;
  style: InlineStyle;
}

export const PLAIN: InlineStyle = { marks: {} };

const MODIFIERS: Modifier[] = ['bold', 'italic', 'underline', 'strikethrough', 'code'];

const SPACE = 32;
const NEWLINE = 10;

const ASCII_WHITESPACE = /[ \t\n\r\f]+/g;

/** Whether a text has ASCII whitespace other than single spaces (most runs of article text have none). */
function hasWhitespaceToCollapse(text: string): boolean {
  let previousSpace = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === SPACE) {
      if (previousSpace) return true;
      previousSpace = true;
    } else if (code === 9 || code === NEWLINE || code === 12 || code === 13) return true;
    else previousSpace = false;
  }
  return false;
}

/** HTML collapses runs of ASCII whitespace to one space (a no-break space is not whitespace). */
export const collapseWhitespace = (text: string) =>
  text === '\n' ? ' ' : hasWhitespaceToCollapse(text) ? text.replace(ASCII_WHITESPACE, ' ') : text;

const sameMarks = (a: InlineStyle['marks'], b: InlineStyle['marks']) =>
  a === b ||
  (a.bold === b.bold &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.strikethrough === b.strikethrough &&
    a.code === b.code);
const sameStyle = (a: InlineStyle, b: InlineStyle) =>
  a === b || (a.link === b.link && sameMarks(a.marks, b.marks));

export function textNode(text: string, marks: InlineStyle['marks'] = {}): TextNode {
  const { bold, italic, underline, strikethrough, code } = marks;
  // A node with no mark or one mark is made whole (most are): an object given a property after it
  // was made takes a second allocation, and a large body keeps tens of thousands of these.
  if (!bold && !italic && !underline && !strikethrough && !code) return { type: 'text', text };
  const marked =
    (bold ? 1 : 0) + (italic ? 1 : 0) + (underline ? 1 : 0) + (strikethrough ? 1 : 0) + (code ? 1 : 0);
  if (marked === 1) {
    if (bold) return { type: 'text', text, bold };
    if (italic) return { type: 'text', text, italic };
    if (underline) return { type: 'text', text, underline };
    if (strikethrough) return { type: 'text', text, strikethrough };
    return { type: 'text', text, code };
  }
  // In MODIFIERS order, one named property at a time (the JSON keeps that order).
  const node: TextNode = { type: 'text', text };
  if (bold) node.bold = true;
  if (italic) node.italic = true;
  if (underline) node.underline = true;
  if (strikethrough) node.strikethrough = true;
  if (code) node.code = true;
  return node;
}

/** The text without the spaces (only U+0020) at its start. */
function withoutLeadingSpaces(text: string): string {
  let start = 0;
  while (text.charCodeAt(start) === SPACE) start++;
  return start ? text.slice(start) : text;
}

/** The text without the characters at its end that `isTrimmed` picks. */
function withoutTrailing(text: string, isTrimmed: (code: number) => boolean): string {
  let end = text.length;
  while (end > 0 && isTrimmed(text.charCodeAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

const isSpace = (code: number) => code === SPACE;
const isSpaceOrNewline = (code: number) => code === SPACE || code === NEWLINE;

/**
 * Settles whitespace as a browser would show it (no space at the edges, none doubled across
 * elements, none around a line break) and drops what ends up empty. One pass over the items,
 * looking only at the ends of each text unless it holds a line break. The items are the caller's
 * own, made for this block: they are settled in place, and the array keeps those that remain.
 */
function settleWhitespace(items: InlineItem[]): InlineItem[] {
  let kept = 0;
  let atBreak = true;
  let emptied = false;
  for (const item of items) {
    let text: string =
      atBreak && item.text.charCodeAt(0) === SPACE ? withoutLeadingSpaces(item.text) : item.text;
    if (text.charCodeAt(0) === NEWLINE && kept) {
      const last = items[kept - 1];
      last.text = withoutTrailing(last.text, isSpace);
      if (!last.text) emptied = true;
    }
    if (text.includes('\n')) text = text.replace(/ +\n/g, '\n').replace(/\n +/g, '\n');
    if (!text) continue;
    item.text = text;
    items[kept++] = item;
    const end: number = text.charCodeAt(text.length - 1);
    atBreak = end === SPACE || end === NEWLINE;
  }
  items.length = kept;
  // The edges: no trailing space or break, no leading break (leading spaces are already gone).
  while (items.length) {
    const last = items[items.length - 1];
    last.text = withoutTrailing(last.text, isSpaceOrNewline);
    if (last.text) break;
    items.pop();
  }
  let first = 0;
  while (first < items.length) {
    const item = items[first];
    let start = 0;
    while (item.text.charCodeAt(start) === NEWLINE) start++;
    if (start) item.text = item.text.slice(start);
    if (item.text) break;
    first++;
  }
  return emptied || first ? items.filter((item) => item.text !== '') : items;
}

/**
 * The array at its own length. An array grown by push keeps room for more (16 places or so), and
 * these arrays are the blocks' children, kept as long as the blocks: a large body has tens of
 * thousands of them.
 */
export function exactCopy<T>(items: T[]): T[] {
  return items.slice();
}

/** Where groupRuns is: the nodes so far, and the link node that takes runs of its target. */
interface Grouping {
  nodes: InlineNode[];
  target?: LinkTarget;
  link?: LinkNode;
}

/** A run of text as a text node, into the open link node when it belongs to the same link. */
function addRun(grouping: Grouping, text: string, style: InlineStyle): void {
  const node = textNode(text, style.marks);
  if (!style.link) {
    grouping.target = undefined;
    grouping.nodes.push(node);
  } else if (grouping.target === style.link && grouping.link) {
    grouping.link.children.push(node);
  } else {
    grouping.target = style.link;
    grouping.link = { type: 'link', url: style.link.url, children: [node] };
    grouping.nodes.push(grouping.link);
  }
}

/** Joins neighbouring runs of one style and groups runs of one link into a link node. */
function groupRuns(items: InlineItem[]): InlineNode[] {
  const grouping: Grouping = { nodes: [] };
  let runText = '';
  let runStyle: InlineStyle | undefined;
  for (const item of items) {
    if (runStyle && sameStyle(runStyle, item.style)) {
      runText += item.text;
    } else {
      if (runStyle) addRun(grouping, runText, runStyle);
      runText = item.text;
      runStyle = item.style;
    }
  }
  if (runStyle) addRun(grouping, runText, runStyle);
  const nodes = exactCopy(grouping.nodes);
  for (const node of nodes)
    if (node.type === 'link' && node.children.length > 1) node.children = exactCopy(node.children);
  return nodes;
}

/**
 * Inline nodes for a block from gathered text: empty when there is nothing to show. The items
 * are the caller's own, made for this block; they are settled in place.
 */
export function toInlineNodes(items: InlineItem[]): InlineNode[] {
  return groupRuns(settleWhitespace(items));
}

function marksOf(node: TextNode): InlineStyle['marks'] {
  const marks: InlineStyle['marks'] = {};
  for (const modifier of MODIFIERS) if (node[modifier]) marks[modifier] = true;
  return marks;
}

/** Inline nodes back into items, added to `into`, to be joined with others (a link keeps its own identity). */
function addItemsOf(nodes: InlineNode[], into: InlineItem[]): InlineItem[] {
  for (const node of nodes) {
    if (node.type === 'text') {
      into.push({ text: node.text, style: { marks: marksOf(node) } });
      continue;
    }
    const link: LinkTarget = { url: node.url };
    for (const child of node.children)
      into.push({ text: child.text, style: { marks: marksOf(child), link } });
  }
  return into;
}

/** Inline nodes back into items, to be joined with others (a link keeps its own identity). */
export const itemsOf = (nodes: InlineNode[]): InlineItem[] => addItemsOf(nodes, []);

/** Inline nodes joined with a plain separator, neighbouring plain text merged. */
export function joinInline(parts: InlineNode[][], separator: string): InlineNode[] {
  const items: InlineItem[] = [];
  parts.forEach((part, index) => {
    if (index) items.push({ text: separator, style: PLAIN });
    addItemsOf(part, items);
  });
  return groupRuns(items);
}

/** A list's items as text, added to `into`: one line each, nested lists' items on lines of their own. */
function addListItems(list: ListBlock, into: InlineItem[]): void {
  list.children.forEach((child, index) => {
    if (index) into.push({ text: '\n', style: PLAIN });
    if (child.type === 'list') addListItems(child, into);
    else addItemsOf(child.children, into);
  });
}

/**
 * A block as text of an enclosing list item or table cell, which can hold only text and links:
 * an image becomes a link to its file, a list its items on separate lines.
 */
export function flattenBlock(block: RootBlock): InlineItem[] {
  switch (block.type) {
    case 'image':
      return [
        {
          text: block.image.alternativeText || block.image.name,
          style: { marks: {}, link: { url: block.image.url } },
        },
      ];
    case 'code':
      return block.children.map((child) => ({ text: child.text, style: { marks: { code: true } } }));
    case 'list': {
      const items: InlineItem[] = [];
      addListItems(block, items);
      return items;
    }
    default:
      return itemsOf(block.children);
  }
}
