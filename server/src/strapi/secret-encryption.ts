import type { Core } from '@strapi/strapi';

/**
 * Relies on: Strapi's admin encryption service (`strapi.admin.services.encryption`, Strapi 5.12+),
 * which encrypts with `admin.secrets.encryptionKey` (AES-256-GCM) and answers null when the app has no
 * key. Beyond its types: it is reached through `strapi.admin.services`, read defensively (an older
 * Strapi has none, and the secret is then kept as it is, with a warning).
 *
 * Why: a secret that verifies an HMAC must be read back, so it cannot be kept as a digest as the API
 * key is. The webhook secret and the secrets of the custom webhook endpoints are kept this way.
 */
interface EncryptionService {
  encrypt(value: string): string | null;
  decrypt(value: string): string | null;
}

/** A secret as stored: encrypted, or plain when the app has no encryption key. */
export interface SealedSecret {
  value: string;
  encrypted: boolean;
}

const encryption = (strapi: Core.Strapi) =>
  (strapi.admin?.services as Record<string, unknown> | undefined)?.encryption as
    | EncryptionService
    | undefined;

/** Encrypts a secret for storage; `what` names it in the warning logged when it cannot be. */
export function sealSecret(strapi: Core.Strapi, secret: string, what: string): SealedSecret {
  const encrypted = encryption(strapi)?.encrypt(secret) ?? null;
  if (encrypted) return { value: encrypted, encrypted: true };
  strapi.log.warn(
    `[article-publisher] admin.secrets.encryptionKey is not set: ${what} is stored unencrypted`
  );
  return { value: secret, encrypted: false };
}

/** The secret a sealed one holds, or null (logged) when it cannot be decrypted (a changed key). */
export function openSecret(strapi: Core.Strapi, sealed: SealedSecret, what: string): string | null {
  if (!sealed.encrypted) return sealed.value;
  const secret = encryption(strapi)?.decrypt(sealed.value) ?? null;
  if (!secret)
    strapi.log.error(`[article-publisher] ${what} cannot be decrypted (was the encryption key changed?)`);
  return secret || null;
}
