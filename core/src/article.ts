import { createHash } from 'node:crypto';
import type { PostStatus } from './config';
import type { ImageWarning } from './contracts';
import { readArticleBody, rememberArticleBody } from './html/article-body';
import { ARTICLE_BODY_FIELD, bodyBoundProblems, RefusedBody, type BodyField } from './html/body-bounds';
import { markdownBoundProblems } from './html/markdown-bounds';
import { bodyAsHtml, type ContentFormat } from './html/markdown-to-html';
import { refusedImageWarnings } from './images/refused-image-sources';
import { combineJsonLd, jsonLdFromTexts, storableJsonLd } from './json-ld';
import type { PublishRequest } from './publish-request';
import { REQUEST_BOUNDS } from './request-bounds';
import { sanitizeArticle, type SanitizeOptions } from './sanitize';
import { publishTiming } from './schedule/publish-timing';
import type { KeptParts } from './target-profile/kept-parts';
import { toSlug } from './slug';

/** Categories as the service gave them: existing ids, or names (a parent and its child). */
export type CategorySelection =
  | { kind: 'ids'; ids: number[] }
  | { kind: 'names'; category: string | undefined; subCategory: string | undefined }
  | { kind: 'none' };

export interface ImageReference {
  source: string;
  alt: string | undefined;
  /** A file already in the media library (WordPress's featured_media): used as it is, never imported. */
  libraryFileId?: number;
}

/** An article from either integration, ready for the publish pipeline. */
export interface NormalizedArticle {
  title: string;
  slug: string;
  status: PostStatus;
  /**
   * Set exactly when `status` is `future`: the entry is saved as a draft and published at this instant
   * (any door that produces a `future` article gets this; see server/src/schedule).
   */
  scheduledAt?: Date;
  /** The publication date the sender named: the target's date role receives it (else the publish time). */
  date?: Date;
  /** Sanitized HTML, JSON-LD scripts removed. */
  html: string;
  structuredData: unknown | null;
  seo: {
    metaTitle: string;
    metaDescription: string | undefined;
    keywords: string | undefined;
    descriptionFallback: string;
  };
  featuredImage: ImageReference | undefined;
  categories: CategorySelection;
  /** The locale the request named (publish-post's `locale`); the webhook's payload names none. */
  locale?: string;
  /** Digest of the normalized content, to tell a repeated delivery from a changed one. */
  contentHash: string;
  warnings: string[];
  /** Inline images the sanitizer removed for their scheme (file:, ftp:, http: unless allowed), to report. */
  refusedImages?: ImageWarning[];
  /** A summary the sender wrote (WordPress's excerpt), for the summary role instead of a derived one. */
  summary?: string;
  /** Parts an update did not carry: the entry keeps them as stored (an empty `html` then means "not sent"). */
  keeps?: KeptParts;
  /**
   * The person the door publishes for (the application password's user, the MCP token's owner): a
   * required author-like text field receives it before the `authorName` setting.
   */
  authorName?: string;
}

export interface NormalizeOptions {
  defaultStatus: PostStatus;
  sanitize: SanitizeOptions;
  /** What "in the future" is measured against (default: the current time). */
  now?: Date;
}

/** Fields shared by both integrations once their own names are mapped. */
export interface ArticleFields {
  title: string;
  /** The body: HTML, or Markdown when `contentFormat` says so. */
  html: string;
  /**
   * `markdown`: `html` holds Markdown, converted to HTML first, then sanitized like any HTML body
   * (here, so a large body is converted in the worker thread too). Default: HTML.
   */
  contentFormat?: ContentFormat;
  slug: string | undefined;
  status: PostStatus | undefined;
  /** The publication date (ISO 8601 with an offset on the wire); with `future`, when to publish. */
  date?: Date;
  focusKeyword: string | undefined;
  secondaryKeywords: string[];
  metaDescription: string | undefined;
  jsonLd: unknown | undefined;
  featuredImage: ImageReference | undefined;
  categories: CategorySelection;
  locale?: string;
  /** Alt text for images that have none in the HTML, by src (the webhook's inline_images). */
  imageAlts?: ReadonlyMap<string, string>;
  /** An SEO title apart from the title (WordPress's Yoast / Rank Math meta). */
  metaTitle?: string;
  /** See NormalizedArticle.summary. */
  summary?: string;
  /** See NormalizedArticle.keeps. */
  keeps?: KeptParts;
  /** See NormalizedArticle.authorName. */
  authorName?: string;
  /** How the door names the HTML's field, for the error when the HTML is over a bound (default: `content` of an "article"). */
  bodyField?: BodyField;
}

/**
 * The article as the publish pipeline takes it. A Markdown body is converted to HTML first. The HTML
 * is parsed twice, and here: sanitized (the same pass reads the bounds only a parser can measure, and
 * the JSON-LD blocks), and the clean HTML read into the tree every later step reads (`articleBodyOf`).
 * HTML over a bound throws RefusedBody.
 */
export function normalizeArticle(fields: ArticleFields, options: NormalizeOptions): NormalizedArticle {
  const warnings: string[] = [];
  const bodyField = fields.bodyField ?? ARTICLE_BODY_FIELD;
  const sanitized = refusingDeepBodies(bodyField, () => {
    // Measured before the converter runs: it is recursive (html/markdown-bounds.ts).
    const markdownProblems = fields.contentFormat === 'markdown' ? markdownBoundProblems(fields.html) : [];
    if (markdownProblems.length) throw new RefusedBody(bodyField, markdownProblems);
    return sanitizeArticle(bodyAsHtml(fields.html, fields.contentFormat), {
      ...options.sanitize,
      fillImageAlts: fields.imageAlts,
      depthLimit: REQUEST_BOUNDS.htmlDepth,
    });
  });
  const problems = bodyBoundProblems(sanitized);
  if (problems.length) throw new RefusedBody(bodyField, problems);
  const extracted = jsonLdFromTexts(sanitized.jsonLdTexts);
  if (extracted.invalidBlocks > 0) {
    warnings.push(
      `${extracted.invalidBlocks} JSON-LD script block(s) in the content were not valid JSON and were dropped.`
    );
  }
  const { html } = sanitized;
  const body = readArticleBody(html);
  const documents = [...(fields.jsonLd === undefined ? [] : [fields.jsonLd]), ...extracted.blocks];
  const keywords = [fields.focusKeyword, ...fields.secondaryKeywords].filter((k): k is string =>
    Boolean(k?.trim())
  );
  const timing = publishTiming(
    fields.status ?? options.defaultStatus,
    fields.date,
    options.now ?? new Date()
  );
  const article: Omit<NormalizedArticle, 'contentHash'> = {
    title: fields.title,
    slug: toSlug(fields.slug ?? fields.title),
    ...timing,
    html,
    // Without controls (a jsonb column refuses NUL) and without `<` (it is printed into a script element).
    structuredData: storableJsonLd(combineJsonLd(documents)),
    seo: {
      metaTitle: fields.metaTitle ?? fields.title,
      metaDescription: fields.metaDescription,
      keywords: keywords.length ? [...new Set(keywords.map((k) => k.trim()))].join(', ') : undefined,
      descriptionFallback: body.text,
    },
    featuredImage: fields.featuredImage,
    categories: fields.categories,
    ...(fields.locale ? { locale: fields.locale } : {}),
    warnings,
    refusedImages: refusedImageWarnings(
      sanitized.refusedImageSources,
      options.sanitize.allowHttpImages === true
    ),
    // Only when given, so the content digest of the service contract's articles stays as it was.
    ...(fields.summary ? { summary: fields.summary } : {}),
    ...(fields.keeps ? { keeps: fields.keeps } : {}),
    ...(fields.authorName ? { authorName: fields.authorName } : {}),
  };
  const normalized = { ...article, contentHash: hashContent(article) };
  rememberArticleBody(normalized, body);
  return normalized;
}

/**
 * Runs a body's conversion, a stack overflow refused as a body nested too deep (400) rather than a
 * server error (500, which senders retry): the pre-scans know the shapes that overflow the converters,
 * and this is for any they do not.
 */
function refusingDeepBodies<T>(bodyField: BodyField, convert: () => T): T {
  try {
    return convert();
  } catch (error) {
    if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) throw error;
    throw new RefusedBody(bodyField, [
      `nests too deep to convert (the converter's stack overflowed; the limit is ${REQUEST_BOUNDS.htmlDepth} levels)`,
    ]);
  }
}

function hashContent(article: Omit<NormalizedArticle, 'contentHash'>): string {
  // What the sanitizer removed is not content: the digest stays as it was before these were reported.
  // Nor is who sent it: the same article from another person is the same delivery.
  const { warnings: _warnings, refusedImages: _refusedImages, authorName: _authorName, ...content } = article;
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** Integration A: maps the publish request (spec 2.1) onto the shared fields. */
export function articleFromPublishRequest(request: PublishRequest): ArticleFields {
  const categories: CategorySelection =
    request.categories && request.categories.length > 0
      ? { kind: 'ids', ids: [...new Set(request.categories)] }
      : request.category || request.sub_category
        ? { kind: 'names', category: request.category, subCategory: request.sub_category }
        : { kind: 'none' };
  return {
    title: request.title,
    html: request.content,
    slug: request.slug,
    status: request.status ?? undefined,
    ...(request.date ? { date: new Date(request.date) } : {}),
    focusKeyword: request.focus_keyword,
    secondaryKeywords: [],
    metaDescription: request.meta_description,
    jsonLd: request.json_ld_schema ? JSON.parse(request.json_ld_schema) : undefined,
    featuredImage: request.featured_image
      ? { source: request.featured_image, alt: request.featured_image_alt }
      : undefined,
    categories,
    ...(request.locale ? { locale: request.locale } : {}),
    bodyField: { request: 'publish request', field: 'content' },
  };
}
