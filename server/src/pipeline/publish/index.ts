import type { Core } from '@strapi/strapi';
import type { NormalizedArticle } from '../../../../core/src/article';
import type { EffectiveConfig } from '../../../../core/src/config';
import { letReadersIn } from '../../../../core/src/event-loop-turn';
import type { DryRunResponse } from '../../../../core/src/dry-run';
import type { PublishResult } from '../../../../core/src/publish-result';
import type { PublishCollaborators } from './collaborators';
import { toPublishFailure } from './failure';
import { planPublish, type PostSelection } from './plan';
import { previewArticle } from './preview';
import { resultOf } from './result';
import type { Connection, DeliveryOrigin } from './types';
import { deliver } from './deliver';
import { hasOneConnection } from '../../strapi/database-client';
import { stageTimings } from '../../common/stage-timings';
import type { Collaborators } from '../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<
  Collaborators,
  | 'articleWork'
  | 'categoryResolver'
  | 'deliveries'
  | 'keptTerms'
  | 'locks'
  | 'mediaImport'
  | 'posts'
  | 'schedules'
  | 'siteInfo'
  | 'siteLocales'
  | 'targetSchema'
>;

/**
 * The publish pipeline both integrations share (its stages are the other files of this folder): plan (target,
 * title, categories, locks) -> under the post's lock, media (import images) -> compose the entry (body,
 * values) -> write (one short transaction: categories, post, status, ledger) -> a plain result, which
 * each controller shapes into its own wire answer. The dry run is the same plan and composer, stopped
 * before anything is fetched or written.
 */
const publisher = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const use = (): PublishCollaborators => ({
    targetSchema: uses.targetSchema,
    siteLocales: uses.siteLocales,
    siteInfo: uses.siteInfo,
    categories: uses.categoryResolver,
    posts: uses.posts,
    deliveries: uses.deliveries,
    locks: uses.locks,
    schedules: uses.schedules,
    keptTerms: uses.keptTerms,
    media: uses.mediaImport,
    articleWork: uses.articleWork,
    // Strapi's typing wraps the callback's promise once more than it resolves.
    transaction: <T>(work: (transaction: Connection) => Promise<T>) =>
      strapi.db.transaction(({ trx }) => work(trx)) as unknown as Promise<T>,
    oneConnection: hasOneConnection(strapi),
  });

  return {
    /**
     * The dry run: validates, maps and fits as a publish would, reading the entry a republish would
     * update, but fetches no image and writes nothing. Images stay at their source URLs in the body.
     */
    async preview(article: NormalizedArticle, config: EffectiveConfig): Promise<DryRunResponse> {
      const clock = stageTimings.start('preview');
      try {
        return await previewArticle(article, config, clock, use());
      } catch (error) {
        throw toPublishFailure(error, strapi.log);
      } finally {
        clock.finish();
      }
    },

    /**
     * Publishes a normalized article with the config the controller read for this request, into the
     * post `selection` names (the service contract's: the post of the article's slug).
     */
    async publish(
      article: NormalizedArticle,
      origin: DeliveryOrigin,
      config: EffectiveConfig,
      selection: PostSelection = { kind: 'by slug' }
    ): Promise<PublishResult> {
      const clock = stageTimings.start('publish');
      const collaborators = use();
      try {
        // The plan reads the database too (locales, categories): its failures answer as the write's do.
        const publish = await clock.time('plan', () =>
          planPublish(article, origin, config, clock, collaborators, selection)
        );
        await letReadersIn();
        const written = await deliver(publish, collaborators);
        return resultOf(publish, written, collaborators.siteInfo);
      } catch (error) {
        throw toPublishFailure(error, strapi.log);
      } finally {
        clock.finish();
      }
    },
  };
};

export type { DeliveryOrigin };
export type PublisherService = ReturnType<typeof publisher>;
export default publisher;
