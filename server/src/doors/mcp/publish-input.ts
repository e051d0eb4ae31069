import { z } from 'zod';
import { publishRequestSchema } from '../../../../core/src/publish-request';
import { REQUEST_BOUNDS as BOUNDS } from '../../../../core/src/request-bounds';
import { sentAsIs } from './tool-input';

/**
 * How `content` is written. Said, not guessed: a short text without tags reads as HTML and as Markdown
 * alike, and a guess that turns `# Title` into a heading, or `a_b_c` into emphasis, the agent did not
 * ask for would be worse than a paragraph it can see and resend. HTML unless said otherwise, as on
 * publish-post.
 */
export const contentFormatSchema = z
  .enum(['html', 'markdown'])
  .optional()
  .describe(
    'How content is written: "html" (the default) or "markdown" (GitHub-flavoured: headings, lists, tables, links, images), converted to HTML and then sanitized like HTML.'
  );

type RequestField = keyof typeof publishRequestSchema.shape;

/** What an agent's model reads of each field of the publish request: what it is, its format, an example. */
const FIELD_DESCRIPTIONS: Record<RequestField, string> = {
  title: 'The article’s title, one line (also its SEO title). Example: "Watering a Lawn in Summer".',
  content:
    'The article’s body: HTML (<h2>, <p>, <ul>, <img src>, ...) or, with content_format "markdown", Markdown. No <h1>: the title is the heading. Inline images (https or data: URLs) are imported into the Media Library.',
  slug: 'The URL slug (lowercase words joined by hyphens), derived from the title when left out. The slug identifies the post: publishing the same slug again updates it. Example: "watering-a-lawn-in-summer".',
  status:
    'draft, publish (live on the site), pending (a draft awaiting review) or future (scheduled: give date, in the future). Left out: the site’s default status (article_publisher_site does not change it; say publish to go live).',
  date: 'When the post is (or was) published: ISO 8601 date-time with an offset, such as "2026-11-22T08:00:00+02:00". Required with status future.',
  focus_keyword: 'The SEO focus keyword (a short phrase); also the post’s tag. Example: "lawn watering".',
  meta_description: 'The SEO meta description: one or two sentences, about 150 characters.',
  featured_image:
    'The cover image: an https URL, or a data URL ("data:image/png;base64,..."). Imported into the Media Library.',
  featured_image_alt: 'The cover image’s alt text: what the image shows.',
  json_ld_schema:
    'Structured data as JSON text (a string, not an object), such as "{\\"@context\\":\\"https://schema.org\\",\\"@type\\":\\"Article\\"}".',
  category:
    'A category by name, found or created. Example: "Gardening". To use existing categories by id, use categories.',
  sub_category: 'A child category of category, by name, found or created. Example: "Lawns".',
  categories:
    'Existing categories by id (integers, as article_publisher_site lists them), such as [3, 7]. Names go in category and sub_category.',
  locale:
    'On a multilingual site, the locale the article is written in (a code such as "en" or "fr-CA"); the site’s default when left out.',
};

/**
 * The publish tool's input: the contract's publish request (publish-post's own zod schema, core/src/
 * publish-request.ts), each field described, with `content_format` and `dry_run`. `categories` is shown
 * as the integer array it is (the request schema checks its count before its items, a pipe whose JSON
 * Schema has no item type).
 */
export function publishToolInput() {
  const described = Object.fromEntries(
    Object.entries(publishRequestSchema.shape).map(([field, schema]) => [
      field,
      schema.describe(FIELD_DESCRIPTIONS[field as RequestField]),
    ])
  ) as typeof publishRequestSchema.shape;
  return sentAsIs(
    z.object({
      ...described,
      categories: z
        .array(z.int().positive().max(BOUNDS.categoryId))
        .max(BOUNDS.categoryIds)
        .nullish()
        .describe(FIELD_DESCRIPTIONS.categories),
      content_format: contentFormatSchema,
      dry_run: z
        .boolean()
        .optional()
        .describe(
          'true: validate, map and fit the article as a publish would, and write nothing (needs no write right).'
        ),
    })
  );
}
