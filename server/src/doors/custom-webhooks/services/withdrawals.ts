import type { Core } from '@strapi/strapi';
import { isServiceError, ServiceError } from '../../../../../core/src/errors';
import type { WebhookEndpoint } from '../../../../../core/src/hooks/endpoints';
import type { WithdrawOutcome } from '../../../../../core/src/hooks/reply';
import type { WithdrawAction, WithdrawnPostThunk } from '../../../../../core/src/hooks/withdrawal';
import type { PublishTarget } from '../../../../../core/src/publish-target';
import { slugLockName } from '../../../../../core/src/post-locks';
import { WITHDRAWN_CONTENT_PREFIX } from '../../../pipeline/ledger/deliveries';
import { describeError } from '../../../common/describe-error';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'deliveries' | 'locks' | 'pluginConfig' | 'posts' | 'targetSchema'>;

/** The event a withdrawal answers, as the ledger and the answer name it. */
export interface WithdrawEvent {
  endpoint: WebhookEndpoint;
  event: string;
  action: WithdrawAction;
  bodyHash: string;
}

/**
 * A custom webhook's unpublish and delete events (issue #42): each post the event names, found among
 * the posts this endpoint delivered (by the service's id, else the slug), is unpublished, or deleted
 * when the endpoint's `onDelete` says so, under the post's lock (a publish of the same post waits).
 * The ledger gets a row for it, so a later delivery of the same article publishes again instead of
 * being taken for a repeat. A post that is already a draft, already gone, or not this endpoint's is
 * answered as done with nothing written: the event asked for a state the site is in.
 */
const hookWithdrawals = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => ({
  async withdrawAll(
    request: WithdrawEvent,
    posts: readonly WithdrawnPostThunk[]
  ): Promise<WithdrawOutcome[]> {
    const config = await uses.pluginConfig.get();
    const outcomes: WithdrawOutcome[] = [];
    for (const keyOf of posts) {
      try {
        const target = uses.targetSchema.requireUsable(config);
        outcomes.push(await this.withdraw(request, target, keyOf()));
      } catch (error) {
        outcomes.push({ ok: false, error: asWithdrawError(error, strapi) });
      }
    }
    return outcomes;
  },

  async withdraw(
    { endpoint, event, action, bodyHash }: WithdrawEvent,
    target: PublishTarget,
    key: { externalId: string | undefined; slug: string | undefined }
  ): Promise<WithdrawOutcome> {
    const untouched = (reason: string, row?: { postId: number; targetDocumentId: string }) =>
      ({
        ok: true,
        ...key,
        done: 'none',
        postId: row?.postId ?? null,
        documentId: row?.targetDocumentId ?? null,
        reason,
      }) as const;
    const ledger = uses.deliveries;
    const delivered = await ledger.findLatestHookPost(endpoint.id, target.uid, key);
    if (!delivered) return untouched('No post of this endpoint has this article id or slug.');
    if (action === 'unpublish' && !target.draftAndPublish)
      throw new ServiceError(
        'bad_request',
        `${target.uid} has no draft and publish, so its posts cannot be unpublished; set the endpoint's onDelete to "delete" to delete them on a delete event.`
      );
    const posts = uses.posts;
    const locale = delivered.targetLocale ?? undefined;
    const documentId = delivered.targetDocumentId;
    return uses.locks.withLocks([slugLockName(target.uid, delivered.slug)], async () => {
      if (!(await posts.postExists(target, documentId, locale)))
        return untouched('The post is already gone.', delivered);
      let done: 'unpublished' | 'deleted' | 'none' = 'deleted';
      if (action === 'delete') await posts.deletePost(target, documentId, locale);
      else done = (await posts.unpublishPost(target, documentId, locale)) ? 'unpublished' : 'none';
      await ledger.recordDelivery({
        source: 'hook',
        slug: delivered.slug,
        title: delivered.title,
        targetUid: target.uid,
        targetDocumentId: documentId,
        postId: delivered.postId,
        ...(locale ? { targetLocale: locale } : {}),
        requestedStatus: 'draft',
        event,
        externalId: delivered.externalId ?? undefined,
        hookEndpoint: endpoint.id,
        hookPreset: endpoint.preset,
        // Not an article's content: the next delivery of the article is never taken for a repeat of this.
        contentHash: `${WITHDRAWN_CONTENT_PREFIX}${action}`,
        bodyHash,
        created: false,
        imagesImported: 0,
        imagesReused: 0,
        warnings: [
          `The service's "${event}" event ${done === 'none' ? 'found the post already unpublished' : `${done} the post`}.`,
        ],
        // A withdrawal leaves no part of an article out: nothing to group or to map.
        warningParts: [],
        mappableParts: [],
        check: false,
      });
      return done === 'none'
        ? untouched('The post was already unpublished.', delivered)
        : { ok: true, ...key, done, postId: delivered.postId, documentId };
    });
  },
});

/** A failure as the sender is told it: a write that may succeed later asks for a retry (503). */
function asWithdrawError(error: unknown, strapi: Core.Strapi): ServiceError {
  if (isServiceError(error)) return error;
  strapi.log.error(
    `[article-publisher] a custom webhook unpublish or delete failed: ${describeError(error)}`
  );
  return new ServiceError(
    'temporarily_unavailable',
    'The site could not change this post now. Try again later.'
  );
}

export type HookWithdrawalsService = ReturnType<typeof hookWithdrawals>;
export default hookWithdrawals;
