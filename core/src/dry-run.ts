import { describeSource } from './blocks/links';
import type { ImageWarning } from './contracts';
import type { TargetReport } from './publish-target';

/** What `publish-post?dry_run=true` answers: what a publish would write, with nothing fetched or written. */
export interface DryRunResponse {
  status: 'success';
  dry_run: true;
  /** Whether a publish would create an entry or update the one with this slug. */
  action: 'create' | 'update';
  target: TargetReport;
  /** The entry's fields as a publish would write them, fitted; the body shortened. */
  values: Record<string, unknown>;
  /** The categories a publish would link (by name; created when missing). */
  categories: string[];
  tags: string[];
  /**
   * Images a publish would import: the featured image and the inline images (not fetched now), and
   * `warnings`, the publish's `images.warnings` for every image it refuses without fetching it.
   */
  images: { featured_image: string | null; inline: string[]; warnings: ImageWarning[] };
  warnings: string[];
}

const MAX_TEXT = 300;
const MAX_ENTRIES = 5;

/**
 * A body as the dry run shows it: text over 300 characters cut with its full length said, a list
 * (blocks, zone components) cut to its first five entries with the count of the others.
 */
export function shortenedBody(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} characters)` : value;
  }
  if (Array.isArray(value)) {
    const shown = value.slice(0, MAX_ENTRIES).map(shortenedBody);
    return value.length > MAX_ENTRIES ? [...shown, `… (${value.length - MAX_ENTRIES} more)`] : shown;
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, shortenedBody(entry)]));
  }
  return value;
}

/**
 * The dry run fetches no image, so the body is laid out as if each inline image had been imported:
 * a zone gets its media components (file 0: no file exists yet). Warnings that an image is not in the
 * media library are the dry run's own, not the publish's, and are left out.
 */
export function placeholderLibraryFiles(
  sources: readonly string[]
): Map<string, { id: number; url: string }> {
  return new Map(sources.map((source) => [source, { id: 0, url: source }]));
}

export function withoutImportWarnings(warnings: readonly string[], sources: readonly string[]): string[] {
  return warnings.filter(
    (warning) =>
      !(
        /not in the media library/.test(warning) &&
        sources.some((source) => warning.includes(describeSource(source)))
      )
  );
}
