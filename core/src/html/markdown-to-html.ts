import { Marked } from 'marked';

/** How an article body was sent: HTML (the contract's form), or Markdown, converted before the sanitizer. */
export type ContentFormat = 'html' | 'markdown';

/**
 * One converter for the plugin, its options fixed: GitHub-flavoured Markdown (tables, strikethrough,
 * autolinks), as the article services write it; single newlines stay inside their paragraph. Raw
 * HTML inside the Markdown is passed on as written: the sanitizer that follows decides what stays, as
 * for any HTML body. An instance of its own, so nothing else's `marked.use()` changes it.
 */
const converter = new Marked({ gfm: true, breaks: false, async: false });

/** The HTML of a Markdown body (not yet sanitized: every body goes through the same sanitizer next). */
export function markdownToHtml(markdown: string): string {
  return converter.parse(markdown, { async: false });
}

/** The body as HTML, whatever form it was sent in. */
export const bodyAsHtml = (body: string, format: ContentFormat | undefined): string =>
  format === 'markdown' ? markdownToHtml(body) : body;
