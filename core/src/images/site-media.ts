/**
 * Recognising the site's own media library files by the address an article names them with. A client
 * uploads through the site (WordPress's `POST /wp/v2/media`), then puts the answered URL in the body:
 * that image is the library file, whatever the spelling of the address (http or https, `localhost` or
 * `127.0.0.1`, the public URL or `server.url`, a trailing-dot host, a port spelled or default, the
 * host's case). Such an image is never fetched; it is placed as the library file.
 */

/** Where the site's own uploads are served: the CMS's hosts, as `hostKey` spells them. */
export interface SiteMediaAddresses {
  hosts: readonly string[];
}

/** The local upload provider's files are served under this path of the CMS. */
export const LOCAL_UPLOADS_PATH = '/uploads/';

/** Names of this machine: a site configured with one of them is reached as any of them. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]']);

/**
 * A host as compared: lower case, without a trailing dot, loopback names as one, with its port unless
 * it is the default of http or https (a site reached over both names one host).
 */
export function hostKey(url: URL): string {
  let host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost')) host = 'loopback';
  const port = url.port === '80' || url.port === '443' ? '' : url.port;
  return port ? `${host}:${port}` : host;
}

/** The CMS's addresses (`server.url`, `server.absoluteUrl`, ...); what is not an absolute http(s) URL is left out. */
export function siteMediaAddresses(siteUrls: readonly string[]): SiteMediaAddresses {
  const hosts = new Set<string>();
  for (const siteUrl of siteUrls) {
    if (!/^https?:\/\//i.test(siteUrl) || !URL.canParse(siteUrl)) continue;
    hosts.add(hostKey(new URL(siteUrl)));
  }
  return { hosts: [...hosts] };
}

/**
 * The local provider's URL (`/uploads/...`, as its file rows hold it) that an image source names: a
 * path under `/uploads/` on the site (relative, or absolute on one of its hosts, http or https).
 * Null for any other source.
 */
export function siteUploadPath(src: string, site: SiteMediaAddresses): string | null {
  const value = src.trim();
  let url: URL;
  if (value.startsWith('/') && !value.startsWith('//')) {
    url = new URL(value, 'http://site.invalid');
  } else {
    if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return null;
    url = new URL(value);
    if (!site.hosts.includes(hostKey(url))) return null;
  }
  return url.pathname.startsWith(LOCAL_UPLOADS_PATH) ? url.pathname : null;
}

/**
 * The spellings under which an upload provider may have stored the URL an image source names (its
 * row holds the provider's absolute URL): as sent, and with the scheme, host case, trailing dot and
 * default port normalized, over https and http.
 */
export function providerUrlSpellings(src: string): string[] {
  const value = src.trim();
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return [];
  const spellings = new Set([value]);
  for (const protocol of ['https:', 'http:']) {
    const url = new URL(value);
    url.hostname = url.hostname.replace(/\.$/, '');
    const explicitPort = url.port;
    url.protocol = protocol;
    // A port that was the other scheme's default is no port at all for this one.
    if (explicitPort === '80' || explicitPort === '443') url.port = '';
    spellings.add(url.href);
  }
  return [...spellings];
}

/** The file-row URLs an image source may name: its local upload path, else its provider spellings. */
export function libraryUrlCandidates(src: string, site: SiteMediaAddresses): string[] {
  const uploadPath = siteUploadPath(src, site);
  return uploadPath === null ? providerUrlSpellings(src) : [uploadPath];
}
