import type { Core } from '@strapi/strapi';
import type { NormalizedArticle } from '../../../core/src/article';
import type { EffectiveConfig, PostStatus } from '../../../core/src/config';
import { countPlacedImages } from '../../../core/src/images/image-counts';
import { isServiceError, ServiceError } from '../../../core/src/errors';
import { renderPostUrl } from '../../../core/src/post-url';
import { redactUrlsIn } from '../../../core/src/redact-url';
import {
  placeholderLibraryFiles,
  shortenedBody,
  withoutImportWarnings,
  type DryRunResponse,
} from '../../../core/src/dry-run';
import { listInlineImages } from '../../../core/src/images/inline-images';
import { targetReport, type PublishTarget } from '../../../core/src/publish-target';
import type { PublishResult } from '../../../core/src/publish-result';
import { truncateAtWord } from '../../../core/src/seo';
import type { StageClock } from '../../../core/src/stage-timings';
import { planValues, withFeaturedImage, type ValuePlan } from '../../../core/src/target-profile/plan-values';
import { replayVerdict } from '../../../core/src/webhook-replay';
import { describeValidationFailure } from '../../../core/src/write-failure';
import { CONFORMANCE_CHECK_SLUG } from '../../../core/src/wire-names';
import type { DocumentRow } from '../utils/documents';
import { describeError } from '../utils/describe-error';
import { getService } from '../utils/get-service';
import { stageTimings } from '../utils/stage-timings';
import type { CategoryPlan } from './category-resolver';
import type { CategoryRow } from './category-store';
import type { ArticleMedia } from './media-import';
import type { DeliveryRecord } from './deliveries';

/** Where a delivery came from; recorded in the ledger. */
export type DeliveryOrigin =
  | { source: 'api' }
  /** WordPress's core REST API (`/wp-json/wp/v2/posts`), with an application password. */
  | { source: 'wordpress' }
  | {
      source: 'webhook';
      articleId: number;
      websiteId: number | undefined;
      event: string;
      /** The payload's signed `timestamp`, when it has one. */
      timestamp: Date | undefined;
      /** The SHA-256 of the body's exact bytes. */
      bodyHash: string;
    };

/** The ledger's `title` is a Strapi `string`, capped at 255 characters. */
const LEDGER_TITLE_MAX_LENGTH = 255;

/** Everything decided before any lock is taken or anything is fetched. */
interface PublishPlan {
  article: NormalizedArticle;
  origin: DeliveryOrigin;
  config: EffectiveConfig;
  target: PublishTarget;
  /** The value plan without the entry's current values: categories, tags and the title as they will be. */
  values: ValuePlan;
  categoryPlan: CategoryPlan;
  /** The locale the entry is written in (undefined: the target is not localized). */
  locale: string | undefined;
  /** The site's other locales, default first: where a translation of a slug new to `locale` may be. */
  otherLocales: string[];
  lockNames: string[];
  /** Warnings of every step; the media step's own image warnings travel separately. */
  warnings: string[];
  /** Times the steps for the benchmark's breakdown (does nothing unless stage timings are on). */
  clock: StageClock;
}

/** What the locked part of a publish hands back. */
interface Written {
  created: boolean;
  duplicate: boolean;
  stale: boolean;
  /** The status the post was last delivered with, when this delivery wrote nothing. */
  status?: PostStatus;
  documentId: string;
  postId: number;
  categories: CategoryRow[];
  media: ArticleMedia;
}

/** A featured image that could not be attached is a warning of the delivery, shown in the activity page. */
function featuredImageWarnings(media: ArticleMedia): string[] {
  const prefix = 'warning: ';
  return media.featuredImageResult.startsWith(prefix)
    ? [`featured image: ${media.featuredImageResult.slice(prefix.length)}`]
    : [];
}

/** The ledger's image counts: files uploaded for this delivery apart from files reused from the library. */
function placedImageCounts(media: ArticleMedia): { imagesImported: number; imagesReused: number } {
  const placed = media.imported.map((image) => image.attachment_id);
  if (media.featuredImageId !== undefined) placed.push(media.featuredImageId);
  const { imported, reused } = countPlacedImages(placed, media.uploadedFileIds);
  return { imagesImported: imported, imagesReused: reused };
}

const unchangedMedia = (stale: boolean): ArticleMedia => ({
  html: '',
  featuredImageId: undefined,
  featuredImageResult: stale
    ? 'unchanged: a newer delivery of this article was already processed'
    : 'unchanged: this delivery was already processed',
  imported: [],
  warnings: [],
  uploadedFileIds: [],
});

/**
 * A write failure in the contract's shape. Strapi refusing a value is a permanent input problem: a
 * 400 naming the fields (a retry would fail the same way, so never a 5xx, which the webhook sender
 * retries). Anything else is logged and answered with the contract's 500, without internals.
 */
function toPublishFailure(error: unknown, strapi: Core.Strapi): ServiceError {
  if (isServiceError(error)) return error;
  const refused = describeValidationFailure(error);
  if (refused !== undefined) {
    strapi.log.warn(
      `[article-publisher] Strapi refused the post, nothing was written: ${redactUrlsIn(refused)}`
    );
    return new ServiceError(
      'bad_request',
      `The site refused the post; nothing was written. Strapi said: ${refused}.`
    );
  }
  strapi.log.error(`[article-publisher] publish failed, nothing was written: ${describeError(error)}`);
  return new ServiceError('publish_failed', 'The site failed to save the post; nothing was written.');
}

/**
 * The publish pipeline both integrations share: plan (target, title, categories, locks) -> under the
 * post's lock, media (import images) -> write (one transaction: categories, post, status, ledger) ->
 * a plain result, which each controller shapes into its own wire answer.
 */
const publisher = ({ strapi }: { strapi: Core.Strapi }) => {
  const service = <Name extends Parameters<typeof getService>[1]>(name: Name) => getService(strapi, name);

  async function plan(
    article: NormalizedArticle,
    origin: DeliveryOrigin,
    config: EffectiveConfig,
    clock: StageClock
  ): Promise<PublishPlan> {
    const target = service('target-schema').requireUsable(config);
    const {
      locale,
      otherLocales,
      warnings: localeWarnings,
    } = await service('site-locales').choose(target, config, article.locale);
    const warnings = [...article.warnings, ...localeWarnings];
    const values = planValues(target, {
      article,
      now: new Date(),
      postUrl: postUrlBeforeWrite(config, article),
    });
    warnings.push(...values.warnings);
    const resolver = service('category-resolver');
    const categoryPlan = await resolver.plan(values.categories, target, locale, warnings);
    const lockNames = [
      // Not per locale: the second locale of a new slug must see the first one's document to become
      // its localization, instead of both creating a document of their own.
      `post:${target.uid}:${article.slug}`,
      ...resolver.lockNames(categoryPlan, values.tags),
    ];
    return {
      article,
      origin,
      config,
      target,
      values,
      categoryPlan,
      locale,
      otherLocales,
      lockNames,
      warnings,
      clock,
    };
  }

  /** The post URL when it needs no id (a canonical URL field gets it); with {documentId} or {id} it is known only after the write. */
  function postUrlBeforeWrite(config: EffectiveConfig, article: NormalizedArticle): string | undefined {
    if (/\{(documentId|id)\}/.test(config.postUrlTemplate)) return undefined;
    const siteUrl = service('site-info').siteUrl(config);
    return renderPostUrl(config.postUrlTemplate, { siteUrl, slug: article.slug, documentId: '', id: 0 });
  }

  /**
   * A webhook delivery is idempotent on article_id + slug (+ locale), and never rolls a post back.
   * Nothing is written when its exact bytes were applied before (at any time), when its timestamp is
   * older than the newest one applied for that key, or when the newest ledger entry for that key has
   * the same content and its post still exists. Runs under the post's lock, so deliveries of one
   * article are decided one after another, each seeing the ledger entries of those before it.
   */
  async function findRepeat({ article, origin, target, locale }: PublishPlan): Promise<Written | null> {
    if (origin.source !== 'webhook') return null;
    const ledger = service('deliveries');
    const previous = await ledger.findLatestWebhookDelivery(origin.articleId, article.slug, locale);
    const sameBytes = await ledger.findWebhookDeliveryByBodyHash(origin.bodyHash);
    const verdict = replayVerdict({
      sameBytesApplied: sameBytes !== null,
      deliveryTime: origin.timestamp,
      newestAppliedTime: await ledger.findNewestWebhookTimestamp(origin.articleId, article.slug, locale),
    });
    const current = previous ?? sameBytes;
    if (verdict.duplicate && current) return unchanged(current, verdict.stale);
    if (!previous || previous.contentHash !== article.contentHash) return null;
    if (!(await service('posts').postExists(target, previous.targetDocumentId, locale))) return null;
    return unchanged(previous, false);
  }

  /** What a delivery that writes nothing answers: the post as the ledger's newest entry left it. */
  const unchanged = (current: DeliveryRecord, stale: boolean): Written => ({
    created: false,
    duplicate: true,
    stale,
    status: current.requestedStatus,
    documentId: current.targetDocumentId,
    postId: current.postId,
    categories: [],
    media: unchangedMedia(stale),
  });

  /** Adds warnings not already given (the value plan runs twice: before the lock, and with the entry's current values). */
  const addNew = (warnings: string[], more: string[]) => {
    for (const warning of more) if (!warnings.includes(warning)) warnings.push(warning);
  };

  /** Everything the entry receives, keyed by the target's field names. */
  async function entryData(
    publish: PublishPlan,
    existing: DocumentRow | null,
    media: ArticleMedia,
    body: unknown,
    categories: CategoryRow[],
    tags: CategoryRow[]
  ) {
    const { article, target, warnings } = publish;
    const values = planValues(target, {
      article,
      existing,
      now: new Date(),
      postUrl: postUrlBeforeWrite(publish.config, article),
    });
    addNew(warnings, values.warnings);
    const data = withFeaturedImage(values, media.featuredImageId);
    if (target.body && body !== undefined) data[target.body.field] = body;
    const categoryRole = target.categories;
    if (categoryRole?.kind === 'relation' && publish.categoryPlan.kind !== 'none') {
      data[categoryRole.field] = { set: categories.map((row) => row.documentId) };
    }
    if (target.tags?.kind === 'relation' && publish.values.tags.length)
      data[target.tags.field] = { set: tags.map((row) => row.documentId) };
    if (target.author && !existing?.[target.author.field]) {
      const author = await service('category-resolver').findAuthor(target, publish.locale, warnings);
      if (author) data[target.author.field] = { set: [author] };
    }
    return data;
  }

  /** Categories, tags, post, status and ledger entry in one transaction: all of them land, or none. */
  async function write(publish: PublishPlan, media: ArticleMedia): Promise<Written> {
    const { article, origin, target, locale, warnings, clock } = publish;
    const postBody = service('post-body');
    const libraryFiles = await clock.time('library files', () => postBody.libraryFilesFor(target, media));
    const transaction = clock.begin('transaction');
    const written = await strapi.db.transaction(async () => {
      const posts = service('posts');
      const resolver = service('category-resolver');
      const existing = await clock.time('find existing', () =>
        posts.findPostBySlug(target, article.slug, locale)
      );
      // A slug new to this locale that another locale has: this entry becomes that document's localization.
      const translated = existing
        ? undefined
        : await posts.findTranslatedDocument(target, article.slug, publish.otherLocales);
      const bodyWritten = clock.begin('body');
      const body = postBody.write(
        target,
        media.html,
        libraryFiles,
        posts.existingZone(target, existing),
        warnings
      );
      bodyWritten();
      const categories = await clock.time('categories', async () => {
        const linked = await resolver.apply(publish.categoryPlan, warnings);
        const tags =
          target.tags?.kind === 'relation'
            ? await resolver.applyTags(target.tags.type, publish.values.tags, locale, warnings)
            : [];
        return { linked, tags };
      });
      const data = await clock.time('entry data', () =>
        entryData(publish, existing, media, body, categories.linked, categories.tags)
      );
      const documentId = await clock.time('save post', () =>
        posts.savePost(target, existing?.documentId ?? translated, data, {
          publish: article.status === 'publish',
          locale,
        })
      );
      const postId = await clock.time('post id', () => posts.postId(target, documentId, locale));
      const ledger = clock.begin('ledger');
      const deliveryId = await service('deliveries').recordDelivery({
        ...(origin.source === 'webhook'
          ? {
              articleId: origin.articleId,
              websiteId: origin.websiteId,
              event: origin.event,
              bodyHash: origin.bodyHash,
              payloadTimestamp: origin.timestamp,
            }
          : {}),
        source: origin.source,
        slug: article.slug,
        title: truncateAtWord(article.title, LEDGER_TITLE_MAX_LENGTH),
        targetUid: target.uid,
        targetDocumentId: documentId,
        postId,
        ...(locale ? { targetLocale: locale } : {}),
        requestedStatus: article.status,
        contentHash: article.contentHash,
        check: article.slug === CONFORMANCE_CHECK_SLUG,
        created: !existing,
        ...placedImageCounts(media),
        warnings: [
          ...warnings,
          ...featuredImageWarnings(media),
          ...media.warnings.map((w) => `${w.source_url}: ${w.reason}`),
        ],
      });
      ledger();
      // Scheduled publishing (server/src/schedule): a `future` article's schedule replaces the post's, any other ends it.
      await clock.time('schedule', () =>
        service('schedules').settle({
          target,
          documentId,
          locale,
          slug: article.slug,
          deliveryId,
          scheduledAt: article.scheduledAt,
        })
      );
      return {
        created: !existing,
        duplicate: false,
        stale: false,
        documentId,
        postId,
        categories: categories.linked,
        media,
      };
    });
    transaction();
    return written;
  }

  /**
   * Under the post's lock: images are imported before the transaction starts (so concurrent
   * deliveries of one article do not upload the same files twice), and removed again if the write fails.
   */
  async function deliver(publish: PublishPlan): Promise<Written> {
    const { clock } = publish;
    const repeat = await clock.time('repeat check', () => findRepeat(publish));
    if (repeat) return repeat;
    const mediaImport = service('media-import');
    const { target } = publish;
    const hasFeaturedImageField = publish.values.featuredImagePaths.length > 0;
    const media = await clock.time('media', () =>
      mediaImport.importArticleImages(
        publish.article,
        { uid: target.uid, hasFeaturedImageField },
        publish.config
      )
    );
    return write(publish, media).catch(async (error: unknown) => {
      await mediaImport.discard(media);
      throw error;
    });
  }

  function resultOf({ article, config, locale, warnings }: PublishPlan, written: Written): PublishResult {
    const siteUrl = service('site-info').siteUrl(config);
    const { documentId, postId, media } = written;
    return {
      created: written.created,
      duplicate: written.duplicate,
      stale: written.stale,
      postId,
      documentId,
      postUrl: renderPostUrl(config.postUrlTemplate, { siteUrl, slug: article.slug, documentId, id: postId }),
      status: written.status ?? article.status,
      ...(written.status === undefined && article.scheduledAt ? { scheduledAt: article.scheduledAt } : {}),
      locale: locale ?? null,
      categories: written.categories.map((row) => row.name),
      featuredImage: media.featuredImageResult,
      images: { imported: media.imported, warnings: media.warnings },
      warnings,
    };
  }

  /** Names of what a category plan would link, for the dry run (nothing is created). */
  function plannedCategoryNames(categoryPlan: CategoryPlan): string[] {
    if (categoryPlan.kind === 'existing') return categoryPlan.rows.map((row) => row.name);
    if (categoryPlan.kind === 'names') return categoryPlan.names.map((entry) => entry.name);
    return [];
  }

  /** The dry run's answer (see `preview`). */
  async function previewOf(article: NormalizedArticle, config: EffectiveConfig): Promise<DryRunResponse> {
    const publish = await plan(article, { source: 'api' }, config, stageTimings.start('preview'));
    const { target, locale, warnings } = publish;
    const posts = service('posts');
    const existing = await posts.findPostBySlug(target, article.slug, locale);
    const inline = [...new Set(listInlineImages(article.html).map((image) => image.src))];
    const bodyWarnings: string[] = [];
    const body = service('post-body').write(
      target,
      article.html,
      placeholderLibraryFiles(inline),
      posts.existingZone(target, existing),
      bodyWarnings
    );
    addNew(warnings, withoutImportWarnings(bodyWarnings, inline));
    const values = planValues(target, {
      article,
      existing,
      now: new Date(),
      postUrl: postUrlBeforeWrite(config, article),
    });
    addNew(warnings, values.warnings);
    const data = withFeaturedImage(values, undefined);
    if (target.body && body !== undefined) data[target.body.field] = shortenedBody(body);
    const hasFeaturedImageField = values.featuredImagePaths.length > 0;
    if (article.featuredImage && !hasFeaturedImageField)
      warnings.push('featured image: the target has no media field for a featured image');
    if (target.authorDefault && target.author) data[target.author.field] = target.authorDefault;
    return {
      status: 'success',
      dry_run: true,
      action: existing ? 'update' : 'create',
      target: { ...targetReport(target), ...(locale ? { locale } : {}) },
      values: data,
      categories: plannedCategoryNames(publish.categoryPlan),
      tags: target.tags?.kind === 'relation' ? publish.values.tags : [],
      images: {
        featured_image: hasFeaturedImageField ? (article.featuredImage?.source ?? null) : null,
        inline,
      },
      warnings,
    };
  }

  return {
    /**
     * The dry run: validates, maps and fits as a publish would, reading the entry a republish would
     * update, but fetches no image and writes nothing. Images stay at their source URLs in the body.
     */
    async preview(article: NormalizedArticle, config: EffectiveConfig): Promise<DryRunResponse> {
      try {
        return await previewOf(article, config);
      } catch (error) {
        throw toPublishFailure(error, strapi);
      }
    },

    /** Publishes a normalized article with the config the controller read for this request. */
    async publish(
      article: NormalizedArticle,
      origin: DeliveryOrigin,
      config: EffectiveConfig
    ): Promise<PublishResult> {
      const clock = stageTimings.start('publish');
      try {
        // The plan reads the database too (locales, categories): its failures answer as the write's do.
        const publish = await clock.time('plan', () => plan(article, origin, config, clock));
        const written = await clock.time('locks', () =>
          service('locks').withLocks(publish.lockNames, () => deliver(publish))
        );
        return resultOf(publish, written);
      } catch (error) {
        throw toPublishFailure(error, strapi);
      } finally {
        clock.finish();
      }
    },
  };
};

export type PublisherService = ReturnType<typeof publisher>;
export default publisher;
