import type { TargetProfile, BodySlot, SeoSlots } from './profile';

/**
 * Parts of a post an update did not carry, which the entry keeps exactly as stored (WordPress's
 * `POST /posts/{id}` changes only what it sends).
 */
export interface KeptParts {
  /** The body, and what is derived from it alone: the reading time, a summary not sent. */
  body?: boolean;
  /** The SEO title and description (no `meta` sent). */
  seo?: boolean;
  /** The slug (an update by id never renames its post). */
  slug?: boolean;
}

const KEPT_SEO_SLOTS: ReadonlyArray<keyof SeoSlots> = ['title', 'description'];

/**
 * Takes the kept parts out of an entry's planned data, so that the write leaves them as stored: a
 * flat field is left out; inside an SEO component (which is written whole), the stored values are
 * put back. Runs only on an update (`existing` is the entry as stored).
 */
export function keepStoredParts(
  profile: TargetProfile<BodySlot>,
  data: Record<string, unknown>,
  existing: Record<string, unknown>,
  kept: KeptParts,
  options: { summarySent: boolean }
): void {
  if (kept.slug && profile.slug) delete data[profile.slug.field];
  if (kept.body) {
    if (profile.body) delete data[profile.body.field];
    if (profile.readingTime) delete data[profile.readingTime.field];
    if (profile.summary && !options.summarySent) delete data[profile.summary.field];
  }
  if (kept.seo && profile.seo) {
    const seo = profile.seo;
    if (seo.kind === 'flat') {
      for (const slot of KEPT_SEO_SLOTS) {
        const ref = seo[slot];
        if (ref) delete data[ref.field];
      }
      return;
    }
    const planned = firstOf(data[seo.field]);
    const stored = firstOf(existing[seo.field]);
    if (!planned || !stored) return;
    for (const slot of KEPT_SEO_SLOTS) {
      const ref = seo[slot];
      if (!ref) continue;
      if (stored[ref.field] === undefined) delete planned[ref.field];
      else planned[ref.field] = stored[ref.field];
    }
  }
}

/** A component value, or a repeatable one's first entry (the one the plugin writes). */
function firstOf(value: unknown): Record<string, unknown> | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : undefined;
}
