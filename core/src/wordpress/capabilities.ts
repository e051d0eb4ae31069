import type { EntryRefusal } from '../gate/entry-rights';
import { WordPressError } from './errors';
import type { WordPressStatus } from './post-request';
import type { Taxonomy } from './term-json';

/**
 * What the admin behind an application password may do right now, read from Strapi's admin permissions
 * (the Content Manager's actions on the target type, the Media Library's upload, the term types'), and
 * WordPress's capabilities, role and refusals derived from it. Framework-free: the glue asks Strapi.
 */
export interface EditorRights {
  /** The Content Manager actions on the target type. */
  posts: { create: boolean; read: boolean; update: boolean; delete: boolean; publish: boolean };
  /** Whether the target has Draft & Publish; without it every save is live, so saving is publishing. */
  draftAndPublish: boolean;
  /** The Media Library's `assets.create`. */
  upload: boolean;
  /** Whether terms of each taxonomy may be created (the term type's rights, or the target's where the plugin keeps them). */
  terms: Record<Taxonomy, boolean>;
}

/** The rights of ARTICLE_PUBLISHER_WP_APP_PASSWORD's login, which stands for no admin: everything. */
export const FULL_RIGHTS: EditorRights = {
  posts: { create: true, read: true, update: true, delete: true, publish: true },
  draftAndPublish: true,
  upload: true,
  terms: { category: true, post_tag: true },
};

/** The capabilities `GET /users/me?context=edit` shows: an editor's, the ones publishing services check. */
export const CAPABILITIES = [
  'read',
  'edit_posts',
  'edit_others_posts',
  'edit_published_posts',
  'publish_posts',
  'delete_posts',
  'upload_files',
  'manage_categories',
  'unfiltered_html',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Whether these rights make a post live: publishing, or saving at all on a target without drafts. */
const mayPublish = (rights: EditorRights) =>
  rights.draftAndPublish ? rights.posts.publish : rights.posts.create && rights.posts.update;

/** WordPress's capabilities of these rights. */
export function capabilitiesOf(rights: EditorRights): Record<Capability, boolean> {
  const { posts } = rights;
  const editPosts = posts.create && posts.update;
  const publish = mayPublish(rights);
  return {
    read: true,
    edit_posts: editPosts,
    edit_others_posts: posts.update,
    edit_published_posts: posts.update && publish,
    publish_posts: publish,
    delete_posts: posts.delete,
    upload_files: rights.upload,
    manage_categories: rights.terms.category,
    // The door cleans HTML the same for everyone; WordPress gives this to whoever writes posts.
    unfiltered_html: editPosts,
  };
}

/** The WordPress role these rights amount to: editor (publishes anyone's), author, contributor (drafts), subscriber. */
export function roleOf(rights: EditorRights): 'editor' | 'author' | 'contributor' | 'subscriber' {
  const capabilities = capabilitiesOf(rights);
  if (capabilities.publish_posts && capabilities.edit_others_posts) return 'editor';
  if (capabilities.publish_posts) return 'author';
  if (capabilities.edit_posts) return 'contributor';
  return 'subscriber';
}

/** WordPress's answer to a logged-in user without the capability: 403, with its own code and wording. */
const forbidden = (code: string, message: string) => new WordPressError(code, message, 403);

/** Statuses that make a post public, now or at its date: they need `publish_posts`. */
const PUBLISHING: readonly (WordPressStatus | undefined)[] = ['publish', 'future'];

/**
 * Why a post write is refused, as WordPress refuses it, or undefined. `status` is the one requested;
 * `currentStatus` the post's before an update (editing a published or scheduled post needs
 * `edit_published_posts`, as WordPress's map_meta_cap has it).
 */
export function postWriteRefusal(
  rights: EditorRights,
  write: { kind: 'create' } | { kind: 'update'; currentStatus: WordPressStatus },
  status: WordPressStatus | undefined
): WordPressError | undefined {
  const capabilities = capabilitiesOf(rights);
  if (write.kind === 'create' && !rights.posts.create) {
    return forbidden('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
  }
  if (write.kind === 'update') {
    const live = PUBLISHING.includes(write.currentStatus);
    if (!rights.posts.update || (live && !capabilities.edit_published_posts)) {
      return forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
    }
  }
  if (PUBLISHING.includes(status) && !capabilities.publish_posts) {
    return forbidden('rest_cannot_publish', 'Sorry, you are not allowed to publish posts in this post type.');
  }
  if (status === 'private' && !capabilities.publish_posts) {
    return forbidden(
      'rest_cannot_publish',
      'Sorry, you are not allowed to create private posts in this post type.'
    );
  }
  return undefined;
}

/**
 * The gate's refusal of a write on its entry (core/src/gate/entry-rights.ts), as WordPress answers a
 * logged-in user without the capability for that post: creating, editing it (a published post needs
 * `edit_published_posts`), or publishing it.
 */
export function entryWriteRefusal(refusal: EntryRefusal): WordPressError {
  if (refusal.action === 'create')
    return forbidden('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
  if (refusal.action === 'update' || refusal.entry === 'published')
    return forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
  return forbidden('rest_cannot_publish', 'Sorry, you are not allowed to publish posts in this post type.');
}

/** Why creating a term is refused, or undefined. */
export function termCreateRefusal(rights: EditorRights, taxonomy: Taxonomy): WordPressError | undefined {
  if (rights.terms[taxonomy]) return undefined;
  return forbidden('rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.');
}

/** Why an upload is refused, or undefined. */
export function uploadRefusal(rights: EditorRights): WordPressError | undefined {
  if (rights.upload) return undefined;
  return forbidden('rest_cannot_create', 'Sorry, you are not allowed to upload media on this site.');
}
