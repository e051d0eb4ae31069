import sanitizeHtml from 'sanitize-html';
import { DEFAULT_VIDEO_EMBED_HOSTS } from './config';
import { IMAGE_MIME_TYPES, parseImageDataUrl } from './image-source';

export interface SanitizeOptions {
  /** URL prefixes an iframe src must start with (default: YouTube's embed paths). */
  videoEmbedHosts?: string[];
  /** Keep `http:` image sources (local testing only, with ARTICLE_PUBLISHER_ALLOW_HTTP). */
  allowHttpImages?: boolean;
}

/** Spec 2.6's elements plus br, hr, code and pre (DESIGN.md "HTML"). */
export const ALLOWED_TAGS = [
  'h2', 'h3', 'p', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'blockquote',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'img', 'figcaption', 'div', 'iframe',
  'br', 'hr', 'code', 'pre',
];

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  iframe: ['src', 'class', 'allowfullscreen', 'title', 'width', 'height'],
  div: ['class'],
  figure: ['class'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
  code: ['class'],
};

function isApprovedEmbed(src: string | undefined, prefixes: string[]): boolean {
  if (!src || !URL.canParse(src)) return false;
  const normalized = new URL(src).href;
  return prefixes.some((prefix) => normalized.startsWith(prefix));
}

function isAllowedDataImage(src: string): boolean {
  const image = parseImageDataUrl(src);
  return image !== null && (IMAGE_MIME_TYPES as readonly string[]).includes(image.mimeType);
}

/**
 * The one allowlist for article HTML, used by both integrations and exported in the toolkit:
 * no scripts, styles or event handlers, only http(s)/mailto links, https (or image data URL)
 * images, and iframes only from the approved video embed prefixes. Output is deterministic.
 */
export function sanitizeArticleHtml(html: string, options: SanitizeOptions = {}): string {
  const embedPrefixes = options.videoEmbedHosts ?? DEFAULT_VIDEO_EMBED_HOSTS;
  const imageSchemes = options.allowHttpImages ? ['https', 'http', 'data'] : ['https', 'data'];
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: imageSchemes, iframe: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
    transformTags: {
      a: (tagName, attribs) => {
        // A link that opens a new tab must not hand the article page to the target.
        return { tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs };
      },
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        if (!src.trim().toLowerCase().startsWith('data:') || isAllowedDataImage(src)) return { tagName, attribs };
        // Attribute order is kept so the output stays byte-for-byte stable.
        return { tagName, attribs: Object.fromEntries(Object.entries(attribs).filter(([name]) => name !== 'src')) };
      },
    },
    exclusiveFilter: (frame) =>
      (frame.tag === 'iframe' && !isApprovedEmbed(frame.attribs.src, embedPrefixes)) ||
      (frame.tag === 'img' && !frame.attribs.src),
  });
}
