import { Parser } from 'htmlparser2';

/**
 * A reference reading of the summary fallback, straight from the HTML with its own parser: the tests
 * check the one-tree reading (core/src/html/article-body's `firstParagraph`) against it.
 */
/** The visible text of the first `<p>` that has any, entities decoded, whitespace collapsed. */
export function firstParagraphText(html: string): string | undefined {
  let depth = 0;
  let hiddenDepth = 0;
  let parts: string[] = [];
  let found: string | undefined;
  const parser = new Parser(
    {
      onopentag(name) {
        if (found !== undefined) return;
        if (name === 'script' || name === 'style') hiddenDepth++;
        if (name === 'p') depth++;
        else if (depth > 0) parts.push(' ');
      },
      onclosetag(name) {
        if (found !== undefined) return;
        if (name === 'script' || name === 'style') hiddenDepth = Math.max(0, hiddenDepth - 1);
        if (name !== 'p' || depth === 0) {
          if (depth > 0) parts.push(' ');
          return;
        }
        depth--;
        if (depth > 0) return;
        const text = parts.join('').replace(/\s+/g, ' ').trim();
        if (text) found = text;
        parts = [];
      },
      ontext(text) {
        if (found === undefined && depth > 0 && hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true }
  );
  parser.write(html);
  parser.end();
  return found;
}
