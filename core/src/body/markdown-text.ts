/**
 * Escaping for text that goes into Markdown, beyond what turndown escapes itself: nothing the
 * HTML said as text may turn into HTML, an entity or a list marker once a renderer reads it.
 */

/** Text that turndown already escaped: `<` can open raw HTML, `&name;` is an entity, `1) ` a list item. */
export function escapeMoreText(text: string): string {
  return text
    .replace(/</g, '\\<')
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&')
    .replace(/^(\d+)\) /, '$1\\) ');
}

/**
 * A link or image destination without spaces, brackets or parentheses, so it needs no `<...>` form
 * (percent-encoding them keeps the address the same for a browser).
 */
export function markdownDestination(url: string): string {
  return url
    .trim()
    .replace(/[\s()<>\\]/g, (character) =>
      encodeURIComponent(character).replace('(', '%28').replace(')', '%29')
    );
}

/** A link or image title in double quotes. */
export function markdownTitle(title: string | null | undefined): string {
  const clean = title?.replace(/\s+/g, ' ').trim();
  return clean ? ` "${clean.replace(/[\\"]/g, '\\$&')}"` : '';
}

/** Content that has to stay on one line (a heading, a table cell, a link text). */
export const oneLine = (markdown: string) => markdown.trim().replace(/ *\n+ */g, ' ');
