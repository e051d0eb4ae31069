import { wordpressDate } from './dates';
import { actionLinks, CURIES, link, ownLinks } from './links';

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

/**
 * WordPress's EXIF summary of an image; the library keeps none of it, so each is WordPress's empty value.
 */
const EMPTY_IMAGE_META = {
  aperture: '0',
  credit: '',
  camera: '',
  caption: '',
  created_timestamp: '0',
  copyright: '',
  focal_length: '0',
  iso: '0',
  shutter_speed: '0',
  title: '',
  orientation: '0',
  keywords: [],
};

/**
 * A medium in WordPress's shape (`GET /wp/v2/media/{id}`); `context=edit` (the answer to an upload)
 * adds the raw texts, the slug and permalink WordPress generated, and the editor's actions.
 */
export function mediaJson(
  media: MediaView,
  apiRoot: string,
  options: { title?: string; context?: 'view' | 'edit' } = {}
) {
  const edit = options.context === 'edit';
  const text = (rendered: string) => (edit ? { raw: rendered, rendered } : { rendered });
  const image = media.mime.startsWith('image/');
  const self = `${apiRoot}/wp/v2/media/${media.id}`;
  const date = wordpressDate(media.createdAt);
  const modified = wordpressDate(media.updatedAt);
  const slug = stem(media.name)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-');
  return {
    id: media.id,
    date,
    date_gmt: date,
    guid: text(media.url),
    modified,
    modified_gmt: modified,
    slug,
    status: 'inherit',
    type: 'attachment',
    link: media.url,
    title: text(options.title ?? stem(media.name)),
    author: 1,
    comment_status: 'closed',
    ping_status: 'closed',
    template: '',
    meta: [],
    ...(edit ? { permalink_template: media.url, generated_slug: slug } : {}),
    description: text(''),
    caption: text(media.caption),
    alt_text: media.alt,
    media_type: image ? 'image' : 'file',
    mime_type: media.mime,
    media_details: {
      width: media.width ?? 0,
      height: media.height ?? 0,
      file: media.name,
      filesize: Math.round(media.size),
      sizes: {},
      ...(image ? { image_meta: EMPTY_IMAGE_META } : {}),
    },
    post: null,
    source_url: media.url,
    // The library makes its own formats; none is missing from WordPress's point of view.
    ...(edit ? { missing_image_sizes: [] } : {}),
    _links: {
      ...ownLinks(apiRoot, 'media', media.id),
      about: link(`${apiRoot}/wp/v2/types/attachment`),
      author: link(`${apiRoot}/wp/v2/users/1`, { embeddable: true }),
      replies: link(`${apiRoot}/wp/v2/comments?post=${media.id}`, { embeddable: true }),
      ...(edit ? actionLinks(self, ['unfiltered-html', 'assign-author']) : {}),
      curies: CURIES,
    },
  };
}
