import { z } from 'zod';
import { removeControlCharacters, singleLineText, urlText } from './control-characters';
import { isAcceptedImageSource } from './image-source';
import { jsonNestsDeeperThan, tryParseJson } from './nesting';
import { REQUEST_BOUNDS } from './request-bounds';
import { tagsOfKeywords } from './target-profile/derive';

/** The request schemas' field types, each bounded by request-bounds.ts. */

const atMostCharacters = (max: number) => `must be at most ${max} characters`;

/**
 * A required text's type error, worded by what was sent (zod 4 hands an error function the input,
 * though not the issue it reports): absent is "is required", anything else "must be a string".
 */
const requiredString = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : 'must be a string';

/** One-line text: controls and invisible formatting removed (control-characters.ts) before it is measured. */
export const lineText = (max: number) => z.string().overwrite(singleLineText).max(max, atMostCharacters(max));

/** Optional text field: the service sometimes sends null or an empty string for "none". */
export const optionalText = (max: number) =>
  lineText(max)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

/** A required one-line text (a title): controls removed before it is trimmed and measured. */
export const requiredLine = (max: number) =>
  z
    .string({ error: requiredString })
    .overwrite(singleLineText)
    .trim()
    .min(1, 'is required')
    .max(max, atMostCharacters(max));

/** A text the plugin receives but does not use (the webhook's event, format, ...): only bounded. */
export const label = () =>
  z.string().max(REQUEST_BOUNDS.labelLength, atMostCharacters(REQUEST_BOUNDS.labelLength)).nullish();

/**
 * An array of at most `max` items. The count is checked before the items, so an array far over the
 * bound is one issue ("must have at most 100 entries"), not one per item.
 */
export const boundedArray = <Item extends z.ZodType>(
  item: Item,
  max: number
): z.ZodType<z.output<Item>[], z.input<Item>[]> =>
  z
    .array(z.unknown())
    .max(max, `must have at most ${max} entries`)
    .pipe(z.array(item)) as unknown as z.ZodType<z.output<Item>[], z.input<Item>[]>;

/** A URL, or an image as a data: URL: bounded, controls removed. */
export const imageUrl = () =>
  z
    .string()
    .max(REQUEST_BOUNDS.imageSourceLength, atMostCharacters(REQUEST_BOUNDS.imageSourceLength))
    .overwrite(urlText);

/**
 * An image reference: an https URL or an image data URL. `http:` is let through here only so that
 * ARTICLE_PUBLISHER_ALLOW_HTTP can work; the image fetcher enforces the real rule.
 */
export const imageSource = () =>
  imageUrl()
    .nullish()
    .refine(
      (value) => !value || isAcceptedImageSource(value, true),
      'must be an https URL or a data:image/...;base64 URL'
    );

const { jsonLdBytes, jsonLdDepth } = REQUEST_BOUNDS;
/** How a JSON-LD document over the depth bound is refused, after its field's name (also for the body's blocks). */
export const JSON_TOO_DEEP = `nests more than ${jsonLdDepth} levels deep (the limit)`;
const JSON_TOO_LARGE = `is larger than ${jsonLdBytes / 1024} KB (the limit)`;
/** Text's size as the JSON-LD bounds count it: UTF-8 bytes. */
export const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * The article's HTML body: controls removed, and refused over its length bound. The bounds only a
 * parser can measure (nesting depth, `<img>` count, JSON-LD blocks) are checked by the sanitizing
 * pass when the article is normalized (core/src/html/body-bounds.ts), so the HTML is not parsed
 * once more for them (issue #30).
 */
export const articleHtml = () =>
  z
    .string({ error: requiredString })
    .overwrite(removeControlCharacters)
    .min(1, 'is required')
    .max(REQUEST_BOUNDS.contentLength, atMostCharacters(REQUEST_BOUNDS.contentLength));

/** Text the plugin receives but does not use, as long as a body may be (the webhook's plain_content). */
export const longText = () =>
  z.string().max(REQUEST_BOUNDS.contentLength, atMostCharacters(REQUEST_BOUNDS.contentLength)).nullish();

/** JSON-LD as JSON text (integration A's json_ld_schema): valid JSON, within the size and depth bounds. */
export const jsonLdText = () =>
  z
    .string()
    .nullish()
    .superRefine((text, context) => {
      if (!text) return;
      const refuse = (message: string) => context.addIssue({ code: 'custom', message });
      // Measured before it is parsed: a text far over the bound is not parsed at all.
      if (text.length > jsonLdBytes || utf8Bytes(text) > jsonLdBytes) return refuse(JSON_TOO_LARGE);
      const parsed = tryParseJson(text);
      if (parsed === undefined) refuse('must be valid JSON text');
      else if (jsonNestsDeeperThan(parsed.value, jsonLdDepth)) refuse(JSON_TOO_DEEP);
    });

/** JSON-LD as a JSON value (integration B's schema_markup): an object or array, within the size and depth bounds. */
export const jsonLdValue = () =>
  z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .nullish()
    .superRefine((value, context) => {
      if (value === null || value === undefined) return;
      const refuse = (message: string) => context.addIssue({ code: 'custom', message });
      // The depth first: JSON.stringify recurses, and the bound keeps it shallow.
      if (jsonNestsDeeperThan(value, jsonLdDepth)) return refuse(JSON_TOO_DEEP);
      if (utf8Bytes(JSON.stringify(value)) > jsonLdBytes) refuse(JSON_TOO_LARGE);
    });

/** What a category name where an id belongs is told: where names go instead. */
export const CATEGORY_NAME_NOT_ID =
  'is a name, but categories takes category ids (integers); give category names in category and sub_category';

/** A category id: a positive integer no larger than a database id can be. */
export const categoryId = () =>
  z
    .number({
      error: (issue) => (typeof issue.input === 'string' ? CATEGORY_NAME_NOT_ID : 'must be integers'),
    })
    .int('must be integers')
    .positive('must be positive')
    .max(REQUEST_BOUNDS.categoryId, `must be at most ${REQUEST_BOUNDS.categoryId}`);

/**
 * Adds an issue at `path` when the keywords give more tags than the bound (split at commas, as the
 * keywords field joins them and the tags are read back from it).
 */
export function checkTagCount(
  keywords: ReadonlyArray<unknown>,
  path: string,
  context: z.RefinementCtx
): void {
  const texts = keywords.filter((keyword): keyword is string => typeof keyword === 'string');
  if (tagsOfKeywords(texts).length <= REQUEST_BOUNDS.tags) return;
  context.addIssue({
    code: 'custom',
    path: [path],
    message: `gives more than ${REQUEST_BOUNDS.tags} tags, counting the focus keyword and the secondary keywords split at commas (the limit)`,
  });
}
