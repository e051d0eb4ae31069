import type { z } from 'zod';
import type { AuthScheme } from './auth';
import type { PresetName } from './endpoints';
import type { HookArticle, PreparedArticle } from './hook-article';
import type { WithdrawAction, WithdrawnPostThunk } from './withdrawal';

/** The request as a preset sees it: its headers (the body is given apart, parsed). */
export interface HookRequest {
  header(name: string): string | undefined;
}

/**
 * One article of a delivery, prepared when the receiver gets to it: a bad one throws alone. `picked`
 * is the article as the preset picked it, before it was checked: the delivery inspector maps a refused
 * article's fields with it (core/src/hooks/field-map.ts).
 */
export type ArticleThunk = (() => PreparedArticle) & { picked?: () => HookArticle };

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
