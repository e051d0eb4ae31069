import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { Piscina } from 'piscina';
import {
  normalizeArticle,
  type ArticleFields,
  type NormalizedArticle,
  type NormalizeOptions,
} from '../../../core/src/article';
import { BODY_WRITERS, writePostBody, type LibraryFile } from '../../../core/src/body-formats';
import { flattenTree } from '../../../core/src/blocks/flat-tree';
import { htmlToMarkdown } from '../../../core/src/body/html-to-markdown';
import type { ZoneComponent } from '../../../core/src/body/zone-layout';
import { rememberArticleBody, type ArticleBody } from '../../../core/src/html/article-body';
import { ARTICLE_BODY_FIELD, RefusedBody, type BodyField } from '../../../core/src/html/body-bounds';
import type { BodyTarget } from '../../../core/src/publish-target';
import { DEFAULT_CONFIG, workerPoolSize, type PluginConfig } from '../../../core/src/config';
import { overBudgetProblem, runTaskWithinBudget, type BudgetedTask } from './budget';
import { siteMediaOf } from '../common/site-media';
import { storedBodyHtml, type StoredBodyHtmlOptions } from '../../../core/src/wordpress/post-html';
import type {
  NormalizedInWorker,
  NormalizeTask,
  RenderBodyTask,
  ToMarkdownTask,
  WriteBodyTask,
  WrittenBody,
} from './article-work';
import type { Collaborators } from '../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'pluginConfig'>;

export type { WrittenBody };

/**
 * The worker's built file: next to the server bundle (dist/server) in the package. Absent when the
 * plugin runs from its sources (unit tests), where everything runs inline.
 */
const BUILT_WORKER_FILE =
  typeof __dirname === 'string'
    ? path.join(__dirname, '..', 'worker', 'server', 'src', 'worker', 'article-work.js')
    : undefined;

/** The pool as the ping reports it: whether large articles leave the event loop, and on how many threads. */
export interface WorkerThreadsState {
  available: boolean;
  size: number;
  /** Why there is no pool, when there is none. */
  problem?: string;
}

/** What the service is made with: Strapi in the app; in unit tests, none (or a stand-in file and log). */
export interface ArticleWorkOptions {
  /** Gives the site's own addresses to the sanitizer, the pool's size (`workerThreads`) and the log. */
  strapi?: Core.Strapi;
  /** Its collaborators, handed in with Strapi (server/src/services.ts). */
  uses?: Uses;
  /** The worker's built file (a test names a missing one). */
  workerFile?: string;
  /** The pool's size when there is no Strapi config to read it from. */
  workerThreads?: PluginConfig['workerThreads'];
  /** The parsing budget when there is no Strapi config to read it from (`parsingBudgetMs`). */
  parsingBudgetMs?: PluginConfig['parsingBudgetMs'];
  log?: { warn(message: string): unknown };
}

/**
 * The CPU-heavy steps of a publish (converting a Markdown body, sanitizing and reading the article,
 * writing the target's body) off the event loop, so the site keeps answering its readers meanwhile
 * (issue #30), each under the parsing budget (issue #55: a converter's worst case is not linear, 16 KB
 * of `[_a` kept marked busy for 5 s). Every body goes to the pool, whatever its size: handing the
 * sample article's 0.8 KB to a thread and back cost 0.5 ms over converting it inline (0.9 against
 * 0.5 ms; 1.2 KB of Markdown 1.5 against 1.0 ms, 2026-12), and a small body proves nothing about its
 * converter's time: 4 KB of `[_a` took 550 ms. Inline only without a pool (workerThreads: 0, or a
 * missing worker file: unit tests from the sources). One small pool per process: its threads are this
 * process's CPU, not state another instance needs.
 */
const articleWork = ({
  strapi,
  uses,
  workerFile = BUILT_WORKER_FILE,
  workerThreads,
  parsingBudgetMs,
  log = strapi?.log,
}: ArticleWorkOptions = {}) => {
  let pool: Piscina | undefined;
  let state: WorkerThreadsState | undefined;
  /** Bodies the normalizing trip wrote, by the body it read (gone with the request's article). */
  const writtenAhead = new WeakMap<ArticleBody, { target: BodyTarget; written: WrittenBody }>();

  /** The pool's state, found once: a missing built file is logged once, not on every large article. */
  const stateOf = (): WorkerThreadsState => {
    if (state) return state;
    const setting = workerThreads ?? uses?.pluginConfig.static().workerThreads ?? 'auto';
    const size = workerPoolSize(setting, os.availableParallelism());
    if (size === 0) state = { available: false, size, problem: 'turned off (workerThreads: 0)' };
    else if (!workerFile || !fs.existsSync(workerFile)) {
      const problem = `the worker thread file ${workerFile ?? '(none: running from the sources)'} is missing: large articles are converted on the event loop, and readers wait meanwhile`;
      state = { available: false, size: 0, problem };
      // From the sources (unit tests) everything runs inline by design: nothing to tell.
      if (workerFile) log?.warn(`[article-publisher] ${problem}. Rebuild the plugin (npm run build).`);
    } else state = { available: true, size };
    return state;
  };

  const budgetMs = () =>
    parsingBudgetMs ?? uses?.pluginConfig.static().parsingBudgetMs ?? DEFAULT_CONFIG.parsingBudgetMs;

  const poolOrInline = (): Piscina | undefined => {
    if (!workerFile || !stateOf().available) return undefined;
    pool ??= new Piscina({
      filename: workerFile,
      maxThreads: stateOf().size,
      // One thread stays, warm (worker/warm-up.ts): a thread started for a publish made it wait for
      // its start and its cold code. More start under load and go after 30 s idle.
      minThreads: 1,
      idleTimeout: 30_000,
    });
    return pool;
  };

  /** A task on the pool within the budget; over it, its thread is stopped and the body refused. */
  const runWithinBudget = (worker: Piscina, task: BudgetedTask, name: string, field: BodyField) =>
    runTaskWithinBudget(worker, task, name, budgetMs(), () => {
      log?.warn(
        `[article-publisher] a body's ${name} ran past the parsing budget (${budgetMs()} ms): its worker thread was stopped and the request refused`
      );
      return new RefusedBody(field, [overBudgetProblem(budgetMs())]);
    });

  return {
    /** Whether large articles leave the event loop, and on how many threads (the ping's `worker_threads`). */
    threads(): WorkerThreadsState {
      return { ...stateOf() };
    },

    /**
     * normalizeArticle, in a worker thread; with `bodyAhead` (the target's body) the same trip writes
     * the body when nothing later changes it (core/src/body-formats `writableAhead`), kept for writeBody.
     */
    async normalize(
      fields: ArticleFields,
      givenOptions: NormalizeOptions,
      bodyAhead?: BodyTarget
    ): Promise<NormalizedArticle> {
      // Every door keeps the site's own uploads in the body, whatever their scheme (see images/site-media).
      const options: NormalizeOptions = strapi
        ? { ...givenOptions, sanitize: { siteMedia: siteMediaOf(strapi), ...givenOptions.sanitize } }
        : givenOptions;
      const worker = poolOrInline();
      if (!worker) return normalizeArticle(fields, options);
      const task: NormalizeTask = { fields, options, ...(bodyAhead ? { bodyAhead } : {}) };
      const field = fields.bodyField ?? ARTICLE_BODY_FIELD;
      const normalized = (await runWithinBudget(worker, task, 'normalize', field)) as NormalizedInWorker;
      if ('refusedBody' in normalized)
        throw new RefusedBody(normalized.refusedBody.bodyField, normalized.refusedBody.problems);
      const { article } = normalized;
      // What the reply leaves out, the article holds (worker/article-work.ts ArticleBodyInWorker).
      const body: ArticleBody = {
        ...normalized.body,
        html: article.html,
        text: article.seo.descriptionFallback,
      };
      rememberArticleBody(article, body);
      if (bodyAhead && normalized.writtenAhead)
        writtenAhead.set(body, { target: bodyAhead, written: normalized.writtenAhead });
      return article;
    },

    /**
     * The body field's value (core/src/body-formats), converted in a worker thread for a large article;
     * a large Blocks body comes back as JSON text, stored after Strapi's save (core/src/blocks/stored-json).
     */
    async writeBody(
      body: BodyTarget,
      article: ArticleBody,
      libraryFiles: ReadonlyMap<string, LibraryFile>,
      existingZone: readonly ZoneComponent[],
      bodyField: BodyField = ARTICLE_BODY_FIELD
    ): Promise<WrittenBody> {
      const ahead = writtenAhead.get(article);
      // Taken once: a second write of the article (a publish composed again) gets a value of its own,
      // which Strapi's save may change as it pleases.
      writtenAhead.delete(article);
      // Written for this very target (profiles are kept frozen, so the same settings give the same
      // object), and, for a writer that keeps the entry's value, for an entry that has none.
      if (
        ahead?.target === body &&
        (!BODY_WRITERS[body.body.format].keepsExistingValue || existingZone.length === 0)
      )
        return ahead.written;
      // A format whose writing is one linear pass over the HTML string (html) is not a conversion.
      const worker = BODY_WRITERS[body.body.format].offThread ? poolOrInline() : undefined;
      if (!worker) {
        const warnings: string[] = [];
        return { value: writePostBody(body, article, libraryFiles, existingZone, warnings), warnings };
      }
      // The tree normalizing read; an article normalized here (its HTML grew past the threshold when
      // sanitized) has its tree flattened for the thread, a linear walk of a small tree.
      const flatTree = article.flatTree ?? (article.tree && flattenTree(article.tree));
      const task: WriteBodyTask = { body, html: article.html, flatTree, libraryFiles, existingZone };
      return (await runWithinBudget(worker, task, 'writeBody', bodyField)) as WrittenBody;
    },

    /**
     * A stored body as the HTML the WordPress door serves, converted (Markdown, blocks, a zone) and
     * sanitized on every read of the post: a conversion like any other, so off the event loop under the
     * same budget. A stored body only the Content Manager could have written that runs past it is
     * refused as an article over the budget would be (the door's 400 naming the limit).
     */
    async renderStoredBody(
      body: BodyTarget,
      value: unknown,
      options: StoredBodyHtmlOptions
    ): Promise<string> {
      const sanitize = strapi ? { siteMedia: siteMediaOf(strapi), ...options.sanitize } : options.sanitize;
      const worker = poolOrInline();
      if (!worker) return storedBodyHtml(body, value, { ...options, sanitize });
      const task: RenderBodyTask = { body, value, options: { ...options, sanitize } };
      return (await runWithinBudget(worker, task, 'renderBody', ARTICLE_BODY_FIELD)) as string;
    },

    /** Sanitized HTML as Markdown: a conversion like any other, off the event loop under the budget. */
    async toMarkdown(html: string): Promise<string> {
      const worker = poolOrInline();
      if (!worker) return htmlToMarkdown(html).markdown;
      const task: ToMarkdownTask = { html };
      return (await runWithinBudget(worker, task, 'toMarkdown', ARTICLE_BODY_FIELD)) as string;
    },

    /** Starts the pool's first thread with the app, so that it is warm before the first article. */
    start(): void {
      poolOrInline();
    },

    /** Stops the pool's threads with the app. */
    async stop(): Promise<void> {
      await pool?.destroy();
      pool = undefined;
    },
  };
};

export type ArticleWorkService = ReturnType<typeof articleWork>;
export default articleWork;
