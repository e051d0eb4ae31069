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
export function serializeHtml(nodes: HtmlNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return escapeText(node.text);
      const attributes = Object.entries(node.attribs)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      return VOID.has(node.name)
        ? `<${node.name}${attributes}>`
        : `<${node.name}${attributes}>${serializeHtml(node.children)}</${node.name}>`;
    })
    .join('');
}
