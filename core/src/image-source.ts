/** Image types the plugin accepts (never SVG: it can carry scripts). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i;
const SCHEME = /^\s*([a-z][a-z0-9+.-]*):/i;

export interface DataUrlImage {
  mimeType: string;
  base64: string;
}

/** Parses `data:image/...;base64,...`; null for anything else. */
export function parseImageDataUrl(value: string): DataUrlImage | null {
  const match = DATA_URL.exec(value.trim());
  if (!match) return null;
  return { mimeType: match[1].toLowerCase(), base64: match[2].replace(/\s+/g, '') };
}

/** What an image source is; every place that accepts or refuses one goes by this. */
export type ImageSourceKind =
  | 'https'
  | 'http'
  /** A base64 data URL of one of IMAGE_MIME_TYPES. */
  | 'image-data'
  /** A base64 data URL of another image type (SVG, ...). */
  | 'other-image-data'
  /** Any other data URL (text, HTML, not base64, ...). */
  | 'other-data'
  /** No scheme: a path on the site itself, left as it is. */
  | 'relative'
  /** file:, ftp:, javascript:, ... */
  | 'other-scheme';

interface ImageSourceRule {
  /** Whether an inline image keeps this src; `with allowHttp` only when images.allowHttp is on. */
  inBody: 'kept' | 'removed' | 'with allowHttp';
  /** Whether a kept inline image is copied into the media library. */
  imported: boolean;
  /** Whether the request schemas take it as the featured image (the import then judges its bytes). */
  featured: boolean;
  /** The warning when a body loses it; without one the image is removed silently. */
  refusal?: (scheme: string) => string;
}

/** The one table of which image sources are accepted, and where. */
export const IMAGE_SOURCE_RULES: Readonly<Record<ImageSourceKind, ImageSourceRule>> = {
  https: { inBody: 'kept', imported: true, featured: true },
  http: {
    inBody: 'with allowHttp',
    imported: true,
    featured: true,
    refusal: () => 'http image URLs are refused (images.allowHttp is off)',
  },
  'image-data': { inBody: 'kept', imported: true, featured: true },
  'other-image-data': { inBody: 'removed', imported: false, featured: true },
  'other-data': { inBody: 'removed', imported: false, featured: false },
  relative: { inBody: 'kept', imported: false, featured: false },
  'other-scheme': {
    inBody: 'removed',
    imported: false,
    featured: false,
    refusal: (scheme) => `${scheme} image URLs are refused`,
  },
};

const schemeOf = (src: string) => SCHEME.exec(src)?.[1]?.toLowerCase();

function kindOf(src: string, scheme: string | undefined): ImageSourceKind {
  if (scheme === undefined) return 'relative';
  if (scheme === 'https' || scheme === 'http') return scheme;
  if (scheme !== 'data') return 'other-scheme';
  const image = parseImageDataUrl(src);
  if (!image) return 'other-data';
  return (IMAGE_MIME_TYPES as readonly string[]).includes(image.mimeType) ? 'image-data' : 'other-image-data';
}

/** Sorts a source into its kind (leading white space and the scheme's case do not matter). */
export function imageSourceKind(src: string): ImageSourceKind {
  return kindOf(src, schemeOf(src));
}

export interface ImageSourceVerdict {
  kind: ImageSourceKind;
  /** An inline image keeps it as its src. */
  kept: boolean;
  /** An inline image with it is copied into the media library. */
  imported: boolean;
  /** Why a body loses it, for a warning; undefined when kept or removed silently. */
  refusal: string | undefined;
}

/** What becomes of an inline image's src, by IMAGE_SOURCE_RULES. */
export function judgeImageSource(src: string, allowHttp: boolean): ImageSourceVerdict {
  const scheme = schemeOf(src);
  const kind = kindOf(src, scheme);
  const rule = IMAGE_SOURCE_RULES[kind];
  const kept = rule.inBody === 'kept' || (rule.inBody === 'with allowHttp' && allowHttp);
  return {
    kind,
    kept,
    imported: kept && rule.imported,
    refusal: kept ? undefined : rule.refusal?.(scheme ?? ''),
  };
}

/** What the schemas accept as an image reference: a well-formed URL or a data URL of a featured kind. */
export function isAcceptedImageSource(value: string, allowHttp = false): boolean {
  const kind = imageSourceKind(value);
  if (!IMAGE_SOURCE_RULES[kind].featured || (kind === 'http' && !allowHttp)) return false;
  // A URL must also parse; a data URL was parsed to find its kind.
  return kind === 'https' || kind === 'http' ? URL.canParse(value.trim()) : true;
}
