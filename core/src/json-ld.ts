import { removeControlCharacters } from './control-characters';
import { jsonNestsDeeperThan, tryParseJson } from './nesting';
import { REQUEST_BOUNDS } from './request-bounds';

export interface ExtractedJsonLd {
  /** Parsed `<script type="application/ld+json">` blocks, in document order. */
  blocks: unknown[];
  /** Blocks whose text was not valid JSON, or nested past the limit (dropped). */
  invalidBlocks: number;
}

/** The JSON-LD blocks of script texts already read from the HTML (by the sanitizing pass). */
export function jsonLdFromTexts(texts: readonly string[]): ExtractedJsonLd {
  const blocks: unknown[] = [];
  let invalidBlocks = 0;
  for (const text of texts) {
    const parsed = tryParseJson(text);
    // The request schemas refuse too deep blocks; this keeps other callers safe as well.
    if (parsed === undefined || jsonNestsDeeperThan(parsed.value, REQUEST_BOUNDS.jsonLdDepth))
      invalidBlocks++;
    else blocks.push(parsed.value);
  }
  return { blocks, invalidBlocks };
}

/**
 * One structured-data value from several JSON-LD documents: a single one as is, several as a
 * schema.org `@graph` (the JSON-LD way to ship many nodes in one script).
 */
export function combineJsonLd(documents: unknown[]): unknown | null {
  if (documents.length === 0) return null;
  if (documents.length === 1) return documents[0];
  return { '@context': 'https://schema.org', '@graph': documents };
}

/** U+FF1C FULLWIDTH LESS-THAN SIGN: reads as `<`, and never opens a tag. */
export const LESS_THAN_STAND_IN = '\uFF1C';

/** One string (a value or a key) of stored JSON-LD: controls removed, every `<` replaced by its stand-in. */
export function scriptSafeText(text: string): string {
  return removeControlCharacters(text).replaceAll('<', LESS_THAN_STAND_IN);
}

/**
 * JSON-LD as it is stored (issue #32 item 6a), every string value and key made safe:
 * - controls removed: a jsonb column refuses `\u0000`;
 * - `<` replaced by U+FF1C. Frontends print the stored JSON-LD into `<script type="application/ld+json">`
 *   with JSON.stringify, which leaves `<` as it is, so a value holding `</script><script>...` would end
 *   the element and run what follows. Without `<` no tag, end tag or comment can start inside the
 *   script, however the value is printed (so `>`, `&`, U+2028 and U+2029 need nothing). Escaping only
 *   the stored text (`\u003c`) would not last: PostgreSQL's jsonb and MySQL's JSON keep the parsed
 *   value, and Strapi's API serializes it again.
 * The value's depth was checked by the request schema, so the recursion is shallow.
 */
export function storableJsonLd(value: unknown): unknown {
  if (typeof value === 'string') return scriptSafeText(value);
  if (Array.isArray(value)) return value.map(storableJsonLd);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [scriptSafeText(key), storableJsonLd(item)])
    );
  }
  return value;
}
