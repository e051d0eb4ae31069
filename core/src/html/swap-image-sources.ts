/**
 * Sanitized HTML with some `<img>` sources replaced (source -> media library URL), without parsing it
 * again. Exact on the sanitizer's output only (core/src/sanitize.ts): there, `<` in text and `>` and
 * `"` in attribute values are escaped, so `<img ...>` is always a tag, its end is the first `>`, and
 * ` src="` inside it is the src attribute. Values are compared and written escaped as the sanitizer
 * writes them.
 */
export function swapImageSources(html: string, urls: ReadonlyMap<string, string>): string {
  if (!urls.size) return html;
  const escaped = new Map<string, string>();
  for (const [source, url] of urls) escaped.set(escapeAttribute(source), escapeAttribute(url));
  return html.replace(/<img\s[^>]*>/g, (tag) =>
    tag.replace(/ src="([^"]*)"/, (attribute, value: string) => {
      const url = escaped.get(value);
      return url === undefined ? attribute : ` src="${url}"`;
    })
  );
}

/** As sanitize-html escapes an attribute value. */
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
