import path from 'node:path';
import slugify from 'slugify';
import { parseImageDataUrl } from '../image-source';
import { redactUrl } from '../redact-url';

/**
 * The readable part of an imported file's name in the media library: the URL's own file name; for a
 * data URL (whose "path" is base64 text) the image's alt text, else the article's slug.
 */
export function libraryFileStem(source: string, alt: string | undefined, slug: string): string {
  const isDataUrl = parseImageDataUrl(source) !== null || /^data:/i.test(source.trim());
  const fromUrl =
    !isDataUrl && URL.canParse(source)
      ? path.basename(new URL(source).pathname).replace(/\.[a-z0-9]+$/i, '')
      : '';
  const readable = fromUrl || slugify(alt ?? '', { lower: true, strict: true }) || slug;
  return readable.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80) || 'image';
}

/**
 * A source as the list of imported images shows it: a data URL is shortened to its type and size
 * (echoing megabytes of base64 back helps nobody); any other source is shown as sent, so the caller
 * finds its own URL there.
 */
export function displayedSource(source: string): string {
  const match = /^data:([^;,]+)[^,]*,/i.exec(source.trim());
  if (!match) return source;
  const payload = source.trim().length - match[0].length;
  const bytes = Math.floor((payload * 3) / 4);
  const size = bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
  return `${match[0]}...(${size})`;
}

/**
 * A source as warnings show it (in the answer and in the activity ledger): shortened as
 * displayedSource does, without the credentials a URL may carry (redactUrl).
 */
export function warningSource(source: string): string {
  return redactUrl(displayedSource(source));
}
