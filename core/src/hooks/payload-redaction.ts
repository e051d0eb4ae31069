import { redactUrlsIn } from '../redact-url';

/**
 * A delivery's payload as the admin shows it (issue #59's inspector): the payload is kept as received
 * (a delivery processed again needs its signed image URLs whole) and redacted only on its way out: the
 * value of every member whose name says it holds a credential, and every URL's userinfo and query
 * string, as warnings and the ledger show URLs (core/src/redact-url.ts), in any text (an HTML body too).
 */

export const REDACTED = '[redacted]';

/** Member names that hold a credential (`apiKey`, `client_secret`, `webhook_token`, `password`...). */
const CREDENTIAL_NAME =
  /secret|token|passw(or)?d|api[-_]?key|private[-_]?key|access[-_]?key|authori[sz]ation|credential|signature|cookie|session/i;

/** A copy of a JSON value with every credential in it redacted. */
export function redactPayload(value: unknown): unknown {
  if (typeof value === 'string') return redactUrlsIn(value);
  if (Array.isArray(value)) return value.map(redactPayload);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [
        key,
        CREDENTIAL_NAME.test(key) && member !== null && member !== '' ? REDACTED : redactPayload(member),
      ])
    );
  return value;
}
