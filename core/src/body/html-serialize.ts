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
export function serializeHtml(nodes: readonly HtmlNode[]): string {
  const parts: string[] = [];
  writeHtml(nodes, parts);
  return parts.join('');
}

/** Appends the HTML of the nodes to `parts`: one join at the end, however deep the tree. */
function writeHtml(nodes: readonly HtmlNode[], parts: string[]): void {
  for (const node of nodes) {
    if (node.kind === 'text') {
      parts.push(escapeText(node.text));
      continue;
    }
    let attributes = '';
    for (const name of Object.keys(node.attribs))
      attributes += ` ${name}="${escapeAttribute(node.attribs[name])}"`;
    parts.push(`<${node.name}${attributes}>`);
    if (VOID.has(node.name)) continue;
    writeHtml(node.children, parts);
    parts.push(`</${node.name}>`);
  }
}
