import { jsonLdFromTexts, type ExtractedJsonLd } from '../../src/json-ld';
import { sanitizeArticle } from '../../src/sanitize';

/** Reads the JSON-LD blocks of an HTML body as a publish does: the sanitizer's pass reads them, then they are parsed. */
export function extractJsonLd(html: string): ExtractedJsonLd {
  return jsonLdFromTexts(sanitizeArticle(html).jsonLdTexts);
}
