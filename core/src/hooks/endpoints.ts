import { z } from 'zod';
import { isListPath, JSON_PATH } from './json-path';
import { onDeleteOption } from './withdrawal';

/**
 * Custom webhook endpoints (issue #42): one receiver, a preset per article service. An endpoint is
 * reached at `/api/service/v1/hooks/<id>`; its preset says how the service authenticates and how its
 * payload maps onto the article. This file holds what the config validator checks.
 */
export const PRESET_NAMES = [
  'contract',
  'outrank',
  'blogseo',
  'seocraftai',
  'seoladders',
  'rankpill',
  'ranksector',
  'getmywebrank',
  'citeflow',
  'babylovegrowth',
  'arvow',
  'journalist',
  'seogrove',
  'ranket',
  'earlyseo',
  'custom',
] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** An id is part of the URL and its only secret when auth is `none`: long, and URL-safe as it is. */
export const ENDPOINT_ID_MIN_LENGTH = 16;
const ENDPOINT_ID = /^[A-Za-z0-9_-]+$/;
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export const headerName = () =>
  z.string().min(1, 'is required').max(100).regex(HEADER_NAME, 'must be an HTTP header name');

/** The status an article of the endpoint gets when its payload names none (else the site's default). */
const defaultStatus = z.enum(['draft', 'publish', 'pending']).optional();

/** Options every preset takes. */
const commonOptions = { status: defaultStatus };

const noOptions = z.object(commonOptions).strict();

const jsonPath = () =>
  z.string().max(300).regex(JSON_PATH, 'must be a path such as data.post.title or images[0].url');
/** A path to one value: a `[]` (every entry) would give a list where one value is read. */
const singlePath = () =>
  jsonPath().refine((path) => !JSON_PATH.test(path) || !isListPath(path), {
    message: 'reads a list ("[]") where one value is read: pick one entry with [0]',
  });

/** The article fields a Custom endpoint can map, each from a path in the body. */
export const CUSTOM_FIELDS = [
  'externalId',
  'title',
  'slug',
  'html',
  'markdown',
  'excerpt',
  'metaTitle',
  'metaDescription',
  'imageUrl',
  'imageAlt',
  'tags',
  'keywords',
  'jsonLd',
  'language',
  'status',
  'publishedAt',
] as const;
export type CustomField = (typeof CUSTOM_FIELDS)[number];

/**
 * What each field takes: one text (or number), a list of words (or a comma-separated text), or a JSON
 * value (JSON-LD: an object, an array of them, or JSON text). Only a list field or JSON-LD takes a path
 * with `[]`.
 */
export const CUSTOM_FIELD_SHAPES: Record<CustomField, 'text' | 'list' | 'json'> = {
  externalId: 'text',
  title: 'text',
  slug: 'text',
  html: 'text',
  markdown: 'text',
  excerpt: 'text',
  metaTitle: 'text',
  metaDescription: 'text',
  imageUrl: 'text',
  imageAlt: 'text',
  tags: 'list',
  keywords: 'list',
  jsonLd: 'json',
  language: 'text',
  status: 'text',
  publishedAt: 'text',
};

/** The message for a field name a Custom endpoint does not map. */
export const UNKNOWN_CUSTOM_FIELD = `is not an article field a Custom endpoint maps (one of ${CUSTOM_FIELDS.join(', ')})`;

const eventNames = () => z.array(z.string().min(1).max(100)).max(20).optional();

const customAuth = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bearer') }).strict(),
  z.object({ kind: z.literal('header'), header: headerName() }).strict(),
  z
    .object({
      kind: z.literal('hmac'),
      header: headerName(),
      /** `hex`: the bare digest; `sha256=`: prefixed; `either`: both are accepted. */
      format: z.enum(['hex', 'sha256=', 'either']).default('either'),
    })
    .strict(),
  z.object({ kind: z.literal('none') }).strict(),
]);

/** Per preset, the options it takes (zod); `{}` when it takes only the common ones. */
export const PRESET_OPTIONS = {
  contract: noOptions,
  outrank: noOptions,
  blogseo: z
    .object({
      ...commonOptions,
      /** BlogSEO sends its secret in X-Webhook-Secret, or in a header the owner names. */
      header: headerName().optional(),
    })
    .strict(),
  seocraftai: z
    .object({
      ...commonOptions,
      /** SEOcraftAI: `Authorization: Bearer` (default), a custom header, or none. */
      auth: z.enum(['bearer', 'header', 'none']).default('bearer'),
      header: headerName().optional(),
    })
    .strict()
    .refine((options) => options.auth !== 'header' || options.header !== undefined, {
      message: 'needs "header" (the header name) when auth is "header"',
      path: ['header'],
    }),
  seoladders: noOptions,
  rankpill: z
    .object({
      ...commonOptions,
      /** RankPill's signature mode (default) or its Bearer mode. */
      auth: z.enum(['signature', 'bearer']).default('signature'),
    })
    .strict(),
  ranksector: z
    .object({
      ...commonOptions,
      /** Rank Sector does not document its header's name: the one it uses, if not one of ours. */
      signatureHeader: headerName().optional(),
    })
    .strict(),
  getmywebrank: noOptions,
  citeflow: noOptions,
  babylovegrowth: noOptions,
  arvow: noOptions,
  journalist: noOptions,
  seogrove: z
    .object({
      ...commonOptions,
      /** `content.deleted` and `tool.deleted`: unpublish (default) or delete the post. */
      onDelete: onDeleteOption(),
    })
    .strict(),
  ranket: noOptions,
  earlyseo: noOptions,
  custom: z
    .object({
      ...commonOptions,
      auth: customAuth,
      /** Where the articles are: a path to one object or to an array (a batch); the root when absent. */
      articles: jsonPath().optional(),
      /** Where the event name is, and which names are a test (answered 200, nothing written). */
      event: singlePath().optional(),
      testEvents: eventNames(),
      /** Event names that unpublish the posts they name, and that delete them (as `onDelete` says). */
      unpublishEvents: eventNames(),
      deleteEvents: eventNames(),
      onDelete: onDeleteOption(),
      /** Article field -> path inside each article; `title` and a body (`html` or `markdown`) are required. */
      fields: z
        .object(
          Object.fromEntries(
            CUSTOM_FIELDS.map((field) => [
              field,
              (CUSTOM_FIELD_SHAPES[field] === 'text' ? singlePath() : jsonPath()).optional(),
            ])
          ) as Record<CustomField, z.ZodOptional<ReturnType<typeof jsonPath>>>
        )
        .strict()
        .refine(
          (fields) =>
            fields.title !== undefined && (fields.html !== undefined || fields.markdown !== undefined),
          { message: 'must map at least "title" and "html" or "markdown"' }
        ),
    })
    .strict(),
} satisfies Record<PresetName, z.ZodType>;

export type PresetOptions<Name extends PresetName> = z.output<(typeof PRESET_OPTIONS)[Name]>;

/** One endpoint as the config declares it. */
export const webhookEndpointSchema = z
  .object({
    id: z
      .string({ error: 'is required' })
      .min(ENDPOINT_ID_MIN_LENGTH, `must be at least ${ENDPOINT_ID_MIN_LENGTH} characters`)
      .max(128, 'must be at most 128 characters')
      .regex(ENDPOINT_ID, 'must hold only letters, digits, "-" and "_" (it is part of the URL)'),
    preset: z.enum(PRESET_NAMES, { error: `must be one of ${PRESET_NAMES.join(', ')}` }),
    secret: z.string({ error: 'is required' }).min(1, 'must not be empty'),
    name: z.string().max(200).optional(),
    options: z.unknown().optional(),
  })
  .strict()
  .superRefine((endpoint, context) => {
    for (const issue of presetOptionIssues(endpoint.preset, endpoint.options ?? {}))
      context.addIssue({ code: 'custom', path: ['options', ...issue.path], message: issue.message });
  });

/**
 * What is wrong with a preset's options, each issue at its option's path: an unknown option (or an
 * article field a Custom endpoint does not map) named on its own, as a field the admin can point at.
 */
export function presetOptionIssues(
  preset: PresetName,
  options: unknown
): { path: (string | number)[]; message: string }[] {
  const result = PRESET_OPTIONS[preset].safeParse(options);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => {
    const path = issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key));
    if (issue.code !== 'unrecognized_keys') return [{ path, message: issue.message }];
    const message =
      preset === 'custom' && path.join('.') === 'fields'
        ? UNKNOWN_CUSTOM_FIELD
        : 'is not an option of this preset';
    return issue.keys.map((key) => ({ path: [...path, key], message }));
  });
}

export type WebhookEndpoint = z.output<typeof webhookEndpointSchema>;

/**
 * The config's list: every entry valid, and no id twice (each URL names one endpoint). Entries are
 * checked one by one here, so a repeated id is named together with every other bad entry.
 */
export const webhookEndpointsSchema = z.array(z.unknown()).transform((entries, context) => {
  const endpoints: WebhookEndpoint[] = [];
  const seen = new Map<unknown, number>();
  entries.forEach((entry, index) => {
    const result = webhookEndpointSchema.safeParse(entry);
    if (result.success) endpoints.push(result.data);
    else
      for (const issue of result.error.issues)
        context.issues.push({ ...issue, path: [index, ...issue.path] } as (typeof context.issues)[number]);
    const id = (entry as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, index);
    else
      context.issues.push({
        code: 'custom',
        path: [index, 'id'],
        message: `repeats the id of entry ${first}: each endpoint needs its own`,
        input: entry,
      });
  });
  return endpoints;
});

/** The endpoint a URL names (ids compare exactly: case matters). */
export function findEndpoint(
  endpoints: readonly WebhookEndpoint[] | undefined,
  id: string
): WebhookEndpoint | undefined {
  return endpoints?.find((endpoint) => endpoint.id === id);
}
