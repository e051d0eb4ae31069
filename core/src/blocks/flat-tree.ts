import type { HtmlElement, HtmlNode } from './html-tree';

/**
 * A parsed tree (core/src/blocks/html-tree) as it crosses between threads: every string of it in one
 * string, and its shape in one Int32Array. A structured clone of the tree's objects costs the
 * receiving thread about as much as parsing the HTML again, and the main thread receives it; one
 * string and one typed array are copied whole (issue #30: a large article is read once in the
 * normalizing worker, and the writing worker takes that tree instead of parsing the HTML a third time).
 *
 * The layout, in document order: the number of top-level nodes, then per node
 * - a text: `0, start, length` (its text in `strings`);
 * - an element: `1, start, length` (its name), its attribute count, its child count, then per
 *   attribute `start, length` of the name and of the value; its children follow it.
 */
export interface FlatTree {
  strings: string;
  layout: Int32Array;
}

const TEXT = 0;
const ELEMENT = 1;

/** The tree as one string and one Int32Array (see FlatTree). */
export function flattenTree(nodes: readonly HtmlNode[]): FlatTree {
  const parts: string[] = [];
  let length = 0;
  const layout: number[] = [nodes.length];
  const put = (text: string) => {
    parts.push(text);
    layout.push(length, text.length);
    length += text.length;
  };
  // Iterative, in document order: a deep tree costs no stack.
  const pending: HtmlNode[] = [...nodes].reverse();
  while (pending.length) {
    const node = pending.pop() as HtmlNode;
    if (node.kind === 'text') {
      layout.push(TEXT);
      put(node.text);
      continue;
    }
    layout.push(ELEMENT);
    put(node.name);
    const attributes = Object.entries(node.attribs);
    layout.push(attributes.length, node.children.length);
    for (const [name, value] of attributes) {
      put(name);
      put(value);
    }
    for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]);
  }
  return { strings: parts.join(''), layout: Int32Array.from(layout) };
}

/** The tree a FlatTree holds: the same nodes flattenTree was given. Reads no HTML. */
export function unflattenTree({ strings, layout }: FlatTree): HtmlNode[] {
  let at = 0;
  const next = () => layout[at++];
  const text = () => {
    const start = next();
    return strings.slice(start, start + next());
  };
  const top: HtmlNode[] = [];
  /** Elements still taking children, with how many they take yet. */
  const open: { children: HtmlNode[]; missing: number }[] = [{ children: top, missing: next() }];
  while (open.length) {
    const parent = open[open.length - 1];
    if (parent.missing === 0) {
      open.pop();
      continue;
    }
    parent.missing--;
    if (next() === TEXT) {
      parent.children.push({ kind: 'text', text: text() });
      continue;
    }
    const name = text();
    const attributeCount = next();
    const childCount = next();
    const attribs: Record<string, string> = {};
    for (let i = 0; i < attributeCount; i++) {
      const attribute = text();
      attribs[attribute] = text();
    }
    const element: HtmlElement = { kind: 'element', name, attribs, children: [] };
    parent.children.push(element);
    open.push({ children: element.children, missing: childCount });
  }
  return top;
}
