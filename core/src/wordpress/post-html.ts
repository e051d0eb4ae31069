import { blocksToHtml } from '../blocks/blocks-to-html';
import { zoneToHtml, type ZoneHtmlOptions } from '../body/zone-to-html';
import { markdownToHtml } from '../html/markdown-to-html';
import type { BodyTarget } from '../publish-target';
import { sanitizeArticleHtml, type SanitizeOptions } from '../sanitize';
import { textFromHtml } from '../seo';

export interface StoredBodyHtmlOptions extends ZoneHtmlOptions {
  /** The sanitizer's settings of the target's config (embeds, http images, the site's own media). */
  sanitize: SanitizeOptions;
}

/**
 * A post's body as WordPress serves `content` (HTML, whatever the target keeps): rendered from the
 * stored value in the target's format and sanitized as an article on its way in is. The same value
 * always renders to the same HTML, so an update sending it back can be told apart (it keeps the body).
 */
export function storedBodyHtml(body: BodyTarget, value: unknown, options: StoredBodyHtmlOptions): string {
  let html: string;
  switch (body.body.format) {
    case 'markdown':
      html = typeof value === 'string' ? markdownToHtml(value) : '';
      break;
    case 'blocks':
      html = blocksToHtml(value);
      break;
    case 'zone':
      html = body.zone ? zoneToHtml(value, body.zone, options) : '';
      break;
    default:
      html = typeof value === 'string' ? value : '';
  }
  return html ? sanitizeArticleHtml(html, options.sanitize).trim() : '';
}

/** WordPress's `excerpt_length` and `excerpt_more` (wp_trim_excerpt). */
export const EXCERPT_WORDS = 55;
const EXCERPT_MORE = ' [&hellip;]';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A paragraph as wpautop wraps the excerpt (`the_excerpt`). */
const paragraph = (html: string) => (html ? `<p>${html}</p>\n` : '');

/**
 * `excerpt.rendered`: the excerpt kept, as a paragraph; without one, derived from the body's HTML as
 * wp_trim_excerpt does: its text's first 55 words, then " [&hellip;]" when there were more.
 */
export function renderedExcerpt(excerpt: string, bodyHtml: string): string {
  if (excerpt.trim()) return paragraph(escapeText(excerpt.trim()));
  const words = bodyHtml
    ? textFromHtml(bodyHtml)
        .split(/[\n\r\t ]+/)
        .filter(Boolean)
    : [];
  if (words.length <= EXCERPT_WORDS) return paragraph(escapeText(words.join(' ')));
  return paragraph(`${escapeText(words.slice(0, EXCERPT_WORDS).join(' '))}${EXCERPT_MORE}`);
}

/** The warning a write that empties a post's body carries, so the ledger names who emptied it. */
export const EMPTIED_BODY_WARNING =
  'The body was emptied: the update sent an empty "content" (as WordPress does, the post now has no body).';
