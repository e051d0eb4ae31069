import type { PostStatus } from './config';
import type { ImageWarning, ImportedImage, PublishResponse, WebhookReceipt } from './contracts';

/** What a publish did, as plain facts; each integration's controller shapes its own wire answer from it. */
export interface PublishResult {
  created: boolean;
  /** The same webhook delivery was processed before; nothing was written or uploaded. */
  duplicate: boolean;
  /** The webhook delivery was older than the newest one applied for its article (a duplicate too). */
  stale: boolean;
  postId: number;
  documentId: string;
  postUrl: string;
  status: PostStatus;
  /** With `future`: when the post goes live. */
  scheduledAt?: Date;
  /** The locale the entry was written in; null when the target is not localized. */
  locale: string | null;
  /** The names of the categories linked to the post. */
  categories: string[];
  featuredImage: string;
  /** The warning for a featured image that could not be attached (`featured image: <why>`), if any. */
  featuredImageWarning?: string;
  images: { imported: ImportedImage[]; warnings: ImageWarning[] };
  warnings: string[];
}

/** Where the post landed, as both wire answers name it. */
const landedPost = (result: PublishResult) => ({
  post_id: result.postId,
  document_id: result.documentId,
  post_url: result.postUrl,
  post_status: result.status,
  ...(result.status === 'future' && result.scheduledAt
    ? { scheduled_at: result.scheduledAt.toISOString() }
    : {}),
  ...(result.locale ? { locale: result.locale } : {}),
});

/** What became of the images, and every other warning, as both wire answers name them. */
const imagesAndWarnings = (result: PublishResult) => ({
  featured_image_result: result.featuredImage,
  inline_images_result: result.images,
  warnings: result.warnings,
});

/** The publishing API's answer (publish-post). */
export function toPublishResponse(result: PublishResult): PublishResponse {
  return {
    status: 'success',
    ...landedPost(result),
    categories: result.categories,
    ...imagesAndWarnings(result),
  };
}

/** The signed webhook's answer: what landed, and whether it was a repeat. */
export function toWebhookReceipt(result: PublishResult): WebhookReceipt {
  return {
    received: true,
    duplicate: result.duplicate,
    stale: result.stale,
    ...landedPost(result),
    ...imagesAndWarnings(result),
  };
}

/**
 * Every warning of a result in one list, as a reply that has no separate image fields carries them:
 * the featured image's, each inline image's (`<source url>: <why>`, as Activity shows it), then the rest.
 */
export function everyWarning(result: PublishResult): string[] {
  return [
    ...(result.featuredImageWarning ? [result.featuredImageWarning] : []),
    ...result.images.warnings.map((warning) => `${warning.source_url}: ${warning.reason}`),
    ...result.warnings,
  ];
}
