import { jsonLdScriptTexts, jsonNestsDeeperThan, MAX_JSON_DEPTH, tryParseJson } from './nesting';

export interface ExtractedJsonLd {
  /** Parsed `<script type="application/ld+json">` blocks, in document order. */
  blocks: unknown[];
  /** Blocks whose text was not valid JSON, or nested past the limit (dropped). */
  invalidBlocks: number;
}

/** Reads the JSON-LD blocks of an HTML body; the sanitizer then removes every script. */
export function extractJsonLd(html: string): ExtractedJsonLd {
  const blocks: unknown[] = [];
  let invalidBlocks = 0;
  for (const text of jsonLdScriptTexts(html)) {
    const parsed = tryParseJson(text);
    // The request schemas refuse too deep blocks; this keeps other callers safe as well.
    if (parsed === undefined || jsonNestsDeeperThan(parsed.value, MAX_JSON_DEPTH)) invalidBlocks++;
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
