/** The login and password of an `Authorization: Basic base64(login:password)` header; null when it has none. */
export function basicCredentials(header: string | undefined): { login: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return null;
  return { login: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}
