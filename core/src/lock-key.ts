import { createHash } from 'node:crypto';

/** Width of the lock table's key column (varchar(255) on PostgreSQL and MySQL). */
export const LOCK_KEY_MAX_LENGTH = 255;

/** How much of a long name stays readable in its key (for a person looking at the lock table). */
const READABLE_PREFIX_LENGTH = 100;
const DIGEST_MARK = '#sha256:';

/**
 * The lock table key of a lock name. A name that fits is its own key; a longer one becomes a
 * readable prefix plus the SHA-256 of the whole name, so one name always gets one key and two names
 * share a key only if SHA-256 collides. A name that already contains the digest mark is digested
 * too, so it cannot pose as another name's key. Lengths count code points, as the databases count
 * characters.
 */
export function lockKey(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= LOCK_KEY_MAX_LENGTH && !name.includes(DIGEST_MARK)) return name;
  const digest = createHash('sha256').update(name, 'utf8').digest('hex');
  return `${characters.slice(0, READABLE_PREFIX_LENGTH).join('')}${DIGEST_MARK}${digest}`;
}
