/**
 * Control characters in article text (issue #17 item 7). PostgreSQL refuses NUL in text and jsonb,
 * and the other controls are invisible in a web page, so none of them is kept:
 * - C0 controls (U+0000-U+001F) except tab, line feed and carriage return, and DEL (U+007F);
 * - C1 controls (U+0080-U+009F): HTML treats them as parse errors and browsers show nothing (or a
 *   box) for them; in practice they come from text decoded with the wrong charset.
 * Tab, LF and CR are kept where text may span lines (the HTML body, JSON-LD strings); in one-line
 * fields (titles, names, keywords, alt texts) each run of them becomes one space.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]+/g;

const LINE_BREAKS = /[\t\n\r]+/g;
// eslint-disable-next-line no-control-regex -- every C0, DEL and C1 control
const ALL_CONTROLS = /[\u0000-\u001F\u007F-\u009F]+/g;

/**
 * Invisible formatting characters (issue #32 item 6b), removed from one-line fields: in a title, a
 * category or tag name, a keyword or a slug they only serve to make two names that look the same
 * differ, or to show text in another order than it is stored (a right-to-left override):
 * - bidi controls: embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069, the marks
 *   U+200E/U+200F and U+061C (Arabic letter mark);
 * - zero-width characters: U+200B-U+200D, the word joiner U+2060 and U+FEFF (a byte order mark);
 * - the other format characters that never show: U+2061-U+2064 (invisible operators), U+206A-U+206F
 *   (deprecated formatting) and U+FFF9-U+FFFB (interlinear annotation).
 * The HTML body and JSON-LD keep them: there joiners spell emoji sequences and Persian or Indic
 * words, and marks order mixed-direction sentences. In a one-line field an emoji sequence joined by
 * U+200D shows as its separate emoji, the price of names that are what they look like.
 */
const INVISIBLE_FORMATTING =
  /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]+/g;

/** Text that may span lines: controls removed, tab/LF/CR kept. */
export function removeControlCharacters(text: string): string {
  return text.replace(CONTROLS, '');
}

/** One-line text: controls and invisible formatting removed, runs of tab/LF/CR replaced by one space. */
export function singleLineText(text: string): string {
  return removeControlCharacters(text).replace(INVISIBLE_FORMATTING, '').replace(LINE_BREAKS, ' ');
}

/** A URL: every control removed (the URL standard drops tab and newlines from URLs too). */
export function urlText(text: string): string {
  return text.replace(ALL_CONTROLS, '');
}
