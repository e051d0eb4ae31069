import { ServiceError } from '../../../../core/src/errors';
import type { NormalizedArticle } from '../../../../core/src/article';
import type { EffectiveConfig } from '../../../../core/src/config';
import { renderPostUrl } from '../../../../core/src/post-url';
import type { PublishTarget } from '../../../../core/src/publish-target';
import type { StageClock } from '../../../../core/src/stage-timings';
import {
  blockedPublishError,
  stillBlocking,
  validatesRequired,
} from '../../../../core/src/target-profile/blocking-fields';
import { planValues, type ValuePlan } from '../../../../core/src/target-profile/plan-values';
import type { DocumentRow } from '../../strapi/documents';
import type { CategoryPlan } from './types';
import type { DeliveryOrigin } from './types';
import type { PublishCollaborators } from './collaborators';
import { documentLockName, slugLockName } from '../../../../core/src/post-locks';

/**
 * Which post a delivery writes. The service contract creates or updates the post of the article's slug;
 * WordPress's create always makes a new post, and its update by id writes that one entry, whatever
 * its slug (or none).
 */
export type PostSelection =
  | { kind: 'by slug' }
  /** A new post on the article's slug: a slug taken by then is refused (SlugTaken), never updated. */
  | { kind: 'new' }
  /** The document of this id; `slug` is its stored slug (kept as it is), if it has one. */
  | { kind: 'document'; documentId: string; slug: string | undefined };

/** A `new` post's slug was taken by another post before its write: the caller picks another. */
export class SlugTaken extends ServiceError {
  constructor(readonly slug: string) {
    super('bad_request', `The slug "${slug}" is taken by another post.`);
  }
}

/** The document an update by id names is gone (deleted since it was read). */
export class PostGone extends ServiceError {
  constructor(readonly documentId: string) {
    super('not_found', 'The post no longer exists; nothing was written.');
  }
}

/** Everything decided before any lock is taken or anything is fetched. */
export interface PublishPlan {
  article: NormalizedArticle;
  origin: DeliveryOrigin;
  selection: PostSelection;
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

/** The post URL when it needs no id (a canonical URL field gets it); with {documentId} or {id} it is known only after the write. */
export function postUrlBeforeWrite(
  config: EffectiveConfig,
  article: NormalizedArticle,
  siteInfo: PublishCollaborators['siteInfo']
): string | undefined {
  if (/\{(documentId|id)\}/.test(config.postUrlTemplate)) return undefined;
  const siteUrl = siteInfo.siteUrl(config);
  return renderPostUrl(config.postUrlTemplate, { siteUrl, slug: article.slug, documentId: '', id: 0 });
}

/** The first stage of a publish and of a dry run: target, locale, values, categories and the locks to take. */
export async function planPublish(
  article: NormalizedArticle,
  origin: DeliveryOrigin,
  config: EffectiveConfig,
  clock: StageClock,
  use: Pick<PublishCollaborators, 'targetSchema' | 'siteLocales' | 'siteInfo' | 'categories'>,
  selection: PostSelection = { kind: 'by slug' }
): Promise<PublishPlan> {
  const target = use.targetSchema.requireUsable(config);
  const {
    locale,
    otherLocales,
    warnings: localeWarnings,
  } = await use.siteLocales.choose(target, config, article.locale);
  const warnings = [...article.warnings, ...localeWarnings];
  const values = planValues(target, {
    article,
    now: new Date(),
    postUrl: postUrlBeforeWrite(config, article, use.siteInfo),
  });
  warnings.push(...values.warnings);
  const categoryPlan = await use.categories.plan(values.categories, target, locale, warnings);
  const lockNames = [
    postLockName(target.uid, article.slug, selection),
    ...use.categories.lockNames(categoryPlan, values.tags),
  ];
  return {
    article,
    origin,
    selection,
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

/**
 * The post's lock. Not per locale: the second locale of a new slug must see the first one's document to
 * become its localization, instead of both creating a document of their own. An update by id locks the
 * slug it keeps (the one a delivery of that slug locks too), or its document when it has none.
 */
function postLockName(uid: string, slug: string, selection: PostSelection): string {
  if (selection.kind !== 'document') return slugLockName(uid, slug);
  return selection.slug ? slugLockName(uid, selection.slug) : documentLockName(uid, selection.documentId);
}

/** Adds warnings not already given (the value plan runs twice: before the lock, and with the entry's current values). */
export function addNew(warnings: string[], more: readonly string[]): void {
  for (const warning of more) if (!warnings.includes(warning)) warnings.push(warning);
}

/**
 * Refuses, before anything is fetched or written, a publish whose article leaves required fields
 * empty that Strapi's validation would refuse (issue #47), naming every one of them: a required
 * category enumeration none of the article's categories fits, a gallery without images. Fields
 * the stored entry already has a value for are kept by the update, so they do not block; a draft
 * is not validated by Strapi, so it is saved with the warnings.
 */
export function refuseBlockedFields(publish: PublishPlan, existing: DocumentRow | null): void {
  if (!validatesRequired(publish.target.draftAndPublish, publish.article.status)) return;
  const blocking = stillBlocking(publish.values.blockers, existing);
  if (blocking.length) throw blockedPublishError(blocking);
}
