import { z } from 'zod';
import { localeCode } from './locale';
import { fieldIssues } from './schema-issues';
import { DELIVERY_STATUSES } from './config';
import { scheduleProblem } from './schedule/publish-timing';
import { ServiceError } from './errors';
import { REQUEST_BOUNDS as BOUNDS } from './request-bounds';
import {
  articleHtml,
  boundedArray,
  categoryId,
  checkTagCount,
  imageSource,
  jsonLdText,
  optionalText,
  requiredLine,
} from './schema-fields';

/**
 * Integration A's publish request (spec 2.1), every field bounded (request-bounds.ts). `http:` image
 * URLs are accepted here only so that ARTICLE_PUBLISHER_ALLOW_HTTP can work; the image fetcher
 * enforces the real rule.
 */
export const publishRequestSchema = z
  .object({
    title: requiredLine(BOUNDS.titleLength),
    content: articleHtml(),
    slug: optionalText(BOUNDS.slugLength),
    status: z.enum(DELIVERY_STATUSES, { error: `must be one of ${DELIVERY_STATUSES.join(', ')}` }).nullish(),
    /**
     * The publication date, ISO 8601 with an offset (additive). With `future` (or `publish` and a date
     * to come) the post is published at that instant; a past date with `publish` is kept as its date.
     */
    date: z.iso
      .datetime({
        offset: true,
        error: 'must be an ISO 8601 date-time with an offset, such as 2026-11-22T08:00:00+02:00',
      })
      .nullish(),
    focus_keyword: optionalText(BOUNDS.keywordLength),
    meta_description: optionalText(BOUNDS.metaDescriptionLength),
    featured_image: imageSource(),
    featured_image_alt: optionalText(BOUNDS.altLength),
    json_ld_schema: jsonLdText(),
    category: optionalText(BOUNDS.categoryNameLength),
    sub_category: optionalText(BOUNDS.categoryNameLength),
    categories: boundedArray(categoryId(), BOUNDS.categoryIds).nullish(),
    /** The language the article is written in, on a localized site (additive; default: the configured locale). */
    locale: localeCode.nullish(),
  })
  .superRefine((request, context) => {
    checkTagCount([request.focus_keyword], 'focus_keyword', context);
    const date = request.date ? new Date(request.date) : undefined;
    const problem = scheduleProblem(request.status ?? undefined, date, new Date());
    if (problem) context.addIssue({ code: 'custom', path: ['date'], message: problem });
  });

export type PublishRequest = z.output<typeof publishRequestSchema>;
export type PublishRequestInput = z.input<typeof publishRequestSchema>;

/** Formats issues as `field message` phrases, naming every offending field once per problem. */
export function describeRequestIssues(error: z.ZodError): string {
  return fieldIssues(error)
    .map(({ path, kind, message }) => {
      const wording = { missing: 'is required', unknown: 'is not a known field', invalid: message }[kind];
      return `${path || 'body'} ${wording}`;
    })
    .join('; ');
}

/** Parses a body or throws a 400 bad_request that names every offending field. */
export function parseWithSchema<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
  what: string
): z.output<Schema> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ServiceError('bad_request', `The ${what} must be a JSON object.`);
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new ServiceError('bad_request', `Invalid ${what}: ${describeRequestIssues(result.error)}.`);
  }
  return result.data;
}

export function parsePublishRequest(body: unknown): PublishRequest {
  return parseWithSchema(publishRequestSchema, body, 'publish request');
}
