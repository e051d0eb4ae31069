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

/** Index of the first non-whitespace character (as String#trim sees whitespace), or -1. */
const firstVisible = (text: string) => text.search(/\S/);

/** Index after the last non-whitespace character (as String#trim sees whitespace), or 0. */
function endOfVisible(text: string): number {
  let end = text.length;
  while (end > 0 && /\s/.test(text.charAt(end - 1))) end--;
  return end;
}

/** HTML within a length: whole top-level elements while they fit, else the text of the first, cut at a word, in a paragraph. */
function fitHtml(html: string, maxLength: number): string {
  const nodes = parseHtmlTree(html);
  // The trimmed length of what is kept is followed as pieces are added, so no piece is measured twice.
  const kept: string[] = [];
  let length = 0;
  let start = -1;
  let end = 0;
  for (const node of nodes) {
    const piece = serializeHtml([node]);
    const first = firstVisible(piece);
    const nextStart = start < 0 && first >= 0 ? length + first : start;
    const nextEnd = first >= 0 ? length + endOfVisible(piece) : end;
    if (nextStart >= 0 && nextEnd - nextStart > maxLength) break;
    kept.push(piece);
    length += piece.length;
    start = nextStart;
    end = nextEnd;
  }
  const value = kept.join('').trim();
  if (value) return value;
  const text = textOf({ kind: 'element', name: 'div', attribs: {}, children: nodes })
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
