import { z } from 'zod';
import { isAcceptedImageSource } from './image-source';

/** Optional text field: the service sometimes sends null or an empty string for "none". */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

/**
 * An image reference: an https URL or an image data URL. `http:` is let through here only so that
 * ARTICLE_PUBLISHER_ALLOW_HTTP can work; the image fetcher enforces the real rule.
 */
export const imageSource = () =>
  z
    .string()
    .max(30_000_000)
    .nullish()
    .refine((value) => !value || isAcceptedImageSource(value, true), 'must be an https URL or a data:image/...;base64 URL');
