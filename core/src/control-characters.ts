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

/** Text that may span lines: controls removed, tab/LF/CR kept. */
export function removeControlCharacters(text: string): string {
  return text.replace(CONTROLS, '');
}

/** One-line text: controls removed, runs of tab/LF/CR replaced by one space. */
export function singleLineText(text: string): string {
  return removeControlCharacters(text).replace(LINE_BREAKS, ' ');
}

/** A URL: every control removed (the URL standard drops tab and newlines from URLs too). */
export function urlText(text: string): string {
  return text.replace(ALL_CONTROLS, '');
}

/**
 * A JSON value with controls removed from every string and key (JSON-LD ends up in a jsonb column,
 * which refuses `\u0000`). The value's depth is checked before this runs (see nesting.ts).
 */
export function withoutControlCharacters(value: unknown): unknown {
  if (typeof value === 'string') return removeControlCharacters(value);
  if (Array.isArray(value)) return value.map(withoutControlCharacters);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        removeControlCharacters(key),
        withoutControlCharacters(item),
      ])
    );
  }
  return value;
}
