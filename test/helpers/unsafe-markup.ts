import { Parser } from 'htmlparser2';

// Browsers drop ASCII whitespace and controls inside a URL's scheme (`jav&#9;ascript:` runs).
// eslint-disable-next-line no-control-regex -- matching controls is the point
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f]/g;
const SCRIPT_URL = /^(javascript|vbscript):|^data:text/i;

/**
 * A cheap check on sanitized HTML as text, beside the browser's: what a sanitized article must never
 * contain (a script element, an event handler or style attribute, a script URL in any attribute).
 * Attribute values are read with entities decoded, as a browser reads them.
 */
export function unsafeMarkup(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('<script');
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        for (const [name, value] of Object.entries(attributes)) {
          if (/^on/i.test(name)) found.push(`${tag} ${name}= (event handler)`);
          if (name.toLowerCase() === 'style') found.push(`${tag} style=`);
          if (SCRIPT_URL.test(value.replace(IGNORED_IN_URLS, '')))
            found.push(`${tag} ${name}="${value.slice(0, 60)}"`);
        }
      },
    },
    { decodeEntities: true }
  );
  parser.end(html);
  return found;
}
