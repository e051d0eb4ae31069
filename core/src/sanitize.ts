import sanitizeHtml from 'sanitize-html';
import { DEFAULT_VIDEO_EMBED_HOSTS } from './config';
import { removeControlCharacters } from './control-characters';
import { htmlParses } from './html/parse-count';
import { judgeImageSource } from './image-source';

export interface SanitizeOptions {
  /** URL prefixes an iframe src must start with (default: YouTube's embed paths). */
  videoEmbedHosts?: string[];
  /** Keep `http:` image sources (local testing only, with ARTICLE_PUBLISHER_ALLOW_HTTP). */
  allowHttpImages?: boolean;
  /** Image sources to replace (original src -> media library URL), applied in the same pass. */
  rewriteImages?: ReadonlyMap<string, string>;
  /** Alt text for images that have none, by src (the webhook's inline_images list). */
  fillImageAlts?: ReadonlyMap<string, string>;
}

/** Spec 2.6's elements plus br, hr, code and pre (DESIGN.md "HTML"). */
export const ALLOWED_TAGS = [
  'h2',
  'h3',
  'p',
  'strong',
  'em',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'figure',
  'img',
  'figcaption',
  'div',
  'iframe',
  'br',
  'hr',
  'code',
  'pre',
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

const withoutAttribute = (attribs: Record<string, string>, name: string) =>
  Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== name));

/**
 * The one allowlist for article HTML, used by both integrations and exported in the toolkit:
 * no scripts, styles or event handlers, only http(s)/mailto links, https (or image data URL)
 * images, and iframes only from the approved video embed prefixes. Output is deterministic.
 */
export function sanitizeArticleHtml(html: string, options: SanitizeOptions = {}): string {
  return sanitizeArticle(html, options).html;
}

/** What one sanitizing pass gives: the clean HTML, and the image sources it removed for their scheme. */
export interface SanitizedArticle {
  html: string;
  /** Sources of `<img>` elements removed for a refusal in IMAGE_SOURCE_RULES, in document order (repeats kept). */
  refusedImageSources: string[];
}

/** `sanitizeArticleHtml`, also naming the image sources it refused, found in the same pass. */
export function sanitizeArticle(html: string, options: SanitizeOptions = {}): SanitizedArticle {
  htmlParses.count();
  const refusedImageSources: string[] = [];
  const embedPrefixes = options.videoEmbedHosts ?? DEFAULT_VIDEO_EMBED_HOSTS;
  const allowHttp = options.allowHttpImages === true;
  const clean = sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ['http', 'https', 'mailto'],
    // Image sources are judged in transformTags (which also applies rewrites); the scheme list is a backstop.
    allowedSchemesByTag: { img: ['https', 'http', 'data'], iframe: ['https'] },
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
        const alt = attribs.alt ? undefined : options.fillImageAlts?.get(src);
        if (alt) attribs = { ...attribs, alt };
        const rewritten = options.rewriteImages?.get(src);
        // Attribute order is kept so the output stays byte-for-byte stable.
        if (rewritten) return { tagName, attribs: { ...attribs, src: rewritten } };
        // Which sources are kept is IMAGE_SOURCE_RULES' call (https, relative, image data, http if allowed).
        const judged = judgeImageSource(src, allowHttp);
        if (judged.kept) return { tagName, attribs };
        if (src && judged.refusal !== undefined) refusedImageSources.push(src);
        return { tagName, attribs: withoutAttribute(attribs, 'src') };
      },
    },
    exclusiveFilter: (frame) =>
      (frame.tag === 'iframe' && !isApprovedEmbed(frame.attribs.src, embedPrefixes)) ||
      (frame.tag === 'img' && !frame.attribs.src),
  });
  // Character references decode to controls too (`&#1;` is U+0001), so they are removed from the output.
  // Leading and trailing whitespace carries no meaning in a body; trimming keeps output stable.
  return { html: removeControlCharacters(clean).trim(), refusedImageSources };
}
