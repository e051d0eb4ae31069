import { redactUrl } from '../redact-url';

const BLOCKS_LINK_PROTOCOLS = new Set(['http:', 'https:', 'ftp:', 'mailto:', 'tel:']);

/**
 * Whether Strapi's blocks validator accepts this link URL (same rule as its checkValidLink):
 * an absolute URL with one of those protocols, or a path starting with "/". Anything else
 * ("#anchor", "page.html") would make Strapi refuse the whole entry.
 */
export function isBlocksLinkUrl(url: string): boolean {
  try {
    return BLOCKS_LINK_PROTOCOLS.has(new URL(url.startsWith('/') ? `https://strapi.io${url}` : url).protocol);
  } catch {
    return false;
  }
}

const YOUTUBE_EMBED = /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/([A-Za-z0-9_-]{6,20})(?:[?#].*)?$/;

/**
 * The link that stands in for an embedded video (spec 4.2 rule 5: the video id taken from the
 * approved embed URL). YouTube embeds link to the watch page; other approved hosts to the embed URL.
 */
export function videoLink(src: string, title: string | undefined): { url: string; text: string } | undefined {
  const youtubeId = YOUTUBE_EMBED.exec(src)?.[1];
  if (youtubeId)
    return {
      url: `https://www.youtube.com/watch?v=${youtubeId}`,
      text: title || 'Watch the video on YouTube',
    };
  if (!/^https?:\/\//i.test(src) || !isBlocksLinkUrl(src)) return undefined;
  return { url: src, text: title || 'Watch the video' };
}

/** A URL short enough for a warning (a data URL can be megabytes long). */
export function describeSource(src: string): string {
  if (/^data:/i.test(src)) return `(a ${src.slice(5, src.search(/[;,]/)) || 'data'} data URL)`;
  const shown = redactUrl(src);
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown;
}
