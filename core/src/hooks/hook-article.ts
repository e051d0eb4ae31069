import { z } from 'zod';
import type { ArticleFields } from '../article';
import type { PostStatus } from '../config';
import { ServiceError } from '../errors';
import type { ContentFormat } from '../html/markdown-to-html';
import { localeCode } from '../locale';
import { describeRequestIssues } from '../publish-request';
import { REQUEST_BOUNDS as BOUNDS } from '../request-bounds';
import { serviceTime } from '../repeat-rule';
import {
  articleHtml,
  imageSource,
  jsonLdText,
  jsonLdValue,
  lineText,
  optionalText,
  requiredLine,
} from '../schema-fields';

/**
 * An article as a preset picks it out of a service's payload, each value as the service sent it
 * (`unknown`): the preset only knows where things are, this file decides what they may be. The
 * services' field names are in the issue's notes (section 2.1, the normalized article).
 */
export interface HookArticle {
  externalId?: unknown;
  title?: unknown;
  slug?: unknown;
  html?: unknown;
  /**
   * Markdown the service sent; used only when it sent no HTML (BlogSEO's `format: "markdown"`,
   * SEOLadders with "Include HTML" off): converted to HTML, then the same sanitizer.
   */
  markdown?: unknown;
  excerpt?: unknown;
  metaTitle?: unknown;
  metaDescription?: unknown;
  imageUrl?: unknown;
  imageAlt?: unknown;
  /** Tags and keywords: arrays of strings, or comma-separated text; the first keyword is the focus keyword. */
  tags?: unknown;
  keywords?: unknown;
  /** `[{question, answer}]`, appended to the body as a section. */
  faq?: unknown;
  /** JSON-LD as an object, an array, or JSON text. */
  jsonLd?: unknown;
  language?: unknown;
  status?: unknown;
  publishedAt?: unknown;
  /**
   * The service's own time of this version (unix seconds or ISO 8601), when it sends one: a delivery
   * sent before the newest one applied is stale (core/src/repeat-rule.ts).
   */
  sentAt?: unknown;
}

/** An article ready for the pipeline, with the key the ledger keeps it under. */
export interface PreparedArticle {
  /** The service's own id (as text), or undefined when it sends none (the slug is the key then). */
  externalId: string | undefined;
  fields: ArticleFields;
  /** The service's own time of this version, when it sends one (the repeat rule). */
  sentAt?: Date;
  /** What the preset's mapping noticed (a Custom path that found nothing): the delivery's warnings. */
  warnings?: string[];
}

/** What the service's payload may say about status; anything else is left to the endpoint and the site. */
const STATUS_WORDS: Record<string, PostStatus> = {
  publish: 'publish',
  published: 'publish',
  draft: 'draft',
  pending: 'pending',
};

/** A text the service may send as null, empty, or not at all. */
const loose = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined),
    optionalText(max)
  );

/** A non-blank string, else undefined (what a service sends for "none" varies). */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** A list of the payload over `max` entries is refused, counted before its entries are read. */
const atMostEntries = (max: number) =>
  z.unknown().superRefine((value, context) => {
    if (Array.isArray(value) && value.length > max)
      context.addIssue({ code: 'custom', message: `must have at most ${max} entries (the limit)` });
  });

/**
 * Keywords or tags: an array of strings (others dropped), or one comma-separated text; at most as many
 * entries as an article has tags. Each keyword's length and the tags they give together are bounded by
 * the gate (core/src/article-bounds.ts), as every door's are.
 */
const wordList = atMostEntries(BOUNDS.tags).transform((value): string[] => {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items
    .filter((item): item is string | number => typeof item === 'string' || typeof item === 'number')
    .map((item) => String(item).trim())
    .filter((item) => item.length > 0);
});

const faqItem = z.object({
  question: lineText(BOUNDS.titleLength),
  answer: z.string().max(BOUNDS.metaDescriptionLength * 20),
});
/** FAQ entries that have both parts; others are dropped (be liberal in what the services send). */
const faqList = atMostEntries(BOUNDS.faqItems).transform((value) =>
  Array.isArray(value)
    ? value.flatMap((item) => {
        const parsed = faqItem.safeParse(item);
        return parsed.success && parsed.data.question.trim() && parsed.data.answer.trim()
          ? [parsed.data]
          : [];
      })
    : []
);

const hookArticleSchema = z.object({
  externalId: loose(200),
  title: requiredLine(BOUNDS.titleLength),
  slug: loose(BOUNDS.slugLength),
  html: z.preprocess(blankToUndefined, articleHtml().optional()),
  // Checked only when it is the body (prepareHookArticle): a service that sends both is judged by its HTML.
  markdown: z.unknown().transform(blankToUndefined),
  excerpt: loose(BOUNDS.summaryLength),
  metaTitle: loose(BOUNDS.titleLength),
  metaDescription: loose(BOUNDS.metaDescriptionLength),
  imageUrl: z.preprocess((value) => blankToUndefined(value)?.trim(), imageSource()),
  imageAlt: loose(BOUNDS.altLength),
  tags: wordList,
  keywords: wordList,
  faq: faqList,
  jsonLd: z.preprocess((value) => (value === '' ? undefined : value), z.union([jsonLdText(), jsonLdValue()])),
  language: z.preprocess((value) => blankToUndefined(value)?.trim(), localeCode.optional()),
  status: z
    .unknown()
    .transform((value) => (typeof value === 'string' ? STATUS_WORDS[value.trim().toLowerCase()] : undefined)),
  publishedAt: z.unknown().transform((value) => {
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? undefined : instant;
  }),
  sentAt: z.unknown().transform(serviceTime),
});

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The FAQ as a section at the end of the body: a heading, then each question and its answer. After a
 * Markdown body it is an HTML block of its own (a blank line before it), which Markdown keeps as is.
 */
export function faqSection(
  faq: readonly { question: string; answer: string }[],
  format: ContentFormat = 'html'
): string {
  if (!faq.length) return '';
  const entries = faq.map(
    ({ question, answer }) => `<h3>${escapeHtml(question.trim())}</h3>\n<p>${escapeHtml(answer.trim())}</p>`
  );
  return `${format === 'markdown' ? '\n\n' : '\n'}<h2>Frequently asked questions</h2>\n${entries.join('\n')}`;
}

const markdownBody = z.object({ markdown: z.preprocess(blankToUndefined, articleHtml()) });

/** The body to publish: the HTML when sent, else the Markdown (bounded as HTML is); one of them is required. */
function bodyOf(
  article: { html?: string; markdown: unknown },
  what: string
): { text: string; format: ContentFormat } {
  if (article.html !== undefined) return { text: article.html, format: 'html' };
  if (article.markdown === undefined)
    throw new ServiceError('bad_request', `Invalid ${what}: the HTML or Markdown body is required.`);
  const markdown = markdownBody.safeParse({ markdown: article.markdown });
  if (!markdown.success)
    throw new ServiceError('bad_request', `Invalid ${what}: ${describeRequestIssues(markdown.error)}.`);
  return { text: markdown.data.markdown, format: 'markdown' };
}

export interface HookArticleOptions {
  /** The status when the payload names none (the endpoint's option); else the site's default applies. */
  status?: PostStatus;
  /** How the refusal names the article (`article 2 of the batch`). */
  what?: string;
}

/**
 * The pipeline's fields of a preset's article: values bounded as the contract's are, status words read
 * liberally, tags and keywords merged into the keywords (which give the tags), the FAQ appended.
 * Throws a 400 naming every bad field.
 */
export function prepareHookArticle(hook: HookArticle, options: HookArticleOptions = {}): PreparedArticle {
  const what = options.what ?? 'webhook article';
  // Every key present (an absent one as undefined): what a preset did not pick is simply not sent.
  const result = hookArticleSchema.safeParse(
    Object.fromEntries(
      Object.keys(hookArticleSchema.shape).map((key) => [key, hook[key as keyof HookArticle]])
    )
  );
  if (!result.success)
    throw new ServiceError('bad_request', `Invalid ${what}: ${describeRequestIssues(result.error)}.`);
  const article = result.data;
  const body = bodyOf(article, what);
  // More tags than an article may have are refused by the gate, naming the bound, as on every door.
  const [focusKeyword, ...secondaryKeywords] = [...new Set([...article.keywords, ...article.tags])];
  const jsonLd = meaningfulJsonLd(
    typeof article.jsonLd === 'string' ? JSON.parse(article.jsonLd) : article.jsonLd
  );
  return {
    externalId: article.externalId,
    ...(article.sentAt ? { sentAt: article.sentAt } : {}),
    fields: {
      title: article.title,
      html: body.text + faqSection(article.faq, body.format),
      ...(body.format === 'markdown' ? { contentFormat: 'markdown' as const } : {}),
      slug: article.slug,
      status: article.status ?? options.status,
      ...(article.publishedAt ? { date: article.publishedAt } : {}),
      focusKeyword,
      secondaryKeywords,
      metaDescription: article.metaDescription,
      ...(article.metaTitle ? { metaTitle: article.metaTitle } : {}),
      ...(article.excerpt ? { summary: article.excerpt } : {}),
      jsonLd,
      featuredImage: article.imageUrl ? { source: article.imageUrl, alt: article.imageAlt } : undefined,
      categories: { kind: 'none' },
      ...(article.language ? { locale: article.language } : {}),
      bodyField: { request: what, field: 'html' },
    },
  };
}

/** Services send `{}` for "no JSON-LD": such a value is none, not an empty document. */
function meaningfulJsonLd(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.length ? value : undefined;
  if (typeof value === 'object' && Object.keys(value).length === 0) return undefined;
  return value;
}
