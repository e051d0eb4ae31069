import type { HtmlNode } from '../blocks/html-tree';

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Nodes of core/src/blocks/html-tree back into HTML, so a run of the article can go through a
 * converter on its own. The tree comes from sanitized HTML; text and attributes are escaped again.
 */
export function serializeHtml(nodes: readonly HtmlNode[], imageUrl?: ImageUrl): string {
  const parts: string[] = [];
  writeHtml(nodes, parts, imageUrl);
  return parts.join('');
}

/** The media library URL an img src was imported as, to write instead of the source. */
export type ImageUrl = (src: string) => string | undefined;

/** Appends the HTML of the nodes to `parts`: one join at the end, however deep the tree. */
function writeHtml(nodes: readonly HtmlNode[], parts: string[], imageUrl: ImageUrl | undefined): void {
  for (const node of nodes) {
    if (node.kind === 'text') {
      parts.push(escapeText(node.text));
      continue;
    }
    let attributes = '';
    for (const name of Object.keys(node.attribs)) {
      const value = node.attribs[name];
      const swapped = name === 'src' && node.name === 'img' ? imageUrl?.(value) : undefined;
      attributes += ` ${name}="${escapeAttribute(swapped ?? value)}"`;
    }
    parts.push(`<${node.name}${attributes}>`);
    if (VOID.has(node.name)) continue;
    writeHtml(node.children, parts, imageUrl);
    parts.push(`</${node.name}>`);
  }
}
