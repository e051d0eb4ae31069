import { wordpressDate } from './dates';

/** A post's WordPress status; `future` and `private` are not stored (see post-article.ts). */
export type PostJsonStatus = 'publish' | 'draft' | 'pending';

/** What the facade knows of a post, read from the target's entry (or from the publish just made). */
export interface PostView {
  id: number;
  slug: string;
  status: PostJsonStatus;
  title: string;
  /** The body as HTML when the target keeps HTML; otherwise what the field holds, as text. */
  content: string;
  excerpt: string;
  date: Date | string | null;
  modified: Date | string | null;
  link: string;
  authorId: number;
  featuredMedia: number;
  categories: number[];
  tags: number[];
  meta: Record<string, string>;
}

/** A post in WordPress's shape (`GET /wp/v2/posts/{id}`); `context=edit` adds the raw texts. */
export function postJson(post: PostView, apiRoot: string, context: 'view' | 'edit' | 'embed' = 'view') {
  const raw = <T extends object>(rendered: string, extra: T) =>
    context === 'edit' ? { raw: rendered, rendered, ...extra } : { rendered, ...extra };
  const date = wordpressDate(post.date);
  const modified = wordpressDate(post.modified);
  return {
    id: post.id,
    date,
    date_gmt: date,
    guid: raw(`${apiRoot}/wp/v2/posts/${post.id}`, {}),
    modified,
    modified_gmt: modified,
    slug: post.slug,
    status: post.status,
    type: 'post',
    link: post.link,
    title: raw(post.title, {}),
    content: raw(post.content, { protected: false }),
    excerpt: raw(post.excerpt, { protected: false }),
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
    _links: {
      self: [{ href: `${apiRoot}/wp/v2/posts/${post.id}` }],
      collection: [{ href: `${apiRoot}/wp/v2/posts` }],
    },
  };
}
