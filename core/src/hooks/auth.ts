import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a custom webhook's sender proves itself (issue #42, the seven schemes of the services' docs),
 * framework-free: a request is its header getter and, once read, its raw body bytes. Every comparison
 * is constant-time over equal-length buffers. `secrets` is a list so a regenerated secret can keep the
 * old one working for a grace period: any of them may match.
 */
export type AuthScheme =
  /** `Authorization: Bearer <secret>`. */
  | { kind: 'bearer' }
  /** The secret as a header's whole value: a fixed header (X-Webhook-Secret, X-SECRET) or one the owner names. */
  | { kind: 'header'; header: string }
  /** HMAC-SHA256 of the raw body in `header`: bare hex, `sha256=<hex>`, or either. */
  | { kind: 'hmac'; header: string; format: SignatureFormat }
  /**
   * HMAC-SHA256 of `${timestamp}.${body}` as `sha256=<hex>` in `header`, the timestamp in
   * `timestampHeader` (unix seconds or ISO 8601) and no further than `windowSeconds` from now.
   */
  | {
      kind: 'timestamped-hmac';
      header: string;
      timestampHeader: string;
      timestamp: 'unix' | 'iso';
      windowSeconds: number;
    }
  /** Nothing: the unguessable URL is the secret (only when the endpoint's options say so). */
  | { kind: 'none' }
  /** Each of these must pass (EarlySEO: Bearer and a signature). */
  | { kind: 'all'; schemes: AuthScheme[] }
  /** One of these must pass (RankPill sends the same signature in two headers). */
  | { kind: 'any'; schemes: AuthScheme[] };

export type SignatureFormat = 'hex' | 'sha256=' | 'either';

/** The replay window of the timestamped schemes (CiteFlow, Ranket): five minutes either way. */
export const TIMESTAMP_WINDOW_SECONDS = 5 * 60;

/** CiteFlow's and Ranket's scheme: `sha256=` over `${timestamp}.${body}`, within the five-minute window. */
export function timestampedSignature(
  header: string,
  timestampHeader: string,
  timestamp: 'unix' | 'iso'
): AuthScheme {
  return {
    kind: 'timestamped-hmac',
    header,
    timestampHeader,
    timestamp,
    windowSeconds: TIMESTAMP_WINDOW_SECONDS,
  };
}

export interface AuthRequest {
  /** A request header's value (names are case-insensitive); undefined when absent. */
  header(name: string): string | undefined;
  now: Date;
}

export type AuthFailure = 'missing' | 'malformed' | 'mismatch' | 'stale';
export type AuthOutcome = { ok: true } | { ok: false; failure: AuthFailure; header: string };

const OK: AuthOutcome = { ok: true };
const fail = (failure: AuthFailure, header: string): AuthOutcome => ({ ok: false, failure, header });

/** Equal in constant time: both sides hashed to 32 bytes first, so their lengths never leak or differ. */
export function secretsEqual(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const matchesAny = (given: string, secrets: readonly string[]) =>
  // Every secret is compared (no early exit), so the time does not tell which one matched.
  secrets.map((secret) => secretsEqual(given, secret)).includes(true);

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/** The 32 digest bytes a signature header carries in `format`, or null when it cannot be one. */
export function signatureBytes(value: string | undefined, format: SignatureFormat): Buffer | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  const prefixed = /^sha256=/i.test(trimmed);
  if (prefixed && format === 'hex') return null;
  if (!prefixed && format === 'sha256=') return null;
  const hex = prefixed ? trimmed.slice('sha256='.length) : trimmed;
  return HEX_SHA256.test(hex) ? Buffer.from(hex, 'hex') : null;
}

/** HMAC-SHA256 of the parts, in order, keyed with `secret`. */
export function hmacSha256(secret: string, ...parts: (string | Uint8Array)[]): Buffer {
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest();
}

const digestMatchesAny = (given: Buffer, secrets: readonly string[], parts: (string | Uint8Array)[]) =>
  secrets.map((secret) => timingSafeEqual(given, hmacSha256(secret, ...parts))).includes(true);

/** A timestamp header's instant, or null when it is not one in the scheme's form. */
export function timestampInstant(value: string | undefined, form: 'unix' | 'iso'): Date | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (form === 'unix') return /^\d{1,12}$/.test(text) ? new Date(Number(text) * 1000) : null;
  // A date and a time, with a zone: a bare date would be read as midnight UTC without saying so.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

function bearerToken(request: AuthRequest): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.header('authorization') ?? '');
  return match?.[1];
}

/**
 * What can be decided from the headers alone, before the body is read: every credential that is not
 * a signature, whether each signature header can be one, and the timestamp's window. A request that
 * fails here is refused without its body being read.
 */
export function checkHeaders(
  scheme: AuthScheme,
  request: AuthRequest,
  secrets: readonly string[]
): AuthOutcome {
  switch (scheme.kind) {
    case 'none':
      return OK;
    case 'bearer': {
      const token = bearerToken(request);
      if (token === undefined)
        return fail(request.header('authorization') ? 'malformed' : 'missing', 'Authorization');
      return matchesAny(token, secrets) ? OK : fail('mismatch', 'Authorization');
    }
    case 'header': {
      const value = request.header(scheme.header);
      if (value === undefined || value === '') return fail('missing', scheme.header);
      return matchesAny(value.trim(), secrets) ? OK : fail('mismatch', scheme.header);
    }
    case 'hmac': {
      const value = request.header(scheme.header);
      if (value === undefined) return fail('missing', scheme.header);
      return signatureBytes(value, scheme.format) ? OK : fail('malformed', scheme.header);
    }
    case 'timestamped-hmac': {
      const stamp = request.header(scheme.timestampHeader);
      if (stamp === undefined) return fail('missing', scheme.timestampHeader);
      const instant = timestampInstant(stamp, scheme.timestamp);
      if (!instant) return fail('malformed', scheme.timestampHeader);
      if (Math.abs(request.now.getTime() - instant.getTime()) > scheme.windowSeconds * 1000)
        return fail('stale', scheme.timestampHeader);
      const signature = request.header(scheme.header);
      if (signature === undefined) return fail('missing', scheme.header);
      return signatureBytes(signature, 'sha256=') ? OK : fail('malformed', scheme.header);
    }
    case 'all':
      return allOf(scheme.schemes.map((part) => checkHeaders(part, request, secrets)));
    case 'any':
      return anyOf(scheme.schemes.map((part) => checkHeaders(part, request, secrets)));
  }
}

/** The whole check, over the exact bytes received. */
export function authenticate(
  scheme: AuthScheme,
  request: AuthRequest,
  rawBody: Uint8Array,
  secrets: readonly string[]
): AuthOutcome {
  switch (scheme.kind) {
    case 'hmac': {
      const given = signatureBytes(request.header(scheme.header), scheme.format);
      if (!given) return checkHeaders(scheme, request, secrets);
      return digestMatchesAny(given, secrets, [rawBody]) ? OK : fail('mismatch', scheme.header);
    }
    case 'timestamped-hmac': {
      const before = checkHeaders(scheme, request, secrets);
      if (!before.ok) return before;
      const stamp = (request.header(scheme.timestampHeader) ?? '').trim();
      const given = signatureBytes(request.header(scheme.header), 'sha256=') as Buffer;
      // The timestamp as sent, so the signed text is exactly what the sender signed.
      return digestMatchesAny(given, secrets, [stamp, '.', rawBody]) ? OK : fail('mismatch', scheme.header);
    }
    case 'all':
      return allOf(scheme.schemes.map((part) => authenticate(part, request, rawBody, secrets)));
    case 'any':
      return anyOf(scheme.schemes.map((part) => authenticate(part, request, rawBody, secrets)));
    default:
      return checkHeaders(scheme, request, secrets);
  }
}

function allOf(outcomes: AuthOutcome[]): AuthOutcome {
  return outcomes.find((outcome) => !outcome.ok) ?? OK;
}

/** The first success, else the most telling failure (a wrong credential before an absent one). */
function anyOf(outcomes: AuthOutcome[]): AuthOutcome {
  if (outcomes.some((outcome) => outcome.ok)) return OK;
  const rank: Record<AuthFailure, number> = { stale: 0, mismatch: 1, malformed: 2, missing: 3 };
  const failures = outcomes.filter((outcome): outcome is Extract<AuthOutcome, { ok: false }> => !outcome.ok);
  return failures.sort((a, b) => rank[a.failure] - rank[b.failure])[0] ?? fail('missing', 'Authorization');
}

/** The sentence a refusal answers with: which header, and what was wrong, never the expected value. */
export function describeAuthFailure(outcome: Extract<AuthOutcome, { ok: false }>): string {
  switch (outcome.failure) {
    case 'missing':
      return `The ${outcome.header} header is missing.`;
    case 'malformed':
      return `The ${outcome.header} header is not in the form this endpoint expects.`;
    case 'stale':
      return `The ${outcome.header} header is more than ${TIMESTAMP_WINDOW_SECONDS / 60} minutes away from the site's time: the delivery is refused as a possible replay.`;
    case 'mismatch':
      return `The ${outcome.header} header does not match this endpoint's secret.`;
  }
}
