import { Parser } from 'htmlparser2';

export interface ExtractedJsonLd {
  /** Parsed `<script type="application/ld+json">` blocks, in document order. */
  blocks: unknown[];
  /** Blocks whose text was not valid JSON (dropped). */
  invalidBlocks: number;
}

const isJsonLdType = (type: string | undefined) =>
  (type ?? '').split(';')[0].trim().toLowerCase() === 'application/ld+json';

/** Reads the JSON-LD blocks of an HTML body; the sanitizer then removes every script. */
export function extractJsonLd(html: string): ExtractedJsonLd {
  const texts: string[] = [];
  let current: string | null = null;
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

  const blocks: unknown[] = [];
  let invalidBlocks = 0;
  for (const text of texts) {
    try {
      blocks.push(JSON.parse(text));
    } catch {
      invalidBlocks++;
    }
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
