import { z } from 'zod';
import type { ArticleFields, CategorySelection } from './article';
import { STATUSES, type PostStatus } from './config';
import { REQUEST_BOUNDS as BOUNDS } from './request-bounds';
import {
  articleHtml,
  boundedArray,
  checkTagCount,
  imageSource,
  imageUrl,
  jsonLdValue,
  label,
  lineText,
  longText,
  optionalText,
  requiredLine,
} from './schema-fields';
import { parseWithSchema } from './publish-request';

const inlineImageSchema = z.object({
  url: imageUrl(),
  alt: lineText(BOUNDS.altLength).nullish(),
  order: z.number().int().nullish(),
  section_title: label(),
  placement: label(),
});

/** The service's `target_status`; "published" is read as "publish", the form WordPress users write. */
const targetStatus = label()
  .transform((value) => (value === 'published' ? 'publish' : value))
  .refine(
    (value) => value === null || value === undefined || (STATUSES as readonly string[]).includes(value),
    {
      message: `must be one of ${STATUSES.join(', ')}`,
    }
  );

/**
 * Integration B's payload (spec 2.5), every field bounded (request-bounds.ts) by the same rules as
 * the publish request's. Only what the article needs is required.
 */
export const webhookPayloadSchema = z
  .object({
    event: z
      .string({ error: 'is required' })
      .min(1, 'is required')
      .max(BOUNDS.labelLength, `must be at most ${BOUNDS.labelLength} characters`),
    /** When the service generated the payload; orders deliveries of one article (see webhook-replay.ts). */
    timestamp: z.iso
      .datetime({
        offset: true,
        local: true,
        error: 'must be an ISO 8601 date-time, such as 2026-11-22T08:00:00Z',
      })
      .nullish(),
    article_id: z
      .number({ error: 'must be an integer' })
      .int('must be an integer')
      .nonnegative('must not be negative'),
    website_id: z.number().int().nullish(),
    website_name: label(),
    title: requiredLine(BOUNDS.titleLength),
    slug: optionalText(BOUNDS.slugLength),
    focus_keyword: optionalText(BOUNDS.keywordLength),
    secondary_keywords: boundedArray(lineText(BOUNDS.keywordLength), BOUNDS.tags).nullish(),
    format: label(),
    html_content: articleHtml(),
    plain_content: longText(),
    meta_description: optionalText(BOUNDS.metaDescriptionLength),
    featured_image: imageSource(),
    featured_image_alt: optionalText(BOUNDS.altLength),
    inline_images: boundedArray(inlineImageSchema, BOUNDS.inlineImages).nullish(),
    category: optionalText(BOUNDS.categoryNameLength),
    sub_category: optionalText(BOUNDS.categoryNameLength),
    schema_markup: jsonLdValue(),
    target_status: targetStatus,
  })
  .superRefine((payload, context) => {
    const keywords = [
      payload.focus_keyword,
      ...(Array.isArray(payload.secondary_keywords) ? payload.secondary_keywords : []),
    ];
    checkTagCount(
      keywords,
      payload.secondary_keywords?.length ? 'secondary_keywords' : 'focus_keyword',
      context
    );
  });

export type WebhookPayload = z.output<typeof webhookPayloadSchema>;

/** The event name of a verified body, read before the full schema (other events may differ in shape). */
export function webhookEvent(body: unknown): string | undefined {
  const event = (body as { event?: unknown } | null)?.event;
  return typeof event === 'string' ? event : undefined;
}

export function parseWebhookPayload(body: unknown): WebhookPayload {
  return parseWithSchema(webhookPayloadSchema, body, 'webhook payload');
}

/** Maps the payload onto the fields both integrations share. */
export function articleFromWebhookPayload(payload: WebhookPayload): ArticleFields {
  const categories: CategorySelection =
    payload.category || payload.sub_category
      ? { kind: 'names', category: payload.category, subCategory: payload.sub_category }
      : { kind: 'none' };
  const imageAlts = new Map<string, string>();
  for (const image of payload.inline_images ?? []) {
    if (image.alt?.trim()) imageAlts.set(image.url, image.alt.trim());
  }
  return {
    title: payload.title,
    html: payload.html_content,
    slug: payload.slug,
    status: (payload.target_status ?? undefined) as PostStatus | undefined,
    focusKeyword: payload.focus_keyword,
    secondaryKeywords: payload.secondary_keywords ?? [],
    metaDescription: payload.meta_description,
    jsonLd: payload.schema_markup ?? undefined,
    featuredImage: payload.featured_image
      ? { source: payload.featured_image, alt: payload.featured_image_alt }
      : undefined,
    categories,
    imageAlts,
    bodyField: { request: 'webhook payload', field: 'html_content' },
  };
}
