import { serializeHtml } from '../body/html-serialize';
import { htmlElement, type HtmlElement, type HtmlNode } from './html-tree';
import type { InlineNode, ListBlock, MediaLibraryImage, RootBlock, TextNode } from './types';

/** A run of text: line breaks as `<br>`. */
function textNodes(text: string): HtmlNode[] {
  const nodes: HtmlNode[] = [];
  text.split('\n').forEach((line, index) => {
    if (index) nodes.push(htmlElement('br'));
    if (line) nodes.push({ kind: 'text', text: line });
  });
  return nodes;
}

/**
 * A text node with its marks. Only the marks the article sanitizer keeps are written (strong, em,
 * code): underline and strikethrough have no element there, so their text stays plain.
 */
function markedText(node: TextNode): HtmlNode[] {
  let nodes = textNodes(typeof node.text === 'string' ? node.text : '');
  if (node.code) nodes = [htmlElement('code', nodes)];
  if (node.italic) nodes = [htmlElement('em', nodes)];
  if (node.bold) nodes = [htmlElement('strong', nodes)];
  return nodes;
}

/** Stored JSON is not checked again on a read: a node without its text or children is left out. */
const nodesOf = <T>(value: unknown): T[] =>
  Array.isArray(value) ? value.filter((node): node is T => typeof node === 'object' && node !== null) : [];

function inlineNodes(children: unknown): HtmlNode[] {
  return nodesOf<InlineNode>(children).flatMap((child) =>
    child.type === 'link'
      ? [
          htmlElement('a', nodesOf<TextNode>(child.children).flatMap(markedText), {
            href: String(child.url ?? ''),
          }),
        ]
      : markedText(child)
  );
}

/** A list; a nested list goes inside the item before it, as HTML nests lists. */
function listElement(list: ListBlock): HtmlElement {
  const items: HtmlElement[] = [];
  for (const child of nodesOf<ListBlock['children'][number]>(list.children)) {
    const nested = child.type === 'list' ? listElement(child) : undefined;
    const last = items[items.length - 1];
    if (nested && last) last.children.push(nested);
    else
      items.push(
        htmlElement('li', nested ? [nested] : inlineNodes(child.type === 'list-item' ? child.children : []))
      );
  }
  return htmlElement(list.format === 'ordered' ? 'ol' : 'ul', items);
}

/** Headings as the sanitizer keeps them (h2 and h3): h1 reads as h2, h4 to h6 as h3. */
const headingName = (level: number) => (level <= 2 ? 'h2' : 'h3');

function blockElement(block: RootBlock): HtmlElement | undefined {
  switch (block.type) {
    case 'heading':
      return htmlElement(headingName(block.level), inlineNodes(block.children));
    case 'quote':
      return htmlElement('blockquote', [htmlElement('p', inlineNodes(block.children))]);
    case 'code': {
      const text = nodesOf<TextNode>(block.children)
        .map((child) => child.text)
        .join('');
      const attribs: Record<string, string> = block.language ? { class: `language-${block.language}` } : {};
      return htmlElement('pre', [htmlElement('code', [{ kind: 'text', text }], attribs)]);
    }
    case 'list':
      return listElement(block);
    case 'image': {
      const { url, alternativeText, width, height }: Partial<MediaLibraryImage> = block.image ?? {};
      if (typeof url !== 'string') return undefined;
      const attribs: Record<string, string> = { src: url, alt: alternativeText ?? '' };
      if (width) attribs.width = String(width);
      if (height) attribs.height = String(height);
      return htmlElement('figure', [htmlElement('img', [], attribs)]);
    }
    default:
      return htmlElement('p', inlineNodes(block.children));
  }
}

/**
 * Strapi blocks as HTML, as a frontend renders them (@strapi/blocks-react-renderer's elements), one
 * block a line: what the WordPress door serves as a Blocks post's `content`. Not sanitized here: the
 * caller sanitizes it as any body served.
 */
export function blocksToHtml(blocks: unknown): string {
  return nodesOf<RootBlock>(blocks)
    .map(blockElement)
    .filter((node): node is HtmlElement => node !== undefined)
    .map((node) => serializeHtml([node]))
    .join('\n');
}
