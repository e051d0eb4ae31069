/** Image types the plugin accepts (never SVG: it can carry scripts). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i;

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

export function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  return new URL(value).protocol === 'https:';
}

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  return new URL(value).protocol === 'http:';
}

/** What the schemas accept as an image reference: an https URL or an image data URL. */
export function isAcceptedImageSource(value: string, allowHttp = false): boolean {
  return isHttpsUrl(value) || (allowHttp && isHttpUrl(value)) || parseImageDataUrl(value) !== null;
}
