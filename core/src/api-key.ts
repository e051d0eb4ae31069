import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefix that makes a leaked key recognisable to secret scanners and people. */
export const API_KEY_PREFIX = 'apk_';

/** A new key: 32 random bytes, base64url, prefixed. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * Keys are stored as SHA-256 digests. A generated key carries 256 bits of entropy, so a slow
 * password hash would add latency to every request without adding safety.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares a presented key with a stored digest in constant time. */
export function secretMatchesHash(candidate: string, storedHash: string): boolean {
  const candidateDigest = Buffer.from(hashSecret(candidate), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === candidateDigest.length && timingSafeEqual(candidateDigest, stored);
}

/** Compares two secrets in constant time (through their digests, so lengths never leak). */
export function secretsEqual(candidate: string, expected: string): boolean {
  return secretMatchesHash(candidate, hashSecret(expected));
}

/** The last characters of a key, enough for a person to tell keys apart. */
export function keyHint(key: string): string {
  return `…${key.slice(-4)}`;
}
