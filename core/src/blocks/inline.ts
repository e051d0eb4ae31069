import type { InlineNode, LinkNode, Modifier, RootBlock, TextNode } from './types';

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

/** HTML collapses runs of ASCII whitespace to one space (a no-break space is not whitespace). */
export const collapseWhitespace = (text: string) => text.replace(/[ \t\n\r\f]+/g, ' ');

const sameMarks = (a: InlineStyle['marks'], b: InlineStyle['marks']) => MODIFIERS.every((m) => a[m] === b[m]);
const sameStyle = (a: InlineStyle, b: InlineStyle) => a.link === b.link && sameMarks(a.marks, b.marks);

export function textNode(text: string, marks: InlineStyle['marks'] = {}): TextNode {
  const node: TextNode = { type: 'text', text };
  for (const modifier of MODIFIERS) if (marks[modifier]) node[modifier] = true;
  return node;
}

/**
 * Settles whitespace as a browser would show it (no space at the edges, none doubled across
 * elements, none around a line break) and drops what ends up empty.
 */
function settleWhitespace(items: InlineItem[]): InlineItem[] {
  const out: InlineItem[] = [];
  let atBreak = true;
  for (const item of items) {
    let text = atBreak ? item.text.replace(/^ +/, '') : item.text;
    if (text.startsWith('\n') && out.length) {
      const last = out[out.length - 1];
      last.text = last.text.replace(/ +$/, '');
    }
    text = text.replace(/ +\n/g, '\n').replace(/\n +/g, '\n');
    if (!text) continue;
    out.push({ text, style: item.style });
    atBreak = /[ \n]$/.test(text);
  }
  // The edges: no trailing space or break, no leading break (leading spaces are already gone).
  while (out.length) {
    const last = out[out.length - 1];
    last.text = last.text.replace(/[ \n]+$/, '');
    if (last.text) break;
    out.pop();
  }
  while (out.length) {
    const first = out[0];
    first.text = first.text.replace(/^\n+/, '');
    if (first.text) break;
    out.shift();
  }
  return out.filter((item) => item.text !== '');
}

/** Joins neighbouring runs of one style and groups runs of one link into a link node. */
function groupRuns(items: InlineItem[]): InlineNode[] {
  const merged: InlineItem[] = [];
  for (const item of items) {
    const last = merged[merged.length - 1];
    if (last && sameStyle(last.style, item.style)) last.text += item.text;
    else merged.push({ text: item.text, style: item.style });
  }
  const nodes: InlineNode[] = [];
  let open: { target: LinkTarget; node: LinkNode } | undefined;
  for (const item of merged) {
    const text = textNode(item.text, item.style.marks);
    if (!item.style.link) {
      open = undefined;
      nodes.push(text);
    } else if (open?.target === item.style.link) {
      open.node.children.push(text);
    } else {
      open = { target: item.style.link, node: { type: 'link', url: item.style.link.url, children: [text] } };
      nodes.push(open.node);
    }
  }
  return nodes;
}

/** Inline nodes for a block from gathered text: empty when there is nothing to show. */
export function toInlineNodes(items: InlineItem[]): InlineNode[] {
  return groupRuns(settleWhitespace(items));
}

/** Inline nodes back into items, to be joined with others (a link keeps its own identity). */
export function itemsOf(nodes: InlineNode[]): InlineItem[] {
  return nodes.flatMap((node) => {
    if (node.type === 'text') return [{ text: node.text, style: { marks: marksOf(node) } }];
    const link: LinkTarget = { url: node.url };
    return node.children.map((child) => ({ text: child.text, style: { marks: marksOf(child), link } }));
  });
}

function marksOf(node: TextNode): InlineStyle['marks'] {
  return Object.fromEntries(MODIFIERS.filter((m) => node[m]).map((m) => [m, true]));
}

/** Inline nodes joined with a plain separator, neighbouring plain text merged. */
export function joinInline(parts: InlineNode[][], separator: string): InlineNode[] {
  const items = parts.flatMap((part, index) => [
    ...(index ? [{ text: separator, style: PLAIN }] : []),
    ...itemsOf(part),
  ]);
  return groupRuns(items);
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
    case 'list':
      return block.children.flatMap((child, index) => [
        ...(index ? [{ text: '\n', style: PLAIN }] : []),
        ...(child.type === 'list' ? flattenBlock(child) : itemsOf(child.children)),
      ]);
    default:
      return itemsOf(block.children);
  }
}
