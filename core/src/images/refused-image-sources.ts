import type { ImageWarning } from '../contracts';
import { judgeImageSource } from '../image-source';
import { listInlineImages } from './inline-images';
import { warningSource } from './library-names';

/**
 * The inline images of the raw (not yet sanitized) HTML whose src the sanitizer removes with a
 * refusal in IMAGE_SOURCE_RULES (http unless allowed, file, ftp, ...), each as a warning, so a dropped
 * image is reported rather than vanishing silently.
 */
export function refusedImageSources(rawHtml: string, allowHttp: boolean): ImageWarning[] {
  return refusedImageWarnings(
    listInlineImages(rawHtml).map((image) => image.src),
    allowHttp
  );
}

/** The warnings for image sources (as the raw HTML names them, in order) the sanitizer refuses; each source once. */
export function refusedImageWarnings(sources: readonly string[], allowHttp: boolean): ImageWarning[] {
  const warnings: ImageWarning[] = [];
  const seen = new Set<string>();
  for (const src of sources) {
    const { refusal } = judgeImageSource(src, allowHttp);
    if (refusal === undefined || seen.has(src)) continue;
    seen.add(src);
    warnings.push({
      source_url: warningSource(src),
      reason: `not imported: ${refusal}; the image was removed from the body`,
    });
  }
  return warnings;
}
