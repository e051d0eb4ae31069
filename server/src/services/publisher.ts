import type { Core } from '@strapi/strapi';
import type { NormalizedArticle } from '../../../core/src/article';
import { htmlToBlocks } from '../../../core/src/blocks/html-to-blocks';
import type { PublishResponse } from '../../../core/src/contracts';
import { isServiceError, ServiceError } from '../../../core/src/errors';
import { renderPostUrl } from '../../../core/src/post-url';
import { fitText, truncateAtWord } from '../../../core/src/seo';
import { describeValidationFailure } from '../../../core/src/write-failure';
import { getService } from '../utils/get-service';
import type { CategoryRow, PostData } from './content-store';
import type { ArticleMedia } from './media-import';
import type { TargetDescription } from './target-schema';

/** Where a delivery came from; recorded in the ledger. */
export type DeliveryOrigin =
  | { source: 'api' }
  | { source: 'webhook'; articleId: number; websiteId: number | undefined; event: string };

export interface PublishOutcome {
  created: boolean;
  /** The same webhook delivery was processed before; nothing was written or uploaded. */
  duplicate: boolean;
  response: PublishResponse;
}

const SEO_TEXT_FIELDS = ['metaTitle', 'metaDescription', 'keywords'] as const;

/** The ledger's `title` is a Strapi `string`, capped at 255 characters. */
const LEDGER_TITLE_MAX_LENGTH = 255;

/**
 * The title fitted to the title field's maxLength (Strapi's 255 for a `string` without one), cut at
 * a word boundary with a warning. Only the stored title is cut: the slug was made from the whole.
 */
function fittedTitle(article: NormalizedArticle, target: TargetDescription, warnings: string[]): string {
  const fitted = fitText('title', article.title, { maxLength: target.titleLimits.maxLength });
  if (fitted.warning) warnings.push(fitted.warning);
  return fitted.value ?? article.title;
}

/** The SEO component's values, fitted to its declared limits; undefined when it cannot be valid. */
function seoValues(article: NormalizedArticle, target: TargetDescription, existing: unknown, warnings: string[]) {
  if (!target.fields.seo) return undefined;
  const wanted: Record<(typeof SEO_TEXT_FIELDS)[number], string | undefined> = {
    metaTitle: article.seo.metaTitle,
    metaDescription: article.seo.metaDescription ?? article.seo.descriptionFallback,
    keywords: article.seo.keywords,
  };
  const values: Record<string, unknown> = {};
  for (const field of SEO_TEXT_FIELDS) {
    if (!target.seoAttributes.includes(field)) continue;
    const fallback = field === 'metaDescription' ? article.seo.descriptionFallback : undefined;
    const fitted = fitText(field, wanted[field], target.seoLimits[field] ?? {}, fallback);
    if (fitted.warning) warnings.push(fitted.warning);
    if (fitted.value !== undefined) values[field] = fitted.value;
  }
  if (target.seoAttributes.includes('structuredData') && article.structuredData !== null) {
    values.structuredData = article.structuredData;
  }
  const missing = Object.entries(target.seoLimits)
    .filter(([name, limits]) => limits.required && values[name] === undefined && !hasValue(existing, name))
    .map(([name]) => name);
  if (missing.length) {
    warnings.push(`The SEO component was not saved: its required field(s) ${missing.join(', ')} had no usable value.`);
    return undefined;
  }
  // Updating the existing component in place keeps fields the plugin does not manage (metaImage, ...).
  const existingId = (existing as { id?: number } | null | undefined)?.id;
  return existingId ? { id: existingId, ...values } : values;
}

function hasValue(component: unknown, field: string): boolean {
  const value = (component as Record<string, unknown> | null | undefined)?.[field];
  return value !== undefined && value !== null && value !== '';
}

/** The body as the target stores it: the HTML, or for a blocks field the blocks made from it. */
function bodyValue(target: TargetDescription, media: ArticleMedia, warnings: string[]): unknown {
  if (target.contentFormat !== 'blocks') return media.html;
  const converted = htmlToBlocks(media.html, { image: (src) => media.libraryImages.get(src) });
  warnings.push(...converted.warnings);
  return converted.blocks;
}

function postData(
  article: NormalizedArticle,
  title: string,
  target: TargetDescription,
  media: ArticleMedia,
  body: unknown,
  categories: CategoryRow[] | null,
  seo: unknown
) {
  const data: PostData = {
    [target.fields.title]: title,
    [target.fields.slug]: article.slug,
    [target.fields.content]: body,
  };
  if (target.fields.cover && media.featuredImageId !== undefined) data[target.fields.cover] = media.featuredImageId;
  if (target.fields.categories && categories) data[target.fields.categories] = { set: categories.map((row) => row.documentId) };
  if (target.fields.seo && seo) data[target.fields.seo] = seo;
  return data;
}

const UNCHANGED_MEDIA: ArticleMedia = {
  html: '',
  featuredImageId: undefined,
  featuredImageResult: 'unchanged: this delivery was already processed',
  imported: [],
  warnings: [],
  uploadedFileIds: [],
  libraryImages: new Map(),
};

/**
 * A webhook delivery is idempotent on article_id + slug: when the newest ledger entry for that key
 * has the same content and its post still exists, the delivery is a repeat and nothing is written.
 */
async function findRepeatedDelivery(strapi: Core.Strapi, article: NormalizedArticle, target: TargetDescription, origin: DeliveryOrigin) {
  if (origin.source !== 'webhook') return null;
  const store = getService(strapi, 'content-store');
  const previous = await store.findLatestWebhookDelivery(origin.articleId, article.slug);
  if (!previous || previous.contentHash !== article.contentHash) return null;
  if (!(await store.postExists(target, previous.targetDocumentId))) return null;
  return {
    created: false,
    duplicate: true,
    documentId: previous.targetDocumentId,
    postId: previous.postId,
    categories: [] as CategoryRow[],
    media: UNCHANGED_MEDIA,
  };
}

/**
 * A write failure in the contract's shape. Strapi refusing a value is a permanent input problem: a
 * 400 naming the fields (a retry would fail the same way, so never a 5xx, which the webhook sender
 * retries). Anything else is logged and answered with the contract's 500, without internals.
 */
function toPublishFailure(error: unknown, strapi: Core.Strapi): ServiceError {
  if (isServiceError(error)) return error;
  const refused = describeValidationFailure(error);
  if (refused !== undefined) {
    strapi.log.warn(`[article-publisher] Strapi refused the post, nothing was written: ${refused}`);
    return new ServiceError('bad_request', `The site refused the post; nothing was written. Strapi said: ${refused}.`);
  }
  const detail = error instanceof Error ? error.message : String(error);
  strapi.log.error(`[article-publisher] publish failed, nothing was written: ${error instanceof Error ? error.stack : detail}`);
  return new ServiceError('publish_failed', 'The site failed to save the post; nothing was written.');
}

/**
 * The publish pipeline both integrations share: check target -> plan categories -> import media ->
 * (locked, in one transaction) write categories, post, status and ledger -> response.
 */
const publisher = ({ strapi }: { strapi: Core.Strapi }) => ({
  async publish(article: NormalizedArticle, origin: DeliveryOrigin): Promise<PublishOutcome> {
    const config = await getService(strapi, 'plugin-config').get();
    const target = getService(strapi, 'target-schema').requireUsable(config);
    const warnings = [...article.warnings];
    const title = fittedTitle(article, target, warnings);
    const resolver = getService(strapi, 'category-resolver');
    const categoryPlan = await resolver.plan(article.categories, target, warnings);
    const mediaService = getService(strapi, 'media-import');
    const lockNames = [`post:${target.uid}:${article.slug}`, ...resolver.lockNames(categoryPlan)];

    try {
      const written = await getService(strapi, 'locks').withLocks(lockNames, async () => {
        const repeated = await findRepeatedDelivery(strapi, article, target, origin);
        if (repeated) return repeated;
        // Images are imported under the post's lock, so concurrent deliveries of one article do
        // not upload the same files twice; the database transaction starts only once they are in.
        const media = await mediaService.importArticleImages(article, target, config);
        try {
          return await strapi.db.transaction(async () => {
            const store = getService(strapi, 'content-store');
            const categories = await resolver.apply(categoryPlan);
            const existing = await store.findPostBySlug(target, article.slug);
            const existingSeo = existing && target.fields.seo ? existing[target.fields.seo] : undefined;
            const seo = seoValues(article, target, existingSeo, warnings);
            const body = bodyValue(target, media, warnings);
            const data = postData(article, title, target, media, body, categoryPlan.kind === 'none' ? null : categories, seo);
            const publish = article.status === 'publish';

            let documentId: string;
            if (existing) {
              documentId = existing.documentId;
              await store.updatePost(target, documentId, data, publish);
              if (!publish && (await store.hasPublishedVersion(target, documentId))) {
                await store.unpublishPost(target, documentId);
              }
            } else {
              documentId = await store.createPost(target, data, publish);
            }
            const postId = await store.postId(target, documentId);
            await store.recordDelivery({
              ...(origin.source === 'webhook'
                ? { articleId: origin.articleId, websiteId: origin.websiteId, event: origin.event }
                : {}),
              source: origin.source,
              slug: article.slug,
              title: truncateAtWord(title, LEDGER_TITLE_MAX_LENGTH),
              targetUid: target.uid,
              targetDocumentId: documentId,
              postId,
              requestedStatus: article.status,
              contentHash: article.contentHash,
              created: !existing,
              imagesImported: media.imported.length + (media.featuredImageId === undefined ? 0 : 1),
              warnings: [...warnings, ...media.warnings.map((w) => `${w.source_url}: ${w.reason}`)],
            });
            return { created: !existing, duplicate: false, documentId, postId, categories, media };
          });
        } catch (error) {
          await mediaService.discard(media);
          throw error;
        }
      });
      const { media } = written;

      const response: PublishResponse = {
        status: 'success',
        post_id: written.postId,
        document_id: written.documentId,
        post_url: renderPostUrl(config.postUrlTemplate, {
          siteUrl: getService(strapi, 'site-info').siteUrl(config),
          slug: article.slug,
          documentId: written.documentId,
          id: written.postId,
        }),
        post_status: article.status,
        categories: written.categories.map((row) => row.name),
        featured_image_result: media.featuredImageResult,
        inline_images_result: { imported: media.imported, warnings: media.warnings },
        warnings,
      };
      return { created: written.created, duplicate: written.duplicate, response };
    } catch (error) {
      throw toPublishFailure(error, strapi);
    }
  },
});

export type PublisherService = ReturnType<typeof publisher>;
export default publisher;
