import type { ImageWarning } from '../contracts';
import { judgeImageSource } from '../image-source';
import type { InlineImage } from './inline-images';
import { warningSource } from './library-names';
import { siteUploadPath, type SiteMediaAddresses } from './site-media';

/** Which of an article's images a delivery imports, decided before anything is fetched. */
export interface ImportPlan {
  /** Distinct inline sources to import, in document order, with the first alt text each had. */
  inline: Map<string, string | undefined>;
  /** The featured image, when the target has a field for it. */
  featured: { source: string; alt: string | undefined } | undefined;
  /** The featured image was given but the target has no media field for it. */
  featuredWithoutField: boolean;
  /** Inline images left out (over the limit). */
  warnings: ImageWarning[];
  /** The sources of those warnings, as the body names them. */
  leftOut: string[];
}

export interface ImportRules {
  allowHttp: boolean;
  maxInlineImages: number;
  /** The site's own absolute URL (`server.absoluteUrl`); images already under it are not imported. */
  serverUrl: string;
  /** The site's own addresses: an image under its uploads path is the site's, never fetched. */
  siteMedia?: SiteMediaAddresses;
  /** Sources found to name a file of the media library: placed as that file, never fetched. */
  librarySources?: ReadonlySet<string>;
}

/** Whether a source is the site's own already: under its URL, its uploads, or a library file's address. */
function isSiteOwn(src: string, rules: ImportRules): boolean {
  if (rules.serverUrl !== '' && src.startsWith(`${rules.serverUrl}/`)) return true;
  if (rules.librarySources?.has(src)) return true;
  return rules.siteMedia !== undefined && siteUploadPath(src, rules.siteMedia) !== null;
}

/**
 * The images to import (a pure function of the article and the settings): each distinct inline
 * source the rules import that is not already the site's own, up to the limit (the rest a warning
 * each), and the featured image when the target can hold it.
 */
export function imagesToImport(
  images: readonly InlineImage[],
  featuredImage: { source: string; alt: string | undefined } | undefined,
  hasFeaturedImageField: boolean,
  rules: ImportRules
): ImportPlan {
  const candidates = new Map<string, string | undefined>();
  for (const image of images) {
    const { imported } = judgeImageSource(image.src, rules.allowHttp);
    if (imported && !isSiteOwn(image.src, rules) && !candidates.has(image.src))
      candidates.set(image.src, image.alt);
  }
  const sources = [...candidates.keys()];
  const inline = new Map(
    sources.slice(0, rules.maxInlineImages).map((source) => [source, candidates.get(source)])
  );
  const leftOut = sources.slice(rules.maxInlineImages);
  const warnings = leftOut.map((source) => ({
    source_url: warningSource(source),
    reason: `not imported: the article has more than ${rules.maxInlineImages} inline images`,
  }));
  return {
    inline,
    featured: featuredImage && hasFeaturedImageField ? featuredImage : undefined,
    featuredWithoutField: Boolean(featuredImage) && !hasFeaturedImageField,
    warnings,
    leftOut,
  };
}
