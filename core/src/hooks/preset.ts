import type { z } from 'zod';
import type { AuthScheme } from './auth';
import type { PresetName } from './endpoints';
import { prepareHookArticle, type HookArticle, type PreparedArticle } from './hook-article';
import type { WithdrawAction, WithdrawnPostThunk } from './withdrawal';

/** The request as a preset sees it: its headers (the body is given apart, parsed). */
export interface HookRequest {
  header(name: string): string | undefined;
}

/** One article of a delivery, prepared when the receiver gets to it: a bad one throws alone. */
export type ArticleThunk = () => PreparedArticle;

/** What a verified delivery asks for. */
export type HookDelivery =
  /** Publish (or update) these articles, each with its own result. */
  | { kind: 'articles'; event: string; articles: ArticleThunk[] }
  /** An unpublish or delete event: each post it names is unpublished, or deleted (`action`). */
  | { kind: 'withdraw'; event: string; action: WithdrawAction; posts: WithdrawnPostThunk[] }
  /** A test, ping or event this version does not act on: answered 2xx, nothing written. */
  | { kind: 'ignored'; event: string; reason: string; echo?: Record<string, unknown> };

/** How the receiver answers a delivery that published. */
export type ReplyShape = 'contract' | 'generic';

export interface HookPreset {
  name: PresetName;
  /** HTTP methods the service sends with (SEOLadders lets the user pick PUT). */
  methods: readonly string[];
  reply: ReplyShape;
  /**
   * The service gives up after 5 to 10 seconds (its docs, in issue #42's notes on the services): its
   * deliveries are answered once stored in the durable queue and processed after (docs/hook-queue.md).
   */
  queued: boolean;
  auth(options: unknown): AuthScheme;
  read(body: unknown, request: HookRequest, options: unknown): HookDelivery;
}

interface PresetDefinition<Options> {
  name: PresetName;
  methods?: readonly string[];
  reply?: ReplyShape;
  queued?: boolean;
  auth(options: Options): AuthScheme;
  read(body: unknown, request: HookRequest, options: Options): HookDelivery;
}

/** A preset whose options are parsed with its schema (the config validator checked them already). */
export function definePreset<Schema extends z.ZodType>(
  schema: Schema,
  definition: PresetDefinition<z.output<Schema>>
): HookPreset {
  const options = (value: unknown) => schema.parse(value ?? {}) as z.output<Schema>;
  return {
    name: definition.name,
    methods: definition.methods ?? ['POST'],
    reply: definition.reply ?? 'generic',
    queued: definition.queued ?? false,
    auth: (value) => definition.auth(options(value)),
    read: (body, request, value) => definition.read(body, request, options(value)),
  };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object member, or undefined (never the prototype's). */
export function member(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** The articles of a delivery, each mapped by `pick` and prepared with the endpoint's status. */
export function articlesOf(
  items: readonly unknown[],
  pick: (item: unknown) => HookArticle,
  status: 'draft' | 'publish' | 'pending' | undefined
): ArticleThunk[] {
  return mappedArticlesOf(items, (item) => ({ article: pick(item), warnings: [] }), status);
}

/** As `articlesOf`, for a mapping that also says what of it did not hold (a Custom endpoint's paths). */
export function mappedArticlesOf(
  items: readonly unknown[],
  map: (item: unknown) => { article: HookArticle; warnings: string[] },
  status: 'draft' | 'publish' | 'pending' | undefined
): ArticleThunk[] {
  return items.map((item, index) => () => {
    const { article, warnings } = map(item);
    const prepared = prepareHookArticle(article, {
      status,
      what: items.length > 1 ? `article ${index + 1} of the batch` : 'webhook article',
    });
    return warnings.length ? { ...prepared, warnings } : prepared;
  });
}

/** A delivery of one article: every preset but Outrank's batch. */
export function oneArticle(
  event: string,
  item: unknown,
  pick: (item: unknown) => HookArticle,
  status: 'draft' | 'publish' | 'pending' | undefined
): HookDelivery {
  return { kind: 'articles', event, articles: articlesOf([item], pick, status) };
}

/**
 * A delivery whose one article is the `article` object and whose event must be `expected`
 * (`article.published`); any other event, or a delivery without that object, is acknowledged and
 * ignored.
 */
export function articleOfEvent(
  body: unknown,
  event: string,
  expected: string,
  pick: (article: Record<string, unknown>) => HookArticle,
  status: 'draft' | 'publish' | 'pending' | undefined
): HookDelivery {
  const article = member(body, 'article');
  if (event !== expected || !isRecord(article))
    return ignored(event, `the event "${event || '(none)'}" is not handled`);
  return oneArticle(event, article, () => pick(article), status);
}

/** `title` and `slug`, which every service names so. */
export const titleAndSlug = (item: unknown): HookArticle => ({
  title: member(item, 'title'),
  slug: member(item, 'slug'),
});

/** `id`, `title` and `slug`: the service's own id is the ledger's key. */
export const idTitleAndSlug = (item: unknown): HookArticle => ({
  externalId: member(item, 'id'),
  ...titleAndSlug(item),
});

/** The body as most services send it: `content_html`, and `content_markdown` beside it. */
export const snakeCaseBodies = (item: unknown): HookArticle => ({
  html: member(item, 'content_html'),
  markdown: member(item, 'content_markdown'),
});

/** A flat article's common part: title, slug, both bodies and `meta_description`. */
export const flatArticle = (item: unknown): HookArticle => ({
  ...titleAndSlug(item),
  ...snakeCaseBodies(item),
  metaDescription: member(item, 'meta_description'),
});

export const ignored = (event: string, reason: string, echo?: Record<string, unknown>): HookDelivery => ({
  kind: 'ignored',
  event,
  reason,
  ...(echo ? { echo } : {}),
});

export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
