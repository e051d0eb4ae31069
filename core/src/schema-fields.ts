import { z } from 'zod';
import { removeControlCharacters, singleLineText, urlText } from './control-characters';
import { isAcceptedImageSource } from './image-source';
import {
  htmlNestsDeeperThan,
  jsonLdScriptTexts,
  jsonNestsDeeperThan,
  MAX_HTML_DEPTH,
  MAX_JSON_DEPTH,
  tryParseJson,
} from './nesting';

/** Optional text field: the service sometimes sends null or an empty string for "none". */
export const optionalText = (max: number) =>
  z
    .string()
    .overwrite(singleLineText)
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

/** A required one-line text (a title): controls removed before it is trimmed and measured. */
export const requiredLine = (max: number) =>
  z
    .string({ error: 'is required' })
    .overwrite(singleLineText)
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/**
 * An image reference: an https URL or an image data URL. `http:` is let through here only so that
 * ARTICLE_PUBLISHER_ALLOW_HTTP can work; the image fetcher enforces the real rule.
 */
export const imageSource = () =>
  z
    .string()
    .max(30_000_000)
    .overwrite(urlText)
    .nullish()
    .refine(
      (value) => !value || isAcceptedImageSource(value, true),
      'must be an https URL or a data:image/...;base64 URL'
    );

const JSON_TOO_DEEP = `nests more than ${MAX_JSON_DEPTH} levels deep (the limit)`;

/**
 * The article's HTML body: controls removed, and refused when its elements, or the JSON of one of
 * its JSON-LD script blocks, nest deeper than the limits (nesting.ts) — checked before any other
 * step parses it.
 */
export const articleHtml = (max: number) =>
  z
    .string({ error: 'is required' })
    .overwrite(removeControlCharacters)
    .min(1, 'is required')
    .max(max, 'is too long')
    .superRefine((html, context) => {
      if (html.length > max) return;
      if (htmlNestsDeeperThan(html, MAX_HTML_DEPTH)) {
        context.addIssue({
          code: 'custom',
          message: `nests HTML elements more than ${MAX_HTML_DEPTH} levels deep (the limit)`,
        });
        return;
      }
      const deepBlock = jsonLdScriptTexts(html).some((text) => {
        const parsed = tryParseJson(text);
        return parsed !== undefined && jsonNestsDeeperThan(parsed.value, MAX_JSON_DEPTH);
      });
      if (deepBlock)
        context.addIssue({ code: 'custom', message: `has a JSON-LD script block that ${JSON_TOO_DEEP}` });
    });

/** JSON-LD as JSON text (integration A's json_ld_schema): valid JSON, nested within the limit. */
export const jsonLdText = () =>
  z
    .string()
    .nullish()
    .superRefine((text, context) => {
      if (!text) return;
      const parsed = tryParseJson(text);
      if (parsed === undefined) context.addIssue({ code: 'custom', message: 'must be valid JSON text' });
      else if (jsonNestsDeeperThan(parsed.value, MAX_JSON_DEPTH))
        context.addIssue({ code: 'custom', message: JSON_TOO_DEEP });
    });

/** JSON-LD as a JSON value (integration B's schema_markup): an object or array, nested within the limit. */
export const jsonLdValue = () =>
  z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .nullish()
    .refine(
      (value) => value === null || value === undefined || !jsonNestsDeeperThan(value, MAX_JSON_DEPTH),
      JSON_TOO_DEEP
    );
