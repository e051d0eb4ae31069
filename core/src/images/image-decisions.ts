import type { ImageWarning } from '../contracts';
import type { ImportPlan } from './images-to-import';
import { warningSource } from './library-names';
import { refusalBeforeFetch, type SourcePolicy } from './source-refusal';

/** Every decision about an article's images that needs no fetch: the publish's and the dry run's one answer. */
export interface ImageDecisions {
  /** Inline sources the import fetches (or finds imported before), in document order. */
  toFetch: string[];
  /** The featured image, when the import may fetch it. */
  featured: ImportPlan['featured'];
  /** Why the featured image is refused without a fetch. */
  featuredRefusal: string | undefined;
  /** One warning per refused image: the sanitizer's refusals, those over the limit, those refused before a fetch. */
  warnings: ImageWarning[];
  /** The inline sources those warnings are about, as the body names them. */
  refusedSources: string[];
}

/**
 * The images of an article as the import will treat them, decided from the sources and the settings
 * alone. `sanitizerRefusals` are the images the sanitizer removed from the body (`article.refusedImages`).
 * Only what a fetch finds (an unreachable host, an HTTP error, bytes that are no image) is left to the import.
 */
export function decideImages(
  sanitizerRefusals: readonly ImageWarning[],
  plan: ImportPlan,
  policy: SourcePolicy
): ImageDecisions {
  const warnings: ImageWarning[] = [...sanitizerRefusals, ...plan.warnings];
  const refusedSources: string[] = [...plan.leftOut];
  const toFetch: string[] = [];
  for (const source of plan.inline.keys()) {
    const refusal = refusalBeforeFetch(source, policy);
    if (refusal === undefined) toFetch.push(source);
    else {
      refusedSources.push(source);
      warnings.push({ source_url: warningSource(source), reason: refusal });
    }
  }
  const featuredRefusal = plan.featured ? refusalBeforeFetch(plan.featured.source, policy) : undefined;
  return {
    toFetch,
    featured: featuredRefusal === undefined ? plan.featured : undefined,
    featuredRefusal,
    warnings,
    refusedSources,
  };
}
