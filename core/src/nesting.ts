/**
 * Nesting checks (issue #17 item 3); the limits are in request-bounds.ts. Real articles nest a handful
 * of levels; thousands of levels only serve to exhaust the server: HTML parsers keep a stack of open
 * elements (htmlparser2 shifts it at every tag, so time grows with depth times size), and recursive
 * steps (the blocks converter, JSON.stringify) overflow the call stack. Deeper input is refused with a
 * 400 naming the field.
 */

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
