import type { EditorAction } from '../app-content-types';
import type { PostStatus } from '../config';
import { ServiceError } from '../errors';

/** The entry a write lands on, as the gate found it before the write: none yet, or its draft. */
export type EntryFound = { kind: 'new' } | { kind: 'existing'; published: boolean };

/** Whether a write leaves its entry public, now or at its date (`future` is published by its schedule). */
export const writePublishes = (status: PostStatus): boolean => status === 'publish' || status === 'future';

/**
 * The Content Manager actions a write needs on its entry, as the Content Manager asks them of an
 * editor: a new entry needs `create`, an existing one `update`; with Draft & Publish, `publish` too
 * when the write publishes, or when the entry is published (a draft sent over it withdraws it, and an
 * update of a live post is a publish).
 */
export function requiredEntryActions(
  entry: EntryFound,
  status: PostStatus,
  draftAndPublish: boolean
): EditorAction[] {
  const actions: EditorAction[] = [entry.kind === 'new' ? 'create' : 'update'];
  const live = entry.kind === 'existing' && entry.published;
  if (draftAndPublish && (writePublishes(status) || live)) actions.push('publish');
  return actions;
}

/** What the caller may not do on the entry: the first action refused, and the entry it was judged on. */
export interface EntryRefusal {
  action: EditorAction;
  entry: 'new' | 'draft' | 'published';
}

/** The first of `required` that `may` refuses on the entry, or undefined when the write is allowed. */
export function entryRefusal(
  entry: EntryFound,
  required: readonly EditorAction[],
  may: (action: EditorAction) => boolean
): EntryRefusal | undefined {
  const action = required.find((candidate) => !may(candidate));
  if (!action) return undefined;
  return { action, entry: entry.kind === 'new' ? 'new' : entry.published ? 'published' : 'draft' };
}

const VERB: Record<EditorAction, string> = { create: 'create', update: 'update', publish: 'publish' };

/**
 * A person's write their Strapi role does not allow on the entry it lands on (conditions such as
 * "is creator" included): 403 `forbidden`, before anything is fetched or written. Each door answers it
 * in its own shape (WordPress: core/src/wordpress/capabilities.ts `entryWriteRefusal`).
 */
export class EntryRightRefused extends ServiceError {
  constructor(
    readonly refusal: EntryRefusal,
    uid: string
  ) {
    super(
      'forbidden',
      refusal.entry === 'new'
        ? `Your Strapi role may not ${VERB[refusal.action]} entries of ${uid}: nothing was written.`
        : `Your Strapi role may not ${VERB[refusal.action]} this ${uid} entry (the Content Manager's permission on it, conditions included): nothing was written.`
    );
    this.name = 'EntryRightRefused';
  }
}
