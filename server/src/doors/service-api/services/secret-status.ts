import type { SecretStatus } from '../../../../../core/src/contracts';

/**
 * What the admin is shown of a credential (the API key, the webhook secret): set by an environment
 * variable, stored from the admin (its hint and date, never the secret), or none.
 */
export async function secretStatus(
  fromEnvironment: boolean,
  readStored: () => Promise<{ hint: string; createdAt: string } | null | undefined>
): Promise<SecretStatus> {
  if (fromEnvironment) return { source: 'environment', hint: null, createdAt: null };
  const stored = await readStored();
  if (!stored) return { source: 'none', hint: null, createdAt: null };
  return { source: 'admin', hint: stored.hint, createdAt: stored.createdAt };
}
