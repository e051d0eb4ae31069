import { z } from 'zod';
import { REQUEST_BOUNDS as BOUNDS } from '../request-bounds';
import { lineText } from '../schema-fields';
import { lineRawText, rawText } from './fields';

/** The text fields of `POST /wp/v2/media` (multipart fields, or the query of a raw-body upload). */
export const mediaFieldsSchema = z.object({
  // One-line texts: controls, bidi and zero-width characters removed, as on the service contract's door.
  title: lineRawText(BOUNDS.titleLength).optional(),
  alt_text: lineText(BOUNDS.altLength).optional(),
  caption: lineRawText(BOUNDS.altLength * 4).optional(),
  description: rawText(BOUNDS.altLength * 4).optional(),
});

export type MediaFields = z.output<typeof mediaFieldsSchema>;

/**
 * The file name of a raw-body upload, from `Content-Disposition: attachment; filename="x.png"` (or
 * `filename*=UTF-8''x.png`); undefined without one.
 */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      return undefined;
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}
