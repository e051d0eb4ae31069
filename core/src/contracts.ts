/**
 * Response shapes shared by the server, the admin pages and the toolkit. Changing one breaks the
 * compilation of every reader.
 */

/** Spec 2.3, plus a few fields that help a person debug a connection. */
export interface PingResponse {
  status: 'success';
  site_name: string;
  site_url: string;
  cms_version: string;
  plugin_version: string;
  target_content_type: string;
  /** Problems with the target content type that would make a publish fail or lose data. */
  target_problems: string[];
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
  siteUrl: string;
  endpoints: ServiceEndpoints;
  /** Whether the public site URL is https; the key must only travel over HTTPS. */
  siteUrlIsHttps: boolean;
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
  post_status: 'draft' | 'publish' | 'pending';
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
  /** True when this exact delivery was already processed; nothing was written again. */
  duplicate?: boolean;
  post_id?: number;
  document_id?: string;
  post_url?: string;
  post_status?: PublishResponse['post_status'];
  inline_images_result?: PublishResponse['inline_images_result'];
  featured_image_result?: string;
  warnings?: string[];
}
