import { parseHtmlTree, textOf } from '../blocks/html-tree';
import { serializeHtml } from './html-serialize';

export interface FittedBody {
  value: string;
  /** Set when the body was cut, saying where. */
  warning?: string;
}

const ELLIPSIS = '…';

/** Text cut at the last space that leaves room for an ellipsis (at a hard cut when there is none). */
function cutWords(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const room = text.slice(0, Math.max(0, maxLength - ELLIPSIS.length));
  // The last word is whole when a space follows it; otherwise it is dropped.
  const space = /\s/.test(text.charAt(room.length)) ? room.length : room.search(/\s\S*$/);
  return `${(space > 0 ? room.slice(0, space) : room).trimEnd()}${ELLIPSIS}`;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** HTML within a length: whole top-level elements while they fit, else the text of the first, cut at a word, in a paragraph. */
function fitHtml(html: string, maxLength: number): string {
  let value = '';
  for (const node of parseHtmlTree(html)) {
    const next = value + serializeHtml([node]);
    if (next.trim().length > maxLength) break;
    value = next;
  }
  if (value.trim()) return value.trim();
  const text = textOf({ kind: 'element', name: 'div', attribs: {}, children: parseHtmlTree(html) })
    .replace(/\s+/g, ' ')
    .trim();
  // Escaping can lengthen the text, so it is cut shorter by what the escaped paragraph overflows.
  for (let room = maxLength - '<p></p>'.length; room > 0; ) {
    const paragraph = `<p>${escapeText(cutWords(text, room))}</p>`;
    if (paragraph.length <= maxLength) return paragraph;
    room -= paragraph.length - maxLength;
  }
  return '';
}

/** Markdown within a length: whole paragraphs (blank-line separated blocks) while they fit, else the first cut at a word. */
function fitMarkdown(markdown: string, maxLength: number): string {
  const blocks = markdown.split(/\n{2,}/);
  let value = '';
  for (const block of blocks) {
    const next = value ? `${value}\n\n${block}` : block;
    if (next.length > maxLength) break;
    value = next;
  }
  return value || cutWords(blocks[0] ?? '', maxLength);
}

/**
 * A body for a field with a length limit (a `string` body takes 255 characters unless it says
 * otherwise): cut at a block boundary so the HTML stays well formed and Markdown keeps whole
 * paragraphs, with a warning saying how much was left out.
 */
export function fitBodyLength(
  body: string,
  maxLength: number,
  format: 'html' | 'markdown',
  fieldName: string
): FittedBody {
  if (body.length <= maxLength) return { value: body };
  const value = format === 'html' ? fitHtml(body, maxLength) : fitMarkdown(body, maxLength);
  return {
    value,
    warning: `The body was cut from ${body.length} to ${value.length} characters: the field "${fieldName}" takes at most ${maxLength}.`,
  };
}
