import { Parser } from 'htmlparser2';
import { htmlParses } from './html/parse-count';

/**
 * Nesting checks (issue #17 item 3); the limits are in request-bounds.ts. Real articles nest a handful
 * of levels; thousands of levels only serve to exhaust the server: HTML parsers keep a stack of open
 * elements (htmlparser2 shifts it at every tag, so time grows with depth times size), and recursive
 * steps (the blocks converter, JSON.stringify) overflow the call stack. Deeper input is refused with a
 * 400 naming the field.
 */

/**
 * Whether an HTML fragment opens elements more than `limit` levels deep, as htmlparser2 (the
 * sanitizer's parser) nests them: implied end tags and void elements count as the parser sees them.
 * Parsing stops at the first element past the limit, so the stack never outgrows the limit and the
 * check is linear in the input.
 */
export function htmlNestsDeeperThan(html: string, limit: number): boolean {
  let depth = 0;
  let tooDeep = false;
  htmlParses.count();
  const parser = new Parser(
    {
      onopentag() {
        depth++;
        if (depth > limit) {
          tooDeep = true;
          parser.pause();
        }
      },
      onclosetag() {
        depth--;
      },
    },
    { decodeEntities: false }
  );
  parser.write(html);
  if (!tooDeep) parser.end();
  return tooDeep;
}

/**
 * Whether a parsed JSON value nests arrays/objects more than `limit` levels deep. Iterative, so a
 * value of any depth is measured without recursion; stops at the first level past the limit.
 */
export function jsonNestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** The JSON-LD script blocks' texts of an HTML fragment, in document order. */
export function jsonLdScriptTexts(html: string): string[] {
  const texts: string[] = [];
  let current: string | null = null;
  htmlParses.count();
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'script' && isJsonLdType(attribs.type)) current = '';
      },
      ontext(text) {
        if (current !== null) current += text;
      },
      onclosetag(name) {
        if (name === 'script' && current !== null) {
          texts.push(current);
          current = null;
        }
      },
    },
    { decodeEntities: false }
  );
  parser.write(html);
  parser.end();
  return texts;
}

export const isJsonLdType = (type: string | undefined) =>
  (type ?? '').split(';')[0].trim().toLowerCase() === 'application/ld+json';

/** JSON.parse, or undefined when the text is not JSON. V8 parses without recursion, at any depth. */
export function tryParseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
