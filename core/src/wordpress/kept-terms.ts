import { suffixedSlug } from '../category-slug';
import { REQUEST_BOUNDS } from '../request-bounds';
import { toSlug } from '../slug';
import type { TargetProfile } from '../target-profile/profile';
import type { Taxonomy } from './term-json';

/**
 * Terms the plugin keeps itself: every WordPress has categories and tags, so on a target without a
 * relation for one of them the door still creates, lists and links its terms (docs/wordpress.md).
 */

/** Alternatives tried for a taken generated slug (`-2` ... `-N`) before one made of the time is used. */
export const MAX_TERM_SLUG_SUFFIX = 100;

type TermsTarget = Pick<TargetProfile, 'uid' | 'categories' | 'tags' | 'seo'>;

/** Whether the plugin keeps this taxonomy's terms on this target (it has no relation for it). */
export function keepsTerms(target: Pick<TargetProfile, 'categories' | 'tags'>, taxonomy: Taxonomy): boolean {
  const role = taxonomy === 'category' ? target.categories : target.tags;
  return role?.kind !== 'relation';
}

/**
 * The slugs a new term may take, in order, as wp_insert_term and wp_unique_term_slug choose them: the
 * slug sent (only that one: a taken slug sent is `duplicate_term_slug`), else the name's, then for a
 * child category the name's with its parent's slug, then `-2`, `-3`, ...
 */
export function termSlugCandidates(
  name: string,
  requestedSlug: string | undefined,
  parentSlug: string | undefined,
  now: number = Date.now()
): string[] {
  if (requestedSlug?.trim()) return [toSlug(requestedSlug)];
  const base = toSlug(name);
  const candidates = [base];
  if (parentSlug) candidates.push(`${base}-${parentSlug}`.slice(0, REQUEST_BOUNDS.slugLength));
  for (let n = 2; n <= MAX_TERM_SLUG_SUFFIX; n++)
    candidates.push(suffixedSlug(base, n, REQUEST_BOUNDS.slugLength));
  candidates.push(suffixedSlug(base, now, REQUEST_BOUNDS.slugLength));
  return candidates;
}

/** Where the names of tags go on an entry: the fields the keywords fill. */
function keywordPlaces(target: TermsTarget): string[] {
  const places: string[] = [];
  const keywords = target.seo?.keywords;
  if (keywords)
    places.push(
      target.seo?.kind === 'component'
        ? `the SEO keywords (${target.seo.field}.${keywords.field})`
        : `the SEO keywords (${keywords.field})`
    );
  if (target.tags && target.tags.kind !== 'relation') places.push(`the tags field (${target.tags.field})`);
  return places;
}

/** The activity log's line for plugin-kept terms linked to a post: where their names went, or that they went nowhere. */
export function keptTermsWarning(
  target: TermsTarget,
  taxonomy: Taxonomy,
  names: string[]
): string | undefined {
  if (!names.length) return undefined;
  const listed = names.map((name) => `"${name}"`).join(', ');
  if (taxonomy === 'post_tag') {
    const kept = `The tags ${listed} are kept by the plugin (${target.uid} has no tag relation)`;
    const places = keywordPlaces(target);
    return places.length
      ? `${kept}; their names went into ${places.join(' and ')}.`
      : `${kept}; their names have nowhere to go on the entry (no keywords or tags field): only the WordPress door answers them.`;
  }
  const kept = `The categories ${listed} are kept by the plugin (${target.uid} has no category relation)`;
  const role = target.categories;
  return role && role.kind !== 'relation'
    ? `${kept}; the first one's name went into ${role.field} where it fits.`
    : `${kept}; their names have nowhere to go on the entry (no category field): only the WordPress door answers them.`;
}
