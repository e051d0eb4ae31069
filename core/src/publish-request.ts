import { z } from 'zod';
import { localeCode } from './locale';
import { fieldIssues } from './schema-issues';
import { STATUSES } from './config';
import { ServiceError } from './errors';
import { articleHtml, imageSource, jsonLdText, optionalText, requiredLine } from './schema-fields';

/**
 * Integration A's publish request (spec 2.1). `http:` image URLs are accepted here only so that
 * ARTICLE_PUBLISHER_ALLOW_HTTP can work; the image fetcher enforces the real rule.
 */
export const publishRequestSchema = z.object({
  title: requiredLine(500),
  content: articleHtml(5_000_000),
  slug: optionalText(200),
  status: z.enum(STATUSES, { error: `must be one of ${STATUSES.join(', ')}` }).nullish(),
  focus_keyword: optionalText(200),
  meta_description: optionalText(1000),
  featured_image: imageSource(),
  featured_image_alt: optionalText(500),
  json_ld_schema: jsonLdText(),
  category: optionalText(200),
  sub_category: optionalText(200),
  categories: z
    .array(z.number({ error: 'must be integers' }).int('must be integers').positive('must be positive'))
    .nullish(),
  /** The language the article is written in, on a localized site (additive; default: the configured locale). */
  locale: localeCode.nullish(),
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
