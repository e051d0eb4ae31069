import { wordpressDate } from './dates';
import { actionLinks, CURIES, link, ownLinks, type Links } from './links';

/** A post's WordPress status; `future` while it waits for its publication time; `private` is not stored. */
export type PostJsonStatus = 'publish' | 'future' | 'draft' | 'pending';

/** What the facade knows of a post, read from the target's entry (or from the publish just made). */
export interface PostView {
  id: number;
  slug: string;
  status: PostJsonStatus;
  title: string;
  /**
   * The body as HTML whatever the target keeps (core/src/wordpress/post-html): `content.rendered`, and
   * `content.raw` too, so that a client sending it back unchanged leaves the stored body as it is.
   */
  content: string;
  /** `raw`: the excerpt kept (the summary field, or the one the plugin keeps); `rendered`: as the_excerpt shows it. */
  excerpt: { raw: string; rendered: string };
  date: Date | string | null;
  modified: Date | string | null;
  link: string;
  authorId: number;
  featuredMedia: number;
  categories: number[];
  tags: number[];
  meta: Record<string, string>;
  /** How many times the post was changed after its creation: WordPress's revision count. */
  revisions: number;
}

/** What an editor may do with a post (`context=edit`), as WordPress offers it to an administrator. */
const POST_ACTIONS = [
  'publish',
  'unfiltered-html',
  'sticky',
  'assign-author',
  'create-categories',
  'assign-categories',
  'create-tags',
  'assign-tags',
] as const;

/** WordPress's `block_version`: 1 when the content holds block markup, else 0. */
export const blockVersion = (content: string) => (content.includes('<!-- wp:') ? 1 : 0);

/** A post's `_links`: where its author, comments, revisions, image, terms and attachments are. */
function postLinks(post: PostView, apiRoot: string, edit: boolean): Links {
  const self = `${apiRoot}/wp/v2/posts/${post.id}`;
  const embeddable = { embeddable: true };
  return {
    ...ownLinks(apiRoot, 'posts', post.id),
    about: link(`${apiRoot}/wp/v2/types/post`),
    author: link(`${apiRoot}/wp/v2/users/${post.authorId}`, embeddable),
    replies: link(`${apiRoot}/wp/v2/comments?post=${post.id}`, embeddable),
    'version-history': link(`${self}/revisions`, { count: post.revisions }),
    ...(post.revisions
      ? { 'predecessor-version': link(`${self}/revisions/${post.revisions}`, { id: post.revisions }) }
      : {}),
    ...(post.featuredMedia
      ? { 'wp:featuredmedia': link(`${apiRoot}/wp/v2/media/${post.featuredMedia}`, embeddable) }
      : {}),
    'wp:attachment': link(`${apiRoot}/wp/v2/media?parent=${post.id}`),
    'wp:term': [
      { taxonomy: 'category', ...embeddable, href: `${apiRoot}/wp/v2/categories?post=${post.id}` },
      { taxonomy: 'post_tag', ...embeddable, href: `${apiRoot}/wp/v2/tags?post=${post.id}` },
    ],
    ...(edit ? actionLinks(self, POST_ACTIONS) : {}),
    curies: CURIES,
  };
}

/** A post in WordPress's shape (`GET /wp/v2/posts/{id}`); `context=edit` adds the raw texts. */
export function postJson(post: PostView, apiRoot: string, context: 'view' | 'edit' | 'embed' = 'view') {
  const edit = context === 'edit';
  const raw = <T extends object>(rendered: string, extra: T) =>
    edit ? { raw: rendered, rendered, ...extra } : { rendered, ...extra };
  const date = wordpressDate(post.date);
  const modified = wordpressDate(post.modified);
  return {
    id: post.id,
    date,
    date_gmt: date,
    guid: raw(`${apiRoot}/wp/v2/posts/${post.id}`, {}),
    modified,
    modified_gmt: modified,
    ...(edit ? { password: '' } : {}),
    slug: post.slug,
    status: post.status,
    type: 'post',
    link: post.link,
    title: raw(post.title, {}),
    content: raw(post.content, {
      protected: false,
      ...(edit ? { block_version: blockVersion(post.content) } : {}),
    }),
    excerpt: edit
      ? { raw: post.excerpt.raw, rendered: post.excerpt.rendered, protected: false }
      : { rendered: post.excerpt.rendered, protected: false },
    author: post.authorId,
    featured_media: post.featuredMedia,
    comment_status: 'closed',
    ping_status: 'closed',
    sticky: false,
    template: '',
    format: 'standard',
    meta: post.meta,
    categories: post.categories,
    tags: post.tags,
    ...(edit
      ? {
          // The post's address with its slug as WordPress's placeholder, and the slug it would generate.
          permalink_template: post.slug ? post.link.replace(post.slug, '%postname%') : post.link,
          generated_slug: post.slug,
        }
      : {}),
    _links: postLinks(post, apiRoot, edit),
  };
}

/**
 * What a write's answer adds to the post: the delivery's warnings (an emptied body, a status stored
 * otherwise, terms kept by the plugin), as a WordPress plugin adds a field of its own to the post
 * (register_rest_field); absent when there are none. The activity log records the same.
 */
export const writeWarnings = (warnings: readonly string[]) =>
  warnings.length ? { article_publisher_warnings: [...warnings] } : {};
