import type { Core } from '@strapi/strapi';
import type { NormalizedArticle } from '../../../core/src/article';
import { BODY_WRITERS } from '../../../core/src/body-formats';
import type { EffectiveConfig } from '../../../core/src/config';
import { isServiceError, ServiceError } from '../../../core/src/errors';
import { renderPostUrl } from '../../../core/src/post-url';
import type { PublishResult } from '../../../core/src/publish-result';
import { truncateAtWord } from '../../../core/src/seo';
import type { TargetDescription } from '../../../core/src/target-description';
import { fittedTitle, postData, seoValues } from '../../../core/src/target-values';
import { describeValidationFailure } from '../../../core/src/write-failure';
import { CONFORMANCE_CHECK_SLUG } from '../../../core/src/wire-names';
import { getService } from '../utils/get-service';
import type { CategoryPlan } from './category-resolver';
import type { CategoryRow } from './category-store';
import type { ArticleMedia } from './media-import';

/** Where a delivery came from; recorded in the ledger. */
export type DeliveryOrigin =
  | { source: 'api' }
  | { source: 'webhook'; articleId: number; websiteId: number | undefined; event: string };

/** The ledger's `title` is a Strapi `string`, capped at 255 characters. */
const LEDGER_TITLE_MAX_LENGTH = 255;

/** Everything decided before any lock is taken or anything is fetched. */
interface PublishPlan {
  article: NormalizedArticle;
  origin: DeliveryOrigin;
  config: EffectiveConfig;
  target: TargetDescription;
  title: string;
  categoryPlan: CategoryPlan;
  lockNames: string[];
  /** Warnings of every step; the media step's own image warnings travel separately. */
  warnings: string[];
}

/** What the locked part of a publish hands back. */
interface Written {
  created: boolean;
  duplicate: boolean;
  documentId: string;
  postId: number;
  categories: CategoryRow[];
  media: ArticleMedia;
}

/** A featured image that could not be attached is a warning of the delivery, shown in the activity page. */
function featuredImageWarnings(media: ArticleMedia): string[] {
  const prefix = 'warning: ';
  return media.featuredImageResult.startsWith(prefix) ? [`featured image: ${media.featuredImageResult.slice(prefix.length)}`] : [];
}

const UNCHANGED_MEDIA: ArticleMedia = {
  html: '',
  featuredImageId: undefined,
  featuredImageResult: 'unchanged: this delivery was already processed',
  imported: [],
  warnings: [],
  uploadedFileIds: [],
};

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
 * The publish pipeline both integrations share: plan (target, title, categories, locks) -> under the
 * post's lock, media (import images) -> write (one transaction: categories, post, status, ledger) ->
 * a plain result, which each controller shapes into its own wire answer.
 */
const publisher = ({ strapi }: { strapi: Core.Strapi }) => {
  const service = <Name extends Parameters<typeof getService>[1]>(name: Name) => getService(strapi, name);

  async function plan(article: NormalizedArticle, origin: DeliveryOrigin, config: EffectiveConfig): Promise<PublishPlan> {
    const target = service('target-schema').requireUsable(config);
    const warnings = [...article.warnings];
    const title = fittedTitle(article, target, warnings);
    const resolver = service('category-resolver');
    const categoryPlan = await resolver.plan(article.categories, target, warnings);
    const lockNames = [`post:${target.uid}:${article.slug}`, ...resolver.lockNames(categoryPlan)];
    return { article, origin, config, target, title, categoryPlan, lockNames, warnings };
  }

  /**
   * A webhook delivery is idempotent on article_id + slug: when the newest ledger entry for that key
   * has the same content and its post still exists, the delivery is a repeat and nothing is written.
   */
  async function findRepeat({ article, origin, target }: PublishPlan): Promise<Written | null> {
    if (origin.source !== 'webhook') return null;
    const previous = await service('deliveries').findLatestWebhookDelivery(origin.articleId, article.slug);
    if (!previous || previous.contentHash !== article.contentHash) return null;
    if (!(await service('posts').postExists(target, previous.targetDocumentId))) return null;
    const { targetDocumentId: documentId, postId } = previous;
    return { created: false, duplicate: true, documentId, postId, categories: [], media: UNCHANGED_MEDIA };
  }

  /** The body as the target's format stores it (one writer per format). */
  async function bodyOf(publish: PublishPlan, media: ArticleMedia): Promise<unknown> {
    const writer = BODY_WRITERS[publish.target.contentFormat];
    const libraryImages = writer.needsLibraryImages ? await service('media-import').libraryImagesOf(media.imported) : new Map();
    return writer.write({ html: media.html, libraryImages }, publish.warnings);
  }

  /** Categories, post, status and ledger entry in one transaction: all of them land, or none. */
  async function write(publish: PublishPlan, media: ArticleMedia): Promise<Written> {
    const { article, origin, target, warnings } = publish;
    const body = await bodyOf(publish, media);
    return strapi.db.transaction(async () => {
      const posts = service('posts');
      const categories = await service('category-resolver').apply(publish.categoryPlan);
      const existing = await posts.findPostBySlug(target, article.slug);
      const seo = seoValues(article, target, existing && target.fields.seo ? existing[target.fields.seo] : undefined, warnings);
      const data = postData(target, {
        title: publish.title,
        slug: article.slug,
        body,
        featuredImageId: media.featuredImageId,
        categoryDocumentIds: publish.categoryPlan.kind === 'none' ? null : categories.map((row) => row.documentId),
        seo,
      });
      const documentId = await posts.savePost(target, existing?.documentId, data, article.status === 'publish');
      const postId = await posts.postId(target, documentId);
      await service('deliveries').recordDelivery({
        ...(origin.source === 'webhook' ? { articleId: origin.articleId, websiteId: origin.websiteId, event: origin.event } : {}),
        source: origin.source,
        slug: article.slug,
        title: truncateAtWord(publish.title, LEDGER_TITLE_MAX_LENGTH),
        targetUid: target.uid,
        targetDocumentId: documentId,
        postId,
        requestedStatus: article.status,
        contentHash: article.contentHash,
        check: article.slug === CONFORMANCE_CHECK_SLUG,
        created: !existing,
        imagesImported: media.imported.length + (media.featuredImageId === undefined ? 0 : 1),
        warnings: [...warnings, ...featuredImageWarnings(media), ...media.warnings.map((w) => `${w.source_url}: ${w.reason}`)],
      });
      return { created: !existing, duplicate: false, documentId, postId, categories, media };
    });
  }

  /**
   * Under the post's lock: images are imported before the transaction starts (so concurrent
   * deliveries of one article do not upload the same files twice), and removed again if the write fails.
   */
  async function deliver(publish: PublishPlan): Promise<Written> {
    const repeat = await findRepeat(publish);
    if (repeat) return repeat;
    const mediaImport = service('media-import');
    const media = await mediaImport.importArticleImages(publish.article, publish.target, publish.config);
    return write(publish, media).catch(async (error: unknown) => {
      await mediaImport.discard(media);
      throw error;
    });
  }

  function resultOf({ article, config, warnings }: PublishPlan, written: Written): PublishResult {
    const siteUrl = service('site-info').siteUrl(config);
    const { documentId, postId, media } = written;
    return {
      created: written.created,
      duplicate: written.duplicate,
      postId,
      documentId,
      postUrl: renderPostUrl(config.postUrlTemplate, { siteUrl, slug: article.slug, documentId, id: postId }),
      status: article.status,
      categories: written.categories.map((row) => row.name),
      featuredImage: media.featuredImageResult,
      images: { imported: media.imported, warnings: media.warnings },
      warnings,
    };
  }

  return {
    /** Publishes a normalized article with the config the controller read for this request. */
    async publish(article: NormalizedArticle, origin: DeliveryOrigin, config: EffectiveConfig): Promise<PublishResult> {
      const publish = await plan(article, origin, config);
      try {
        const written = await service('locks').withLocks(publish.lockNames, () => deliver(publish));
        return resultOf(publish, written);
      } catch (error) {
        throw toPublishFailure(error, strapi);
      }
    },
  };
};

export type PublisherService = ReturnType<typeof publisher>;
export default publisher;
