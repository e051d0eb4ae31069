import type { z } from 'zod';
import type { settingsSchema } from './config';
import type { SiteLocale } from './locale';
import type { TargetReport } from './publish-target';
import type { TargetSettingKey } from './settings-keys';
import type { RoleUse, RoleUseRow } from './target-profile/role-uses';
import type { ArticlePart, WarningGroup } from './warning-parts';

/**
 * Response shapes shared by the server, the admin pages and the toolkit. Changing one breaks the
 * compilation of every reader.
 */

/** Spec 2.3, plus a few fields that help a person debug a connection. */
export interface PingResponse {
  status: 'success';
  site_name: string;
  site_url: string;
  /** The CMS's own version, bare (`"5.54.0"`), as WordPress sends `"6.4.2"`. */
  cms_version: string;
  /** Which CMS answered (this plugin sends "strapi"); other receivers may leave it out. */
  cms?: string;
  plugin_version: string;
  target_content_type: string;
  /** Problems with the target content type that would make a publish fail or lose data. */
  target_problems: string[];
  /** Where each part of an article lands on the target: body field and format, upsert key, each role's field (additive). */
  target?: TargetReport;
  /**
   * Where the service routes answer, each followed by `/service/v1/...`: Strapi's REST prefix, then,
   * unless turned off, WordPress's `/wp-json` and `/?rest_route=`.
   */
  route_prefixes: string[];
  /**
   * The worker threads that convert large articles off the event loop (additive): `available` false
   * means they are converted on the event loop, readers waiting meanwhile, and `problem` says why.
   */
  worker_threads?: { available: boolean; size: number; problem?: string };
}

/** Where the API key comes from: nowhere yet, the admin page, or ARTICLE_PUBLISHER_API_KEY. */
export type SecretSource = 'none' | 'admin' | 'environment';

export interface SecretStatus {
  source: SecretSource;
  /** Last characters of the admin-generated key, so a person can tell keys apart. */
  hint: string | null;
  createdAt: string | null;
}

export interface ServiceEndpoints {
  ping: string;
  publishPost: string;
  webhook: string;
}

export interface SettingsResponse {
  apiKey: SecretStatus;
  webhookSecret: SecretStatus;
  siteName: string;
  /** The public site URL (a frontend may live elsewhere): post URLs and ping's `site_url`, not the service's address. */
  siteUrl: string;
  /**
   * The CMS's own address, the spec's `{base_url}`: the address the service is given, where the routes
   * answer and the key travels to. Strapi's `server.url` when that is absolute; null when Strapi only has
   * a guess from host and port, and the admin then uses the address it reaches Strapi at.
   */
  cmsUrl: string | null;
  /** The routes' paths below the CMS address, REST prefix included (`/api/service/v1/ping`, ...). */
  endpointPaths: ServiceEndpoints;
}

/** Returned once, right after generation: the only time the key is shown in full. */
export interface GeneratedApiKeyResponse {
  key: string;
  apiKey: SecretStatus;
}

/** One inline image imported into the media library (spec 2.2). */
export interface ImportedImage {
  source_url: string;
  local_url: string;
  attachment_id: number;
}

/** A non-fatal image problem: the image was left as it was. */
export interface ImageWarning {
  source_url: string;
  reason: string;
}

/** Spec 2.2, plus `document_id` and the non-image `warnings` (SEO fitting, JSON-LD). */
export interface PublishResponse {
  status: 'success';
  post_id: number;
  document_id: string;
  post_url: string;
  post_status: 'draft' | 'publish' | 'pending' | 'future';
  /** With `future`: when the post goes live, ISO 8601 in UTC (additive). */
  scheduled_at?: string;
  /** The locale the entry was written in, on a localized target (additive). */
  locale?: string;
  categories: string[];
  featured_image_result: string;
  inline_images_result: { imported: ImportedImage[]; warnings: ImageWarning[] };
  warnings: string[];
}

/** Returned once, right after the webhook secret is set or generated. */
export interface GeneratedWebhookSecretResponse {
  secret: string;
  webhookSecret: SecretStatus;
}

/** Integration B's reply (spec 4.2: `received: true`), with where the article landed. */
export interface WebhookReceipt {
  received: true;
  /** Set when the event is not one the plugin handles; nothing was done. */
  ignored?: string;
  /**
   * True when nothing was written: this delivery's bytes or content were already applied, or it is
   * older than the newest delivery applied for its article (then `stale` is true too).
   */
  duplicate?: boolean;
  /** True when the delivery's `timestamp` is older than the newest one applied for its article_id + slug. */
  stale?: boolean;
  post_id?: number;
  document_id?: string;
  post_url?: string;
  post_status?: PublishResponse['post_status'];
  scheduled_at?: string;
  locale?: string;
  inline_images_result?: PublishResponse['inline_images_result'];
  featured_image_result?: string;
  warnings?: string[];
}

/* ---- Admin settings form and activity page (Settings > Article Publisher) ---- */

/** The settings a site owner may change in the admin, each one present: `settingsSchema`'s output. */
export type EditableSettings = Required<z.output<typeof settingsSchema>>;

/** The target part of the settings, which the admin's live check sends. */
export type TargetSettings = Pick<EditableSettings, TargetSettingKey>;

/** What target-schema says of a target: fatal problems stop every publish, degraded ones lose a feature. */
export interface TargetCheck {
  fatal: string[];
  degraded: string[];
  /** The `defaults` line (config/plugins) that lets the fatal required fields be written, when that is the fix. */
  suggestedDefaults?: string;
  /** Each role's field as detected or configured (null: none), shown next to the selects. */
  mapping?: Record<string, string | null>;
  /** Roles given to a field by its shape, not its name ("Featured image -> rectangularImage (first of 2 image fields: ...)"). */
  choices?: string[];
  /** Per role chosen by shape or left to the owner among several: every field `fields` may name for it, the chosen one first. */
  candidates?: Partial<Record<string, string[]>>;
  /** What the plugin will use for each role of the form, and why (detected, chosen by shape, set, none). */
  roles?: Record<RoleUseRow, RoleUse>;
}

/** A collection type the form offers as target or category type, with its attributes to map fields. */
export interface ContentTypeSummary {
  uid: string;
  displayName: string;
  attributes: { name: string; type: string }[];
}

/** GET /article-publisher/settings: the connection details plus the editable settings. */
export interface SettingsPageResponse extends SettingsResponse {
  /** The effective values of the editable settings (admin over file over defaults). */
  settings: EditableSettings;
  /** The plugin's built-in defaults, shown beside each field. */
  defaults: EditableSettings;
  /** Strapi's public server URL, used in place of an empty site URL. */
  serverUrl: string;
  target: TargetCheck;
  /** The saved target's mapping: each role's field as detected or configured. */
  targetMapping: Record<string, string | null>;
  contentTypes: ContentTypeSummary[];
  /** The site's locales (Strapi's i18n), the default first: what the `locale` setting may name. */
  locales: SiteLocale[];
}

/** One offending setting, by its dotted path in EditableSettings (e.g. `images.maxBytes`). */
export interface SettingsFieldError {
  path: string;
  message: string;
}

/** `error.details` of the 400 ValidationError answered by PUT /settings and POST /settings/check. */
export interface SettingsValidationDetails {
  errors: SettingsFieldError[];
}

/** `hook`: a custom webhook endpoint (issue #42). */
export type DeliverySource = 'api' | 'webhook' | 'wordpress' | 'hook' | 'mcp';

/** One row of the ledger as the activity page shows it. */
export interface ActivityEntry {
  id: number;
  createdAt: string;
  source: DeliverySource;
  title: string | null;
  slug: string;
  targetUid: string;
  targetDocumentId: string | null;
  postId: number | null;
  /** The locale the entry was written in; null for a target that is not localized. */
  targetLocale: string | null;
  requestedStatus: PublishResponse['post_status'];
  /** True when a post was created (false: an existing post was updated). */
  created: boolean | null;
  /** Library files uploaded for this delivery. */
  imagesImported: number;
  /** Library files this delivery placed that were already there (a republish reuses its images). */
  imagesReused: number;
  warnings: string[];
  /** The same warnings grouped by the part of the article each is about, parts in the article's order. */
  warningGroups: WarningGroup[];
  /**
   * Parts this delivery left out that a field of its type could have taken (the owner maps it in
   * `fields`): the activity page marks the delivery.
   */
  mappableParts: ArticlePart[];
  /** A delivery of the conformance check (`article-publisher check`), not an article. */
  check: boolean;
  /** The scheduled publish a `future` delivery set up, as it stands now; null for other deliveries. */
  schedule: ActivitySchedule | null;
}

/**
 * Where a schedule is: waiting, published by schedule, cancelled in the admin, replaced by a later
 * delivery of the post, or failed (the post could not be published; `problem` says why).
 */
export const SCHEDULE_STATES = ['scheduled', 'published', 'cancelled', 'replaced', 'failed'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];

export interface ActivitySchedule {
  state: ScheduleState;
  /** When the post is (or was to be) published, ISO 8601 in UTC. */
  publishAt: string;
  /** When the schedule published it. */
  publishedAt: string | null;
  /** Who runs it: the plugin's own cron task, or strapi-plugin-publisher's action. */
  via: 'plugin' | 'publisher';
  problem: string | null;
}

/** Which deliveries the activity page lists: the articles (default), the conformance checks, or both. */
export const DELIVERY_KINDS = ['articles', 'checks', 'all'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export interface ActivityPagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

/** GET /article-publisher/activity?page&pageSize&status&source */
export interface ActivityResponse {
  results: ActivityEntry[];
  pagination: ActivityPagination;
}

/** Failed key or signature checks from one client address; never the presented secret. */
export interface AuthFailureSummary {
  client: string;
  count: number;
  lastFailedAt: string;
}

/** GET /article-publisher/activity/auth-failures */
export interface AuthFailuresResponse {
  clients: AuthFailureSummary[];
  /** Failures older than the throttle window are dropped, so the list covers this many seconds. */
  windowSeconds: number;
}
