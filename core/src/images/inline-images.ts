import { Parser } from 'htmlparser2';
import { htmlParses } from '../html/parse-count';

export interface InlineImage {
  src: string;
  alt: string | undefined;
}

/** The `<img>` elements of an HTML body, in document order. */
export function listInlineImages(html: string): InlineImage[] {
  const images: InlineImage[] = [];
  htmlParses.count();
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'img' && attribs.src) images.push({ src: attribs.src, alt: attribs.alt });
      },
    },
    { decodeEntities: true }
  );
  parser.write(html);
  parser.end();
  return images;
}

/**
 * Whether an HTML body has more than `limit` `<img>` elements (with or without a src), as
 * htmlparser2 reads it: text inside a script or a comment does not count. Stops at the first one
 * past the limit.
 */
export function hasMoreImagesThan(html: string, limit: number): boolean {
  let images = 0;
  htmlParses.count();
  const parser = new Parser(
    {
      onopentag(name) {
        if (name !== 'img') return;
        images++;
        if (images > limit) parser.pause();
      },
    },
    { decodeEntities: false }
  );
  parser.write(html);
  if (images <= limit) parser.end();
  return images > limit;
}
