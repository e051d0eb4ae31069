import type { Core } from '@strapi/strapi';
import type { NormalizedArticle } from '../../../core/src/article';
import {
  entryRefusal,
  EntryRightRefused,
  requiredEntryActions,
  type EntryFound,
} from '../../../core/src/gate/entry-rights';
import { localeParams } from '../../../core/src/locale';
import type { PublishTarget } from '../../../core/src/publish-target';
import type { DeliveryOrigin } from '../pipeline/publish/types';
import { documentsOf, type DocumentRow } from '../strapi/documents';
import type { GateRequest } from './types';
import type { Collaborators } from '../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'contentRights' | 'posts' | 'siteLocales' | 'targetSchema'>;

interface RightsContext {
  strapi: Core.Strapi;
  uses: Uses;
}

/**
 * The gate's rights step (issue #55): a person's write is judged as the Content Manager judges an
 * editor's, on the entry it lands on, conditions included (`admin::is-creator`, conditions registered
 * with the admin's condition provider). A service caller writes any post of the target.
 */

/**
 * The draft (every document has one) of the entry the write lands on, in the locale the pipeline
 * writes (publish/plan.ts), with what the role's conditions read populated; null for a new entry.
 */
async function entryOf(
  { strapi, uses }: RightsContext,
  request: GateRequest,
  article: NormalizedArticle,
  target: PublishTarget,
  populate: Record<string, unknown>
): Promise<DocumentRow | null> {
  const selection = request.selection ?? { kind: 'by slug' };
  if (selection.kind === 'new') return null;
  const { locale } = await uses.siteLocales.choose(target, request.config, article.locale);
  const filters =
    selection.kind === 'document'
      ? { documentId: selection.documentId }
      : await uses.posts.postFilters(target, article.slug);
  if (!filters) return null;
  return documentsOf(strapi, target.uid).findFirst({
    filters,
    ...(target.draftAndPublish ? { status: 'draft' } : {}),
    ...localeParams(target, locale),
    ...(Object.keys(populate).length ? { populate } : {}),
  });
}

/**
 * Refuses (EntryRightRefused, 403) a person's write their role does not allow on its entry, before
 * anything is fetched or written; answers the origin the pipeline writes with, which names the admin
 * a person's write is made for (recorded as the entry's creator or last editor, as the Content
 * Manager records its editors).
 */
export async function admitWriteRights(
  context: RightsContext,
  request: GateRequest,
  article: NormalizedArticle
): Promise<DeliveryOrigin> {
  const { uses } = context;
  const { caller } = request;
  if (caller.kind === 'service') return request.origin;
  const rights = uses.contentRights;
  const target = uses.targetSchema.requireUsable(request.config);
  const ability =
    caller.ability ?? (caller.adminId === undefined ? null : await rights.abilityOf(caller.adminId));
  // Every action a write may need: their conditions say which fields of the entry to read.
  const populate = ability
    ? await rights.populateForConditions(ability, target.uid, ['update', 'publish'])
    : {};
  const row = await entryOf(context, request, article, target, populate);
  const entry: EntryFound = row
    ? {
        kind: 'existing',
        published: await uses.posts.hasPublishedVersion(
          target,
          row.documentId,
          typeof row.locale === 'string' ? row.locale : undefined
        ),
      }
    : { kind: 'new' };
  const required = requiredEntryActions(entry, article.status, target.draftAndPublish);
  const refusal = entryRefusal(
    entry,
    required,
    (action) => ability !== null && rights.mayOnEntry(ability, target.uid, action, row ?? undefined)
  );
  if (refusal) throw new EntryRightRefused(refusal, target.uid);
  return caller.adminId === undefined ? request.origin : { ...request.origin, writtenBy: caller.adminId };
}
