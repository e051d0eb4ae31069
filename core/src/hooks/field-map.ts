import type { ArticleFields } from '../article';
import { serviceTime } from '../repeat-rule';
import type { HookPreset, HookRequest } from './preset';
import type { HookArticle, PreparedArticle } from './hook-article';

/**
 * Where each field of a custom webhook's payload went (issue #59's delivery inspector): the payload is
 * read again by its preset as received, through a proxy that notes every value the preset reads, and
 * each value read is matched with the article fields it became. What the preset never read is "not
 * used"; what it read without it becoming a field (the event's name, a wrapper) is "read".
 */

/** One leaf of the payload: its path (`data.articles[0].title`) and what it became. */
export interface FieldMapEntry {
  path: string;
  /** The article fields it went into (`title`, `cover image`...); empty when it went nowhere. */
  fields: string[];
  /** `used`: it became a field; `read`: the preset read it (the event, a list) but kept nothing of it; `not used`. */
  use: 'used' | 'read' | 'not used';
}

export interface FieldMap {
  entries: FieldMapEntry[];
  /** Leaves past the bound are not listed (a payload of thousands of values): how many were left out. */
  leftOut: number;
  /** Why the articles could not be read, when they could not (a refused article still maps what was read). */
  problems: string[];
}

/** The most leaves a map lists: enough for any article, bounded for a payload of thousands of values. */
export const FIELD_MAP_MAX_ENTRIES = 500;

/** What the article fields are called on the inspector. */
const FIELD_NAMES = {
  title: 'title',
  html: 'body',
  slug: 'slug',
  status: 'status',
  date: 'publish date',
  focusKeyword: 'keywords (tags)',
  secondaryKeywords: 'keywords (tags)',
  metaDescription: 'SEO description',
  metaTitle: 'SEO title',
  summary: 'summary',
  jsonLd: 'JSON-LD',
  locale: 'language',
  authorName: 'author',
  categories: 'categories',
  featuredImageSource: 'cover image',
  featuredImageAlt: 'cover alt text',
  imageAlts: 'image alt text',
  externalId: "the service's article id",
  sentAt: 'sent at (orders versions)',
  event: 'event',
} as const;

/** A body text is matched as a part of the body only when this long: a short word may be anywhere. */
const BODY_PART_MIN_LENGTH = 16;

const joinPath = (parent: string, key: string, inArray: boolean) =>
  inArray ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;

interface Tracing {
  /** Primitive values the preset read, by path. */
  reads: Map<string, unknown>;
  /** Objects and arrays the preset read, by path, as sent (a value passed on whole, such as JSON-LD). */
  objectReads: Map<string, object>;
  traced(value: unknown, path: string): unknown;
}

/** A proxy over the JSON payload noting each own member read; one proxy per object, so identity holds. */
function tracing(): Tracing {
  const reads = new Map<string, unknown>();
  const objectReads = new Map<string, object>();
  const proxies = new WeakMap<object, object>();
  function traced(value: unknown, path: string): unknown {
    if (value === null || typeof value !== 'object') return value;
    const known = proxies.get(value);
    if (known) return known;
    const inArray = Array.isArray(value);
    const proxy = new Proxy(value, {
      get(target, key) {
        const child: unknown = Reflect.get(target, key);
        if (typeof key !== 'string' || !Object.hasOwn(target, key)) return child;
        const childPath = joinPath(path, key, inArray);
        if (child === null || typeof child !== 'object') reads.set(childPath, child);
        else objectReads.set(childPath, child);
        return traced(child, childPath);
      },
    });
    proxies.set(value, proxy);
    return proxy;
  }
  return { reads, objectReads, traced };
}

/** Every leaf of a JSON value with its path, up to `max`. */
function leavesOf(value: unknown, max: number): { leaves: string[]; total: number } {
  const leaves: string[] = [];
  let total = 0;
  const walk = (node: unknown, path: string) => {
    if (node !== null && typeof node === 'object') {
      const inArray = Array.isArray(node);
      const keys = Object.keys(node);
      if (!keys.length) {
        total += 1;
        if (leaves.length < max) leaves.push(path);
      }
      for (const key of keys) walk((node as Record<string, unknown>)[key], joinPath(path, key, inArray));
      return;
    }
    total += 1;
    if (leaves.length < max) leaves.push(path);
  };
  walk(value, '');
  return { leaves, total };
}

type Matcher = (value: unknown) => boolean;

const equalText =
  (expected: string | undefined): Matcher =>
  (value) =>
    expected !== undefined &&
    (typeof value === 'string' || typeof value === 'number') &&
    String(value).trim() === expected.trim();

/** How each article field is recognised in a value the preset read. */
function matchersOf(article: PreparedArticle): [string, Matcher][] {
  const fields: ArticleFields = article.fields;
  const html = fields.html;
  const keywords = [fields.focusKeyword, ...fields.secondaryKeywords].filter((word) => word !== undefined);
  const categoryNames =
    fields.categories.kind === 'names'
      ? [fields.categories.category, fields.categories.subCategory].filter((name) => name !== undefined)
      : [];
  const sameTime =
    (expected: Date | undefined): Matcher =>
    (value) =>
      expected !== undefined && serviceTime(value)?.getTime() === expected.getTime();
  return [
    [FIELD_NAMES.title, equalText(fields.title)],
    [
      FIELD_NAMES.html,
      (value) =>
        typeof value === 'string' &&
        value.trim().length > 0 &&
        (html === value ||
          html.startsWith(value) ||
          (value.trim().length >= BODY_PART_MIN_LENGTH && html.includes(value.trim()))),
    ],
    [FIELD_NAMES.slug, equalText(fields.slug)],
    [
      FIELD_NAMES.focusKeyword,
      (value) =>
        keywords.some((word) => equalText(word)(value)) ||
        (typeof value === 'string' &&
          value.includes(',') &&
          value.split(',').every((part) => keywords.includes(part.trim()))),
    ],
    [FIELD_NAMES.metaDescription, equalText(fields.metaDescription)],
    [FIELD_NAMES.metaTitle, equalText(fields.metaTitle)],
    [FIELD_NAMES.summary, equalText(fields.summary)],
    [FIELD_NAMES.locale, equalText(fields.locale)],
    [FIELD_NAMES.authorName, equalText(fields.authorName)],
    [FIELD_NAMES.categories, (value) => categoryNames.some((name: string) => equalText(name)(value))],
    [FIELD_NAMES.featuredImageSource, equalText(fields.featuredImage?.source)],
    [FIELD_NAMES.featuredImageAlt, equalText(fields.featuredImage?.alt)],
    [
      FIELD_NAMES.imageAlts,
      (value) => [...(fields.imageAlts?.values() ?? [])].some((alt) => equalText(alt)(value)),
    ],
    [FIELD_NAMES.date, sameTime(fields.date)],
    [FIELD_NAMES.externalId, equalText(article.externalId)],
    [FIELD_NAMES.sentAt, sameTime(article.sentAt)],
  ];
}

/** The status is matched only as a word the service sent (`publish`, `draft`): an endpoint's default is no leaf. */
function statusMatcher(fields: ArticleFields): Matcher {
  return (value) =>
    typeof value === 'string' &&
    fields.status !== undefined &&
    value.trim().toLowerCase().startsWith(fields.status.slice(0, 5));
}

/** A refused article's fields as the preset picked them (before they were checked), by their names. */
const PICKED_NAMES: Record<keyof HookArticle, string> = {
  externalId: FIELD_NAMES.externalId,
  title: FIELD_NAMES.title,
  slug: FIELD_NAMES.slug,
  html: FIELD_NAMES.html,
  markdown: FIELD_NAMES.html,
  excerpt: FIELD_NAMES.summary,
  metaTitle: FIELD_NAMES.metaTitle,
  metaDescription: FIELD_NAMES.metaDescription,
  imageUrl: FIELD_NAMES.featuredImageSource,
  imageAlt: FIELD_NAMES.featuredImageAlt,
  tags: FIELD_NAMES.focusKeyword,
  keywords: FIELD_NAMES.focusKeyword,
  faq: 'body (FAQ)',
  jsonLd: FIELD_NAMES.jsonLd,
  language: FIELD_NAMES.locale,
  status: FIELD_NAMES.status,
  publishedAt: FIELD_NAMES.date,
  sentAt: FIELD_NAMES.sentAt,
};

/** How each picked field is recognised: the value itself, an entry of a list, or an object of the same content. */
function pickedMatchers(picked: HookArticle): [string, Matcher][] {
  return Object.entries(picked).flatMap(([key, sent]): [string, Matcher][] => {
    const name = PICKED_NAMES[key as keyof HookArticle];
    if (!name || sent === undefined || sent === null) return [];
    const values = Array.isArray(sent) ? sent : [sent];
    return [[name, (value) => values.some((each) => each === value)]];
  });
}

/** Notes, for every value the preset read, each field it matches. */
function noteMatches(
  trace: Tracing,
  matchers: [string, Matcher][],
  note: (path: string, field: string) => void
) {
  for (const [path, value] of trace.reads)
    for (const [field, matches] of matchers) if (matches(value)) note(path, field);
}

/**
 * The field map of a delivery, read again by `preset` with the endpoint's current options. Pure: the
 * articles are prepared, never published.
 */
export function fieldMapOf(
  preset: HookPreset,
  payload: unknown,
  request: HookRequest,
  options: unknown
): FieldMap {
  const trace = tracing();
  const targets = new Map<string, Set<string>>();
  const problems: string[] = [];
  const note = (path: string, field: string) => {
    const set = targets.get(path) ?? new Set<string>();
    set.add(field);
    targets.set(path, set);
  };
  try {
    const delivery = preset.read(trace.traced(payload, ''), request, options);
    for (const [path, value] of trace.reads)
      if (delivery.event && value === delivery.event) note(path, FIELD_NAMES.event);
    if (delivery.kind === 'articles')
      for (const prepare of delivery.articles) {
        let article: PreparedArticle;
        try {
          article = prepare();
        } catch (error) {
          problems.push(error instanceof Error ? error.message : String(error));
          // Refused: what the preset picked still says where each value would have gone.
          const picked = prepare.picked?.();
          if (picked) noteMatches(trace, pickedMatchers(picked), note);
          continue;
        }
        // A value passed on whole (JSON-LD as an object) is the object read with the same content.
        const jsonLd = article.fields.jsonLd;
        if (jsonLd !== null && typeof jsonLd === 'object') {
          const text = JSON.stringify(jsonLd);
          for (const [path, value] of trace.objectReads)
            if (JSON.stringify(value) === text) note(path, FIELD_NAMES.jsonLd);
        }
        noteMatches(trace, matchersOf(article), note);
        const status = statusMatcher(article.fields);
        for (const [path, value] of trace.reads)
          if (/status/i.test(path) && status(value)) note(path, FIELD_NAMES.status);
      }
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  const { leaves, total } = leavesOf(payload, FIELD_MAP_MAX_ENTRIES);
  const fieldsOf = (path: string): string[] => {
    // A leaf inside a value passed on whole goes where that value went.
    for (let prefix = path; ; ) {
      const found = targets.get(prefix);
      if (found) return [...found];
      const cut = Math.max(prefix.lastIndexOf('.'), prefix.lastIndexOf('['));
      if (cut <= 0) return [];
      prefix = prefix.slice(0, cut);
    }
  };
  const entries = leaves.map((path): FieldMapEntry => {
    const fields = fieldsOf(path);
    if (fields.length) return { path, fields, use: 'used' };
    return { path, fields, use: trace.reads.has(path) ? 'read' : 'not used' };
  });
  return { entries, leftOut: total - leaves.length, problems };
}
