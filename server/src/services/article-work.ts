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
import type { ZoneComponent } from '../../../core/src/body/zone-layout';
import { rememberArticleBody, type ArticleBody } from '../../../core/src/html/article-body';
import { RefusedBody } from '../../../core/src/html/body-bounds';
import type { BodyTarget } from '../../../core/src/publish-target';
import { workerPoolSize, type PluginConfig } from '../../../core/src/config';
import { getService } from '../utils/get-service';
import { siteMediaOf } from '../utils/site-media';
import {
  storedBodyHtml,
  storedBodySize,
  type StoredBodyHtmlOptions,
} from '../../../core/src/wordpress/post-html';
import type {
  NormalizedInWorker,
  NormalizeTask,
  RenderBodyTask,
  WriteBodyTask,
  WrittenBody,
} from '../worker/article-work';

export type { WrittenBody };

/**
 * Articles with at least this much HTML are sanitized and converted in a worker thread. Measured on
 * the benchmark machine, sanitizing and reading 100 KB took about 90 ms and converting it to Markdown
 * about 120 ms: a reader would wait that long. Below 32 KB (a long blog post is 15 KB) it is a few
 * milliseconds, about what handing it to a thread and back costs.
 */
export const OFF_THREAD_MIN_HTML = 32 * 1024;

/**
 * The same for a Markdown body, which is converted to HTML first: 32 KB of Markdown took about 30 ms
 * to convert and 50 to 60 ms in all, against about 50 ms for the 53 KB of HTML it gives (2026-11-28,
 * on a loaded 2-core machine), so a Markdown byte costs about twice an HTML byte.
 */
export const OFF_THREAD_MIN_MARKDOWN = OFF_THREAD_MIN_HTML / 2;

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
  /** The worker's built file (a test names a missing one). */
  workerFile?: string;
  /** The pool's size when there is no Strapi config to read it from. */
  workerThreads?: PluginConfig['workerThreads'];
  log?: { warn(message: string): unknown };
}

/**
 * The CPU-heavy steps of a publish (sanitizing and reading the article, converting its body) off the
 * event loop for large articles, so the site keeps answering its readers meanwhile (issue #30). One
 * small pool per process: its threads are this process's CPU, not state another instance needs.
 */
const articleWork = ({
  strapi,
  workerFile = BUILT_WORKER_FILE,
  workerThreads,
  log = strapi?.log,
}: ArticleWorkOptions = {}) => {
  let pool: Piscina | undefined;
  let state: WorkerThreadsState | undefined;

  /** The pool's state, found once: a missing built file is logged once, not on every large article. */
  const stateOf = (): WorkerThreadsState => {
    if (state) return state;
    const setting =
      workerThreads ?? (strapi ? getService(strapi, 'plugin-config').static().workerThreads : 'auto');
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

  const poolFor = (body: string, minimum = OFF_THREAD_MIN_HTML) => poolOfSize(body.length, minimum);
  const poolOfSize = (length: number, minimum: number): Piscina | undefined => {
    if (length < minimum || !workerFile) return undefined;
    const { available, size } = stateOf();
    if (!available) return undefined;
    pool ??= new Piscina({ filename: workerFile, maxThreads: size, minThreads: 0, idleTimeout: 30_000 });
    return pool;
  };

  return {
    /** Whether large articles leave the event loop, and on how many threads (the ping's `worker_threads`). */
    threads(): WorkerThreadsState {
      return { ...stateOf() };
    },

    /** normalizeArticle, in a worker thread for a large article. */
    async normalize(fields: ArticleFields, givenOptions: NormalizeOptions): Promise<NormalizedArticle> {
      // Every door keeps the site's own uploads in the body, whatever their scheme (see images/site-media).
      const options: NormalizeOptions = strapi
        ? { ...givenOptions, sanitize: { siteMedia: siteMediaOf(strapi), ...givenOptions.sanitize } }
        : givenOptions;
      const worker = poolFor(
        fields.html,
        fields.contentFormat === 'markdown' ? OFF_THREAD_MIN_MARKDOWN : OFF_THREAD_MIN_HTML
      );
      if (!worker) return normalizeArticle(fields, options);
      const task: NormalizeTask = { fields, options };
      const normalized = (await worker.run(task, { name: 'normalize' })) as NormalizedInWorker;
      if ('refusedBody' in normalized)
        throw new RefusedBody(normalized.refusedBody.bodyField, normalized.refusedBody.problems);
      rememberArticleBody(normalized.article, normalized.body);
      return normalized.article;
    },

    /**
     * The body field's value (core/src/body-formats), converted in a worker thread for a large article;
     * a large Blocks body comes back as JSON text, stored after Strapi's save (core/src/blocks/stored-json).
     */
    async writeBody(
      body: BodyTarget,
      article: ArticleBody,
      libraryFiles: ReadonlyMap<string, LibraryFile>,
      existingZone: readonly ZoneComponent[]
    ): Promise<WrittenBody> {
      // A format whose writing is one linear pass over the HTML string is not worth a thread.
      const worker = BODY_WRITERS[body.body.format].offThread ? poolFor(article.html) : undefined;
      if (!worker) {
        const warnings: string[] = [];
        return { value: writePostBody(body, article, libraryFiles, existingZone, warnings), warnings };
      }
      // The tree normalizing read; an article normalized here (its HTML grew past the threshold when
      // sanitized) has its tree flattened for the thread, a linear walk of a small tree.
      const flatTree = article.flatTree ?? (article.tree && flattenTree(article.tree));
      const task: WriteBodyTask = { body, html: article.html, flatTree, libraryFiles, existingZone };
      return (await worker.run(task, { name: 'writeBody' })) as WrittenBody;
    },

    /**
     * A stored body as the HTML the WordPress door serves, in a worker thread for a large one: it is
     * converted (Markdown, blocks, a zone) and sanitized on every read of the post, at the cost of
     * normalizing an article of that size. A zone or blocks value is measured by its JSON (longer than
     * its HTML), a Markdown text as the normalizing threshold measures it.
     */
    async renderStoredBody(
      body: BodyTarget,
      value: unknown,
      options: StoredBodyHtmlOptions
    ): Promise<string> {
      const sanitize = strapi ? { siteMedia: siteMediaOf(strapi), ...options.sanitize } : options.sanitize;
      const minimum = body.body.format === 'markdown' ? OFF_THREAD_MIN_MARKDOWN : OFF_THREAD_MIN_HTML;
      const worker = poolOfSize(storedBodySize(value), minimum);
      if (!worker) return storedBodyHtml(body, value, { ...options, sanitize });
      const task: RenderBodyTask = { body, value, options: { ...options, sanitize } };
      return (await worker.run(task, { name: 'renderBody' })) as string;
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
