import sanitizeHtml from 'sanitize-html';
import { DEFAULT_VIDEO_EMBED_HOSTS } from './config';
import { removeControlCharacters } from './control-characters';
import { htmlParses } from './html/parse-count';
import { judgeImageSource } from './image-source';
import { siteUploadPath, type SiteMediaAddresses } from './images/site-media';
import { isJsonLdType } from './nesting';

export interface SanitizeOptions {
  /** URL prefixes an iframe src must start with (default: YouTube's embed paths). */
  videoEmbedHosts?: string[];
  /** Keep `http:` image sources (local testing only, with ARTICLE_PUBLISHER_ALLOW_HTTP). */
  allowHttpImages?: boolean;
  /**
   * The site's own addresses: an image under its uploads path is the site's own media library file,
   * kept whatever its scheme (an http URL of the site's upload is not a foreign http image).
   */
  siteMedia?: SiteMediaAddresses;
  /** Image sources to replace (original src -> media library URL), applied in the same pass. */
  rewriteImages?: ReadonlyMap<string, string>;
  /** Alt text for images that have none, by src (the webhook's inline_images list). */
  fillImageAlts?: ReadonlyMap<string, string>;
  /**
   * Elements open inside each other past which the pass stops (`tooDeep`): sanitize-html's own
   * parser slows as nesting grows, so a hostile body is refused at the first element past the bound.
   */
  depthLimit?: number;
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

/** What one sanitizing pass gives: the clean HTML, and what the same pass read of the raw HTML. */
export interface SanitizedArticle {
  html: string;
  /** Sources of `<img>` elements removed for a refusal in IMAGE_SOURCE_RULES, in document order (repeats kept). */
  refusedImageSources: string[];
  /** Elements nested past `depthLimit`: the pass stopped there, `html` is empty and the rest unread. */
  tooDeep: boolean;
  /** `<img>` elements in the raw HTML, with or without a src (the request bound counts them all). */
  imageCount: number;
  /** The texts of the `<script type="application/ld+json">` blocks, in document order (removed from `html`). */
  jsonLdTexts: string[];
}

/** Thrown out of sanitize-html's parser to stop it at the first element past the depth limit. */
class StopAtDepth extends Error {}

/**
 * `sanitizeArticleHtml`, also reading in the same pass what the request bounds and normalizing need
 * of the raw HTML (issue #30: the HTML is parsed once to sanitize it, and once into the tree the
 * later steps read): the nesting depth, the `<img>` count, the JSON-LD scripts, and the image
 * sources it refused.
 */
export function sanitizeArticle(html: string, options: SanitizeOptions = {}): SanitizedArticle {
  htmlParses.count();
  const refusedImageSources: string[] = [];
  const jsonLdTexts: string[] = [];
  const embedPrefixes = options.videoEmbedHosts ?? DEFAULT_VIDEO_EMBED_HOSTS;
  const allowHttp = options.allowHttpImages === true;
  const depthLimit = options.depthLimit ?? Number.POSITIVE_INFINITY;
  let depth = 0;
  let imageCount = 0;
  /** Whether the last `<script>` opened is JSON-LD (scripts do not nest: their content is text). */
  let scriptIsJsonLd = false;
  let clean: string;
  try {
    clean = sanitizeHtml(html, {
      allowedTags: [...ALLOWED_TAGS, 'script'],
      // `script` is listed only so that exclusiveFilter receives its text (the JSON-LD) and then drops
      // it with all it holds: every script is removed (a test feeds the XSS corpus and nested,
      // unclosed and foreign-content scripts). Listing it otherwise makes sanitize-html warn.
      allowVulnerableTags: true,
      allowedAttributes: ALLOWED_ATTRIBUTES,
      allowedSchemes: ['http', 'https', 'mailto'],
      // Image sources are judged in transformTags (which also applies rewrites); the scheme list is a backstop.
      allowedSchemesByTag: { img: ['https', 'http', 'data'], iframe: ['https'] },
      allowedSchemesAppliedToAttributes: ['href', 'src'],
      allowProtocolRelative: false,
      disallowedTagsMode: 'discard',
      // `head` is not here: a whole document's JSON-LD sits in its head (head holds no text of its own).
      nonTextTags: ['style', 'textarea', 'option', 'noscript', 'title'],
      // The raw elements, as the parser opens and closes them (also inside dropped ones).
      onOpenTag: (name, attribs) => {
        depth++;
        if (depth > depthLimit) throw new StopAtDepth();
        if (name === 'img') imageCount++;
        else if (name === 'script') scriptIsJsonLd = isJsonLdType(attribs.type);
      },
      onCloseTag: () => {
        depth--;
      },
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
          if (options.siteMedia && siteUploadPath(src, options.siteMedia) !== null)
            return { tagName, attribs };
          if (src && judged.refusal !== undefined) refusedImageSources.push(src);
          return { tagName, attribs: withoutAttribute(attribs, 'src') };
        },
      },
      exclusiveFilter: (frame) => {
        if (frame.tag === 'script') {
          if (scriptIsJsonLd) jsonLdTexts.push(frame.text);
          return true;
        }
        return (
          (frame.tag === 'iframe' && !isApprovedEmbed(frame.attribs.src, embedPrefixes)) ||
          (frame.tag === 'img' && !frame.attribs.src)
        );
      },
    });
  } catch (error) {
    if (!(error instanceof StopAtDepth)) throw error;
    return { html: '', refusedImageSources, tooDeep: true, imageCount, jsonLdTexts };
  }
  // A backstop for the script allowance above: should any script survive, nothing is answered.
  if (/<script/i.test(clean)) throw new Error('The sanitizer kept a script element.');
  // Character references decode to controls too (`&#1;` is U+0001), so they are removed from the output.
  // Leading and trailing whitespace carries no meaning in a body; trimming keeps output stable.
  return {
    html: removeControlCharacters(clean).trim(),
    refusedImageSources,
    tooDeep: false,
    imageCount,
    jsonLdTexts,
  };
}
