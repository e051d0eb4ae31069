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
