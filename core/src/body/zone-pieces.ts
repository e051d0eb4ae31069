import { textOf, type HtmlElement, type HtmlNode } from '../blocks/html-tree';

/**
 * The article cut where a dynamic zone can start a component of its own: an image (alone, in a
 * figure with its caption, or alone in a paragraph), a blockquote, a video frame; everything else
 * is HTML that belongs to the text around it. Layout divs are unwrapped.
 */
export type ZonePiece =
  | { kind: 'image'; node: HtmlElement; img: HtmlElement; caption?: string }
  | { kind: 'quote'; node: HtmlElement }
  | { kind: 'video'; node: HtmlElement; iframe: HtmlElement }
  | { kind: 'html'; node: HtmlNode };

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const isBlank = (node: HtmlNode) => node.kind === 'text' && !node.text.trim();
const elements = (node: HtmlElement) => node.children.filter((child) => !isBlank(child));
const isElement = (node: HtmlNode | undefined, name: string): node is HtmlElement =>
  node?.kind === 'element' && node.name === name;

function figurePiece(figure: HtmlElement): ZonePiece | undefined {
  const content = elements(figure).filter((child) => !isElement(child, 'figcaption'));
  const captions = elements(figure).filter((child) => isElement(child, 'figcaption'));
  if (content.length !== 1 || captions.length > 1) return undefined;
  const caption = captions[0] ? collapse(textOf(captions[0])) : '';
  const [only] = content;
  if (isElement(only, 'img'))
    return { kind: 'image', node: figure, img: only, ...(caption ? { caption } : {}) };
  if (isElement(only, 'iframe') && !caption) return { kind: 'video', node: figure, iframe: only };
  return undefined;
}

const IMAGE_FRAME_OR_BREAK = new Set(['img', 'iframe', 'br']);

/** A paragraph that holds only images (and line breaks) is those images; one that holds only a frame is a video. */
function paragraphPieces(paragraph: HtmlElement): ZonePiece[] | undefined {
  // Most paragraphs are text: known as such at their first word, without sorting their children.
  for (const child of paragraph.children)
    if (child.kind === 'text' ? !isBlank(child) : !IMAGE_FRAME_OR_BREAK.has(child.name)) return undefined;
  const content = elements(paragraph).filter((child) => !isElement(child, 'br'));
  if (!content.length) return undefined;
  if (content.every((child) => isElement(child, 'img')))
    return content.map((img) => ({ kind: 'image', node: img as HtmlElement, img: img as HtmlElement }));
  if (content.length === 1 && isElement(content[0], 'iframe'))
    return [{ kind: 'video', node: paragraph, iframe: content[0] }];
  return undefined;
}

export function zonePieces(nodes: readonly HtmlNode[]): ZonePiece[] {
  const pieces: ZonePiece[] = [];
  addZonePieces(nodes, pieces);
  return pieces;
}

function addZonePieces(nodes: readonly HtmlNode[], pieces: ZonePiece[]): void {
  for (const node of nodes) {
    if (node.kind === 'text') {
      pieces.push({ kind: 'html', node });
      continue;
    }
    switch (node.name) {
      case 'div':
        addZonePieces(node.children, pieces);
        break;
      case 'figure': {
        const piece = figurePiece(node);
        if (piece) pieces.push(piece);
        else addZonePieces(node.children, pieces);
        break;
      }
      case 'p': {
        const images = paragraphPieces(node);
        if (images) for (const piece of images) pieces.push(piece);
        else pieces.push({ kind: 'html', node });
        break;
      }
      case 'img':
        pieces.push({ kind: 'image', node, img: node });
        break;
      case 'iframe':
        pieces.push({ kind: 'video', node, iframe: node });
        break;
      case 'blockquote':
        pieces.push({ kind: 'quote', node });
        break;
      default:
        pieces.push({ kind: 'html', node });
    }
  }
}

const BLOCK_LEVEL = new Set(['p', 'div', 'h2', 'h3', 'figure', 'figcaption']);
const ATTRIBUTION = /^(?:[—–]|--?)\s*(\S.*)$/;

/**
 * A blockquote as plain text: its paragraphs separated by blank lines, line breaks kept. A last
 * paragraph that starts with a dash ("— Jane Doe") is the attribution, not the quote.
 */
export function quoteText(quote: HtmlElement): { text: string; attribution?: string } {
  const paragraphs: string[] = [];
  let current = '';
  const end = () => {
    const text = current
      .replace(/[ \t\r\f]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .trim();
    if (text) paragraphs.push(text);
    current = '';
  };
  const walk = (nodes: HtmlNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'text') current += node.text.replace(/\n/g, ' ');
      else if (node.name === 'br') current += '\n';
      else if (BLOCK_LEVEL.has(node.name)) {
        end();
        walk(node.children);
        end();
      } else walk(node.children);
    }
  };
  walk(quote.children);
  end();
  const attribution =
    paragraphs.length > 1 ? ATTRIBUTION.exec(paragraphs[paragraphs.length - 1])?.[1] : undefined;
  if (attribution) return { text: paragraphs.slice(0, -1).join('\n\n'), attribution: attribution.trim() };
  return { text: paragraphs.join('\n\n') };
}

/** Whether a quote holds more than text and links (an image, list, table, code or frame). */
export function quoteHasStructure(quote: HtmlElement): boolean {
  return quote.children.some(
    (child) =>
      child.kind === 'element' &&
      (['img', 'iframe', 'ul', 'ol', 'table', 'pre', 'blockquote'].includes(child.name) ||
        quoteHasStructure(child))
  );
}

export function quoteHasLinks(quote: HtmlElement): boolean {
  return quote.children.some(
    (child) =>
      child.kind === 'element' &&
      ((child.name === 'a' && Boolean(child.attribs.href)) || quoteHasLinks(child))
  );
}
