import { randomInt } from 'node:crypto';
import { hashSecret, secretMatchesHash, secretsEqual } from '../api-key';

/** WordPress's generated length (WP_Application_Passwords::PW_LENGTH). */
export const APPLICATION_PASSWORD_LENGTH = 24;

/** `wp_generate_password( 24, false )`'s alphabet: letters and digits, no special characters. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new password: 24 characters drawn uniformly from 62 (about 143 bits), unchunked. */
export function generateApplicationPassword(): string {
  let password = '';
  // randomInt draws without modulo bias.
  for (let index = 0; index < APPLICATION_PASSWORD_LENGTH; index += 1) password += ALPHABET[randomInt(62)];
  return password;
}

/** How WordPress shows one: groups of four separated by spaces (`chunk_password`). */
export function chunkApplicationPassword(password: string): string {
  return (normalizeApplicationPassword(password).match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * What is compared: WordPress strips everything but letters and digits, so a password works with or
 * without the spaces of its groups (generated passwords are letters and digits only).
 */
export function normalizeApplicationPassword(password: string): string {
  return password.replace(/[^a-z\d]/gi, '');
}

/** Logins compare case-insensitively (they are admin email addresses, which Strapi stores lowercased). */
export function normalizeLogin(login: string): string {
  return login.trim().toLowerCase();
}

/**
 * The stored form: a SHA-256 digest of the normalized password, as for the API key. A generated
 * password carries ~143 bits, so a slow password hash would only add latency (WordPress 6.8 moved
 * application passwords to a fast hash for the same reason).
 */
export function hashApplicationPassword(password: string): string {
  return hashSecret(normalizeApplicationPassword(password));
}

/** Compares a presented password with a stored digest in constant time. */
export function applicationPasswordMatches(candidate: string, storedHash: string): boolean {
  return secretMatchesHash(normalizeApplicationPassword(candidate), storedHash);
}

/** `login:password` from ARTICLE_PUBLISHER_WP_APP_PASSWORD, or null when it has no `:`. */
export interface EnvironmentApplicationPassword {
  login: string;
  password: string;
}

/** Splits at the first `:` (a login never holds one; a password may). */
export function parseEnvironmentApplicationPassword(value: string): EnvironmentApplicationPassword | null {
  const colon = value.indexOf(':');
  if (colon <= 0) return null;
  const login = normalizeLogin(value.slice(0, colon));
  const password = normalizeApplicationPassword(value.slice(colon + 1));
  return login ? { login, password } : null;
}

/** Whether presented credentials are the environment's (constant-time on the password). */
export function matchesEnvironmentPassword(
  configured: EnvironmentApplicationPassword,
  login: string,
  password: string
): boolean {
  const passwordMatches = secretsEqual(normalizeApplicationPassword(password), configured.password);
  return passwordMatches && normalizeLogin(login) === configured.login;
}
