/**
 * Response and payload shapes of the contract (spec 2.2 and 2.5) as the sending side sees them.
 * Request types come from the plugin's own schema (`../publish-request`).
 */

/** Spec 2.2 `inline_images_result.imported[]`. */
export interface ImportedInlineImage {
  source_url: string;
  local_url: string;
  attachment_id: number;
}

/** Spec 2.2, plus `document_id` (DESIGN.md: Strapi 5's stable document id beside `post_id`). */
export interface PublishResponse {
  status: 'success';
  post_id: number;
  document_id?: string;
  post_url: string;
  post_status: string;
  categories: string[];
  featured_image_result: string;
  inline_images_result: {
    imported: ImportedInlineImage[];
    /** Non-fatal failures; their shape is not fixed by the spec. */
    warnings: unknown[];
  };
}

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
