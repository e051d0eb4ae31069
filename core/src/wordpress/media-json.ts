import { wordpressDate } from './dates';

/** A media library file as the facade reads it (plugin::upload.file). */
export interface MediaView {
  id: number;
  name: string;
  /** Absolute. */
  url: string;
  mime: string;
  alt: string;
  caption: string;
  width: number | null;
  height: number | null;
  /** Bytes. */
  size: number;
  createdAt: Date | string | null;
  updatedAt: Date | string | null;
}

/** The part before a file name's extension, as WordPress titles an attachment. */
const stem = (name: string) => name.replace(/\.[A-Za-z0-9]+$/, '');

/** A medium in WordPress's shape (`POST /wp/v2/media` answers it with 201). */
export function mediaJson(media: MediaView, apiRoot: string, title?: string) {
  const date = wordpressDate(media.createdAt);
  const modified = wordpressDate(media.updatedAt);
  const slug = stem(media.name)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-');
  return {
    id: media.id,
    date,
    date_gmt: date,
    guid: { rendered: media.url },
    modified,
    modified_gmt: modified,
    slug,
    status: 'inherit',
    type: 'attachment',
    link: media.url,
    title: { rendered: title ?? stem(media.name) },
    author: 1,
    comment_status: 'closed',
    ping_status: 'closed',
    template: '',
    meta: [],
    description: { rendered: '' },
    caption: { rendered: media.caption },
    alt_text: media.alt,
    media_type: media.mime.startsWith('image/') ? 'image' : 'file',
    mime_type: media.mime,
    media_details: {
      width: media.width ?? 0,
      height: media.height ?? 0,
      file: media.name,
      filesize: Math.round(media.size),
      sizes: {},
    },
    post: null,
    source_url: media.url,
    _links: {
      self: [{ href: `${apiRoot}/wp/v2/media/${media.id}` }],
      collection: [{ href: `${apiRoot}/wp/v2/media` }],
    },
  };
}
