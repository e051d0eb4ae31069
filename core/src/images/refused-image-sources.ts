import type { ImageWarning } from '../contracts';
import { listInlineImages } from './inline-images';

/** Schemes an inline image may use besides https (and http when allowed); data URLs are judged elsewhere. */
function schemeOf(src: string): string | undefined {
  return /^\s*([a-z][a-z0-9+.-]*):/i.exec(src)?.[1]?.toLowerCase();
}

/**
 * The inline images of the raw (not yet sanitized) HTML whose src the sanitizer removes because of
 * its scheme (http unless allowed, file, ftp, ...), each as a warning, so a dropped image is
 * reported rather than vanishing silently. Relative srcs and data URLs are not reported here.
 */
export function refusedImageSources(rawHtml: string, allowHttp: boolean): ImageWarning[] {
  const warnings: ImageWarning[] = [];
  const seen = new Set<string>();
  for (const { src } of listInlineImages(rawHtml)) {
    const scheme = schemeOf(src);
    if (scheme === undefined || scheme === 'https' || scheme === 'data' || (scheme === 'http' && allowHttp))
      continue;
    if (seen.has(src)) continue;
    seen.add(src);
    const why =
      scheme === 'http'
        ? 'http image URLs are refused (images.allowHttp is off)'
        : `${scheme} image URLs are refused`;
    warnings.push({ source_url: src, reason: `not imported: ${why}; the image was removed from the body` });
  }
  return warnings;
}
