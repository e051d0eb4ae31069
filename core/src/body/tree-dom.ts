import { createDocument, type DominoElement, type DominoNode } from '@mixmark-io/domino';
import type { HtmlNode } from '../blocks/html-tree';
import type { ImageUrl } from './html-serialize';

/**
 * The article's parsed tree (core/src/blocks/html-tree) as a DOM fragment of turndown's own DOM
 * library, so the Markdown writer reads the tree the article was parsed into instead of having
 * turndown parse the HTML again (issue #30). Built by creating nodes, not by parsing: names and
 * attributes were checked by the sanitizer, text is set as text. Iterative, so a deep tree costs no
 * stack. Each imported image gets its library URL on the way (`imageUrl`).
 */
export function domOfTree(nodes: readonly HtmlNode[], imageUrl?: ImageUrl): DominoElement {
  const document = createDocument();
  // turndown wraps the HTML it parses in this element itself; the same root keeps its output the same.
  const root = document.createElement('x-turndown');
  const pending: [readonly HtmlNode[], DominoNode][] = [[nodes, root]];
  while (pending.length) {
    const [children, parent] = pending.pop() as [readonly HtmlNode[], DominoNode];
    for (const node of children) {
      if (node.kind === 'text') {
        parent.appendChild(document.createTextNode(node.text));
        continue;
      }
      const element = document.createElement(node.name);
      for (const name of Object.keys(node.attribs)) {
        const value = node.attribs[name];
        const swapped = name === 'src' && node.name === 'img' ? imageUrl?.(value) : undefined;
        element.setAttribute(name, swapped ?? value);
      }
      parent.appendChild(element);
      if (node.children.length) pending.push([node.children, element]);
    }
  }
  return root;
}
