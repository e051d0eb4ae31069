import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { contentTypeUidProblem } from './app-content-types';
import { BODY_FORMAT_SETTINGS, type BodyFormatSetting } from './body/body-field';
import { localeCode } from './locale';
import { REQUEST_BOUNDS } from './request-bounds';
import { webhookEndpointsSchema } from './hooks/endpoints';
import { DEFAULT_HOOK_MAX_BATCH_ARTICLES, MAX_HOOK_MAX_BATCH_ARTICLES } from './hooks/batch';
import { DEFAULT_HOOK_QUEUE, hookQueueSchema } from './hooks/queue';
import { DEFAULT_HOOK_SECRET_GRACE_SECONDS, MAX_HOOK_SECRET_GRACE_SECONDS } from './hooks/secret-grace';
import { fieldIssues } from './schema-issues';
import {
  categoryFieldOverridesSchema,
  fieldDefaultsSchema,
  fieldOverridesSchema,
} from './target-profile/field-overrides';
import { isCronPeriod } from './schedule/poll-period';
import { TARGET_SETTING_KEYS, type TargetSettingKey } from './settings-keys';
import { parseEnvironmentApplicationPassword } from './wordpress/application-password';

/**
 * The plugin configuration (`config/plugins.ts` -> `article-publisher.config`), one schema that both the
 * Strapi config validator and the admin settings use. Defaults fit the playground's Article.
 */
/** A setting naming a content type: one of the app's own (api::), so never one of Strapi's security types. */
const contentTypeUid = z.string().superRefine((uid, context) => {
  const problem = contentTypeUidProblem(uid);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http(s) URL');

/** The most threads a worker pool may have: more than any core count gains nothing. */
export const MAX_WORKER_THREADS = 64;

/**
 * `workerThreads`: the threads that sanitize and convert large articles off the event loop, per
 * process. `auto` is one fewer than the cores (at least one); 0 turns the pool off (large articles
 * are converted on the event loop, and readers wait meanwhile).
 */
const workerThreads = z.union([z.literal('auto'), z.number()]).superRefine((value, context) => {
  if (value === 'auto' || (Number.isInteger(value) && value >= 0 && value <= MAX_WORKER_THREADS)) return;
  context.addIssue({
    code: 'custom',
    message: `must be "auto" or a whole number of threads from 0 to ${MAX_WORKER_THREADS}, not ${JSON.stringify(value)}`,
  });
});

/** The pool size `workerThreads` asks for on a machine with `cores` cores: one core stays with the event loop. */
export function workerPoolSize(setting: PluginConfig['workerThreads'], cores: number): number {
  return setting === 'auto' ? Math.max(1, cores - 1) : setting;
}

/** Statuses a config may default to, and that the webhook's `target_status` takes (it carries no date). */
export const STATUSES = ['draft', 'publish', 'pending'] as const;
/** A delivery's statuses: those, and `future` (a draft now, published at the request's `date`). */
export const DELIVERY_STATUSES = [...STATUSES, 'future'] as const;
export type PostStatus = (typeof DELIVERY_STATUSES)[number];

export const pluginConfigSchema = z
  .object({
    /** Content type that receives articles. */
    targetContentType: contentTypeUid,
    /**
     * The attribute that receives each part of the article; an absent role is detected from the
     * target's schema, '' turns it off (for example no cover field).
     */
    fields: fieldOverridesSchema,
    /** How the body is written; `auto` follows the body field (Markdown editor, blocks, dynamic zone, HTML editor). */
    bodyFormat: z.enum(BODY_FORMAT_SETTINGS as [BodyFormatSetting, ...BodyFormatSetting[]]),
    /** Constants for required fields no part of the article fills, by attribute name (an author: a documentId or a name). */
    defaults: fieldDefaultsSchema,
    /**
     * Informational since categories are detected: the category type is the target of the
     * categories relation. Kept so existing configs stay valid.
     */
    categoryContentType: z.union([z.literal(''), contentTypeUid]).optional(),
    /** The category type's own fields, when detection picks the wrong ones. */
    categoryFields: categoryFieldOverridesSchema,
    /**
     * Values a category the plugin creates is given, by the category type's field: its required
     * fields no article fills (a required image: a Media Library file id, `{ image: 12 }`).
     */
    categoryDefaults: fieldDefaultsSchema,
    /**
     * On a localized target: the locale articles are written in when a request names none (the
     * webhook always uses it); '' is the site's default locale.
     */
    locale: z.union([z.literal(''), localeCode]),
    /** Shown by ping; the public address of the site. */
    siteName: z.string().max(200),
    /**
     * The author a required author-like text field of the target (`author`, `yazar`) receives: every
     * article has one. Empty: the site's name.
     */
    authorName: z.string().max(200),
    /**
     * The entry of the author type an author relation is linked to when a new post has no author
     * (issue #61): its id (a number) or its documentId. '' links none. A `defaults` entry for the
     * author relation still wins, so configs from before keep their author.
     */
    authorEntry: z.union([
      z.literal(''),
      z.number().int().positive(),
      z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an id (a number) or a documentId'),
    ]),
    siteUrl: z.union([z.literal(''), httpUrl]),
    /** `{siteUrl}`, `{slug}`, `{documentId}` and `{id}` are replaced. */
    postUrlTemplate: z
      .string()
      .min(1)
      .refine(
        (value) => value.includes('{slug}') || value.includes('{documentId}') || value.includes('{id}'),
        {
          message: 'must contain {slug}, {documentId} or {id}',
        }
      ),
    defaultStatus: z.enum(STATUSES),
    /** Largest JSON body accepted on the plugin's routes, in bytes. */
    bodyLimitBytes: z
      .number()
      .int()
      .min(1024)
      .max(512 * 1024 * 1024),
    /**
     * Longest wait for the next byte of a webhook body that is not verified yet; the connection is then
     * answered 408 and closed, and the attempt counts as a failure for the throttle.
     */
    webhookIdleTimeoutMs: z.number().int().min(100).max(600_000),
    /** Longest time for a whole webhook body that is not verified yet, under the same rules. */
    webhookReadTimeoutMs: z.number().int().min(100).max(600_000),
    authThrottle: z
      .object({
        maxFailures: z.number().int().min(1).max(100000),
        windowSeconds: z.number().int().min(1).max(86400),
      })
      .strict(),
    /** Refused requests kept for the activity page: the newest `maxRows`, none older than `maxDays`. */
    refusalLog: z
      .object({
        maxRows: z.number().int().min(1).max(1_000_000),
        maxDays: z.number().int().min(1).max(3650),
      })
      .strict(),
    images: z
      .object({
        maxBytes: z.number().int().min(1024),
        timeoutMs: z.number().int().min(100).max(600000),
        maxPixels: z.number().int().min(1),
        maxRedirects: z.number().int().min(0).max(10),
        concurrency: z.number().int().min(1).max(32),
        // No more than a request may carry (the body's <img> bound).
        maxInlineImages: z.number().int().min(0).max(REQUEST_BOUNDS.inlineImages),
        /**
         * Decoded pixels in flight in this process, across all publishes: images that would exceed it
         * together are decoded and uploaded one after another (memory grows with pixels, ~4 bytes each
         * for every copy Strapi's image processing makes).
         */
        maxPixelsInFlight: z.number().int().min(1_000_000),
        allowHttp: z.boolean(),
        allowPrivateNetworks: z.boolean(),
      })
      .strict(),
    /**
     * Objects an upload left in storage without a file row (its instance died between the provider's
     * write and the row insert) are removed at start and every `everySeconds` (by one instance at a
     * time), once their journal entry is older than `graceSeconds`: longer than any upload can take.
     */
    orphanSweep: z
      .object({
        everySeconds: z
          .number()
          .int()
          .min(1)
          .max(7 * 86400),
        graceSeconds: z
          .number()
          .int()
          .min(0)
          .max(30 * 86400),
      })
      .strict(),
    /**
     * Also answer under WordPress's REST paths (`/wp-json/service/v1/...`, `/?rest_route=/service/v1/...`),
     * so a service's WordPress connector works unchanged.
     */
    wordpressPaths: z.boolean(),
    /**
     * How often each instance looks for scheduled posts that are due (`status: "future"`), in seconds:
     * 1 to 59, or whole minutes up to an hour (the period is a cron pattern). One instance publishes each.
     */
    schedulePollSeconds: z.number().int().min(1).max(3600).refine(isCronPeriod, {
      message: 'must be 1 to 59 seconds, or a whole number of minutes up to 3600',
    }),
    /** Threads converting large articles off the event loop, per process (see `workerThreads` above). */
    workerThreads,
    /**
     * The longest one body's conversion (Markdown to HTML, sanitizing and reading, and writing the
     * target's Markdown, Blocks or zone) may run on its worker thread, in milliseconds: past it the
     * thread is stopped and replaced, and the request refused with 400 naming this limit (issue #55).
     */
    parsingBudgetMs: z.number().int().min(100).max(300_000),
    /**
     * Iframe sources allowed in article HTML: URL prefixes. Optional here because Strapi merges user
     * config into defaults index by index, which would mix a user's list with ours.
     */
    videoEmbedHosts: z
      .array(httpUrl.refine((value) => value.startsWith('https://'), 'must be https'))
      .optional(),
    /** Set from ARTICLE_PUBLISHER_API_KEY; replaces the key generated in the admin. */
    apiKey: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Set from ARTICLE_PUBLISHER_WEBHOOK_SECRET; replaces the secret set in the admin. */
    webhookSecret: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * Set from ARTICLE_PUBLISHER_WP_APP_PASSWORD: `login:password`, one WordPress application password
     * beside those created in the admin (infrastructure as code, tests).
     */
    wordpressAppPassword: z
      .string()
      .refine(
        (value) => (parseEnvironmentApplicationPassword(value)?.password.length ?? 0) >= 16,
        'must be login:password, the password at least 16 letters and digits'
      )
      .optional(),
    /**
     * Custom webhook endpoints as code (issue #42): `[{ id, preset, secret, name?, options? }]`, each
     * served at /api/service/v1/hooks/<id>. Optional (no default) for the reason videoEmbedHosts is.
     */
    webhookEndpoints: webhookEndpointsSchema.optional(),
    /**
     * The queue of custom webhook deliveries answered before their import (presets whose service gives
     * up after 5 to 10 s): workers per instance, lease, retries and retention (docs/hook-queue.md).
     */
    hookQueue: hookQueueSchema,
    /**
     * How long the secret of an endpoint created in the admin keeps working after it is regenerated,
     * beside the new one, so the service can be given the new secret without a lost delivery.
     */
    hookSecretGraceSeconds: z.number().int().min(1).max(MAX_HOOK_SECRET_GRACE_SECONDS),
    /**
     * The most articles (or posts to withdraw) one custom webhook delivery may carry (Outrank sends a
     * batch); a delivery over it is refused whole with 413 before anything is written or queued.
     */
    hookMaxBatchArticles: z
      .number({ error: 'must be a whole number of articles' })
      .int('must be a whole number of articles')
      .min(1, 'must be at least 1')
      .max(MAX_HOOK_MAX_BATCH_ARTICLES, `must be at most ${MAX_HOOK_MAX_BATCH_ARTICLES}`),
  })
  .strict();

export type PluginConfig = z.infer<typeof pluginConfigSchema>;

export const DEFAULT_VIDEO_EMBED_HOSTS = [
  'https://www.youtube.com/embed/',
  'https://www.youtube-nocookie.com/embed/',
];

/** The config as services use it: environment applied, every optional list filled in. */
export type EffectiveConfig = PluginConfig & { videoEmbedHosts: string[] };

export const DEFAULT_CONFIG: PluginConfig = {
  targetContentType: 'api::article.article',
  // Every role detected from the target's schema.
  fields: {},
  bodyFormat: 'auto',
  defaults: {},
  categoryDefaults: {},
  categoryContentType: '',
  categoryFields: {},
  locale: '',
  siteName: '',
  authorName: '',
  authorEntry: '',
  siteUrl: '',
  postUrlTemplate: '{siteUrl}/blog/{slug}',
  defaultStatus: 'draft',
  bodyLimitBytes: 32 * 1024 * 1024,
  // A sender streams a body without pauses: a few seconds of silence means it is not sending one.
  webhookIdleTimeoutMs: 5_000,
  // 32 MB in two minutes is about 2 Mbit/s, far below any server's link.
  webhookReadTimeoutMs: 120_000,
  authThrottle: { maxFailures: 20, windowSeconds: 15 * 60 },
  refusalLog: { maxRows: 1000, maxDays: 30 },
  images: {
    maxBytes: 15 * 1024 * 1024,
    timeoutMs: 20_000,
    maxPixels: 50_000_000,
    maxRedirects: 3,
    concurrency: 8,
    maxInlineImages: 50,
    // About 45 MB of decoded pixels (Strapi's processing keeps ~5.5 bytes a pixel): fits a 512 MB
    // container next to Strapi's own ~300 MB. Phone photos (12 MP) go one at a time, web images in parallel.
    maxPixelsInFlight: 8_000_000,
    allowHttp: false,
    allowPrivateNetworks: false,
  },
  orphanSweep: { everySeconds: 15 * 60, graceSeconds: 60 * 60 },
  wordpressPaths: true,
  schedulePollSeconds: 60,
  workerThreads: 'auto',
  parsingBudgetMs: 10_000,
  hookQueue: DEFAULT_HOOK_QUEUE,
  hookSecretGraceSeconds: DEFAULT_HOOK_SECRET_GRACE_SECONDS,
  hookMaxBatchArticles: DEFAULT_HOOK_MAX_BATCH_ARTICLES,
};

/**
 * The images options a site owner may change in the admin. maxPixelsInFlight bounds one process's memory,
 * so it belongs with the operator's files, like bodyLimitBytes; the other two are local-testing switches.
 */
const editableImagesSchema = pluginConfigSchema.shape.images.omit({
  allowHttp: true,
  allowPrivateNetworks: true,
  maxPixelsInFlight: true,
});

/** The admin-editable images options of a config, the operator's left out. */
export function editableImageSettings(images: PluginConfig['images']): z.output<typeof editableImagesSchema> {
  return editableImagesSchema.strip().parse(images);
}

/**
 * The part of the config a site owner may change in the admin (stored in the database, over the file).
 * Secrets, the auth throttle, the body limit, the orphan sweep and the two local-testing switches stay
 * in files and the environment.
 */
export const settingsSchema = z
  .object({
    siteName: pluginConfigSchema.shape.siteName,
    siteUrl: pluginConfigSchema.shape.siteUrl,
    postUrlTemplate: pluginConfigSchema.shape.postUrlTemplate,
    defaultStatus: pluginConfigSchema.shape.defaultStatus,
    targetContentType: pluginConfigSchema.shape.targetContentType,
    fields: pluginConfigSchema.shape.fields,
    bodyFormat: pluginConfigSchema.shape.bodyFormat,
    categoryContentType: pluginConfigSchema.shape.categoryContentType,
    categoryFields: pluginConfigSchema.shape.categoryFields,
    locale: pluginConfigSchema.shape.locale,
    images: editableImagesSchema,
    videoEmbedHosts: z.array(z.string()).pipe(pluginConfigSchema.shape.videoEmbedHosts.unwrap()),
    wordpressPaths: pluginConfigSchema.shape.wordpressPaths,
  })
  .partial()
  .strict();

export type StoredSettings = z.infer<typeof settingsSchema>;

/**
 * The stored settings as read back: a content type saved before the api:: rule existed is kept as it
 * is, so the target check refuses it by name (every publish fails with that reason) rather than the
 * whole stored settings being dropped for the file's, which would move articles elsewhere unasked.
 */
export const storedSettingsSchema = settingsSchema.extend({
  targetContentType: z.string().optional(),
  categoryContentType: z.string().optional(),
});

/** The file config with the admin's stored settings on top (each stored key replaces the file's). */
export function applyStoredSettings(config: PluginConfig, stored: StoredSettings): PluginConfig {
  const { images, ...rest } = stored;
  return { ...config, ...rest, images: images ? { ...config.images, ...images } : config.images };
}

/** Turns schema issues into one sentence per offending option, e.g. `"images.maxBytes": ...`. */
export function describeIssues(error: z.ZodError): string {
  return fieldIssues(error)
    .map(({ path, kind, message }) =>
      kind === 'unknown' ? `unknown option "${path}"` : `"${path || '(root)'}" ${message}`
    )
    .join('; ');
}

/** A config that fails the schema; the message names every bad option. */
export class InvalidConfigError extends Error {
  constructor(readonly issues: z.ZodError) {
    super(`Invalid article-publisher config: ${describeIssues(issues)}`);
    this.name = 'InvalidConfigError';
  }
}

/** Checks a complete config and throws an InvalidConfigError naming every bad option. */
export function assertValidConfig(config: unknown): PluginConfig {
  const result = pluginConfigSchema.safeParse(config);
  if (!result.success) throw new InvalidConfigError(result.error);
  return result.data;
}

/**
 * Applies the ARTICLE_PUBLISHER_* environment variables of DESIGN.md on top of a config: the
 * environment wins over `config/plugins.ts`, so an operator can rotate a secret without a code change.
 */
export function resolveEffectiveConfig(config: PluginConfig, env: NodeJS.ProcessEnv): EffectiveConfig {
  const allowHttp = booleanFromEnvironment(env.ARTICLE_PUBLISHER_ALLOW_HTTP);
  const allowPrivateNetworks = booleanFromEnvironment(env.ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS);
  return {
    ...config,
    videoEmbedHosts: config.videoEmbedHosts ?? DEFAULT_VIDEO_EMBED_HOSTS,
    apiKey: env.ARTICLE_PUBLISHER_API_KEY || config.apiKey,
    webhookSecret: env.ARTICLE_PUBLISHER_WEBHOOK_SECRET || config.webhookSecret,
    wordpressAppPassword: env.ARTICLE_PUBLISHER_WP_APP_PASSWORD || config.wordpressAppPassword,
    images: {
      ...config.images,
      allowHttp: allowHttp ?? config.images.allowHttp,
      allowPrivateNetworks: allowPrivateNetworks ?? config.images.allowPrivateNetworks,
    },
  };
}

function booleanFromEnvironment(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** Whether two configs send articles to the same place the same way (their target settings agree). */
export function sameTargetSettings(a: PluginConfig, b: PluginConfig): boolean {
  const target = (config: PluginConfig) => ({
    ...Object.fromEntries(TARGET_SETTING_KEYS.map((key) => [key, config[key]])),
    categoryContentType: config.categoryContentType ?? '',
  });
  return isDeepStrictEqual(target(a), target(b));
}

/** The target part of the settings, which the admin's live check sends before saving. */
export const targetSettingsSchema = settingsSchema.pick(
  Object.fromEntries(TARGET_SETTING_KEYS.map((key) => [key, true])) as Record<TargetSettingKey, true>
);

/** How both integrations normalize an article under this config (status default, sanitizer options). */
export function articleOptions(config: EffectiveConfig) {
  return {
    defaultStatus: config.defaultStatus,
    sanitize: { videoEmbedHosts: config.videoEmbedHosts, allowHttpImages: config.images.allowHttp },
  };
}
