/**
 * Image URLs can carry credentials: a password (or a token) in the userinfo, `https://user:secret@host/`,
 * or a signature in the query string (S3's `X-Amz-Signature`, a CDN's `token`, `sig`, `expires`...).
 * Warnings, the activity ledger and log lines show such a URL without them. The userinfo becomes
 * `***`, and the query string is replaced as a whole (with the fragment after it): a list of
 * "signing-like" parameter names would always miss some provider's, and the path alone names the
 * image well enough. A fragment alone stays: it is never sent to the host, and `#section` links are
 * worth seeing in a warning.
 *
 * The redaction is textual, so it also works on a URL no parser accepts (`http://user:pw@[`), keeps
 * the rest of the URL as it was written, and gives the same text when applied twice.
 */

export const REDACTED_USERINFO = '***';
export const REDACTED_QUERY = '?…redacted';

/**
 * The scheme, the slashes and the authority. Browsers' URL parsing (WHATWG) lets web schemes have
 * any slashes, backslashes or none before the authority (`http:\\user:pw@host`), and ignores leading
 * spaces and control characters, so those count too.
 */
// eslint-disable-next-line no-control-regex -- browsers skip leading control characters, so this must too
const AUTHORITY = /^([\u0000-\u0020]*([a-z][a-z0-9+.-]*):([\\/]*))([^\\/?#]*)/i;
const WEB_SCHEMES = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

/** A URL as warnings, the ledger and logs show it: no userinfo, no query string. */
export function redactUrl(url: string): string {
  // Browsers drop tabs and newlines anywhere in a URL; removing them first lets the rules below see the URL they would.
  const text = url.replace(/[\t\n\r]/g, '');
  const authority = AUTHORITY.exec(text);
  let kept = '';
  let rest = text;
  if (authority && (authority[3] !== '' || WEB_SCHEMES.has(authority[2].toLowerCase()))) {
    const at = authority[4].lastIndexOf('@');
    const host = at === -1 ? authority[4] : `${REDACTED_USERINFO}@${authority[4].slice(at + 1)}`;
    kept = `${authority[1]}${host}`;
    rest = text.slice(authority[0].length);
  }
  const query = rest.indexOf('?');
  const fragment = rest.indexOf('#');
  // A "?" inside the fragment does not start a query string.
  if (query === -1 || (fragment !== -1 && fragment < query)) return `${kept}${rest}`;
  return `${kept}${rest.slice(0, query)}${REDACTED_QUERY}`;
}

/**
 * Absolute URLs in free text (`scheme://...` up to white space, a quote or an angle bracket);
 * punctuation that ends a sentence or a clause is not part of them.
 */
const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:[\\/]{2}[^\s"'<>`]*[^\s"'<>`.,;:!?)\]]/gi;

/**
 * Text with every absolute URL in it redacted (redactUrl): for warnings and log lines, which quote
 * URLs among other words (an error's message, a stack).
 */
export function redactUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url));
}
