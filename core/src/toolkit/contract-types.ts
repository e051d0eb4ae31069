/**
 * The webhook payload (spec 2.5) and the contract's header names, as the sending side uses them.
 * Request and response types are the plugin's own (`../publish-request`, `../contracts`).
 */

/** Spec 2.5 `inline_images[]`. */
export interface WebhookInlineImage {
  url: string;
  alt: string;
  order: number;
  section_title: string;
  placement: 'after_section_heading' | 'inline_content' | (string & {});
}

/** Spec 2.5: the body of an integration B delivery. */
export interface WebhookPayload {
  event: 'article.published' | (string & {});
  timestamp: string;
  article_id: number;
  website_id: number;
  website_name: string;
  title: string;
  slug: string;
  focus_keyword: string;
  secondary_keywords: string[];
  format: string;
  html_content: string;
  plain_content: string;
  meta_description: string;
  featured_image: string;
  featured_image_alt: string;
  inline_images: WebhookInlineImage[];
  category: string | null;
  sub_category: string | null;
  schema_markup: Record<string, unknown> | null;
  target_status: string;
}

/** The only event the spec defines (spec 6). */
export const ARTICLE_PUBLISHED_EVENT = 'article.published';

/** Header names of the contract (spec 4.2 and 5). */
export const SERVICE_KEY_HEADER = 'X-Service-Key';
export const SERVICE_EVENT_HEADER = 'X-Service-Event';
export const SERVICE_SIGNATURE_HEADER = 'X-Service-Signature';
