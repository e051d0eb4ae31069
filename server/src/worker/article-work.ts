/**
 * The worker thread's entry (issue #30): the CPU-heavy steps of a large article, run off the event
 * loop by the `article-work` service through a piscina pool. Built on its own into
 * dist/worker/server/src/worker/article-work.js (tsconfig.worker.json), since the server bundle is one
 * file. Each function takes and returns plain data (structured clone).
 */
import {
  normalizeArticle,
  type ArticleFields,
  type NormalizedArticle,
  type NormalizeOptions,
} from '../../../core/src/article';
import {
  BODY_WRITERS,
  writableAhead,
  writePostBody,
  type BodySource,
  type LibraryFile,
} from '../../../core/src/body-formats';
import { flattenTree, type FlatTree } from '../../../core/src/blocks/flat-tree';
import { STORED_JSON_SLICE_CHARS } from '../../../core/src/blocks/stored-json';
import { stringifySliced, type SlicedJson } from '../../../core/src/sliced-json';
import type { ZoneComponent } from '../../../core/src/body/zone-layout';
import { htmlToMarkdown } from '../../../core/src/body/html-to-markdown';
import { articleBodyOf, type ArticleBody } from '../../../core/src/html/article-body';
import { RefusedBody, type BodyField } from '../../../core/src/html/body-bounds';
import type { BodyTarget } from '../../../core/src/publish-target';
import { storedBodyHtml, type StoredBodyHtmlOptions } from '../../../core/src/wordpress/post-html';
import { isMainThread } from 'node:worker_threads';
import { markStarted, type BudgetedTask } from './budget';
import { warmUp } from './warm-up';

export { wake } from './budget';

export interface NormalizeTask extends BudgetedTask {
  fields: ArticleFields;
  options: NormalizeOptions;
  /**
   * The target's body, written in the same trip when its writing needs nothing of the later stages
   * (core/src/body-formats `writableAhead`): a publish then makes one trip to a thread, not two.
   */
  bodyAhead?: BodyTarget;
}

/**
 * The body read as it crosses back: without its HTML and its text, which the article holds already
 * (`article.html`, `article.seo.descriptionFallback`: normalizeArticle sets it to the body's text). A
 * structured clone copies a string once per place it appears, and the main thread receives the copy on
 * its event loop: about 3 ms a megabyte on a 2-core machine (issue #62). Its tree flattened, or left
 * out when the body was written ahead for a writer that keeps no stored value (nothing reads it then).
 */
export type ArticleBodyInWorker = Omit<ArticleBody, 'html' | 'text' | 'tree'>;

/**
 * What normalizing gives back across the thread: the article and its body read, and the target's body
 * if it was written ahead, or the problems of HTML over a bound (an error's class does not cross a
 * thread).
 */
export type NormalizedInWorker =
  | { article: NormalizedArticle; body: ArticleBodyInWorker; writtenAhead?: WrittenBody }
  | { refusedBody: { bodyField: BodyField; problems: string[] } };

/** Sanitizes and reads the article, and writes the target's body where nothing later changes it. */
export function normalize(task: NormalizeTask): NormalizedInWorker {
  markStarted(task);
  const { fields, options, bodyAhead } = task;
  let article: NormalizedArticle;
  let body: ArticleBody;
  try {
    article = normalizeArticle(fields, options);
    body = articleBodyOf(article);
  } catch (error) {
    if (!(error instanceof RefusedBody)) throw error;
    return { refusedBody: { bodyField: error.bodyField, problems: error.problems } };
  }
  const { html, text: _text, tree, ...read } = body;
  const withTree = () => ({ article, body: { ...read, ...(tree ? { flatTree: flattenTree(tree) } : {}) } });
  if (!bodyAhead || !writableAhead(bodyAhead, body)) return withTree();
  // Writing gets a budget of its own, as it would in a trip of its own.
  markStarted(task);
  let writtenAhead: WrittenBody;
  try {
    writtenAhead = written(bodyAhead, { html, tree }, new Map(), []);
  } catch {
    // The body stage writes it again and meets the same error in its own place (compose-entry).
    return withTree();
  }
  // A writer that keeps the entry's value writes again on a republish whose entry has one: it needs the tree.
  if (BODY_WRITERS[bodyAhead.body.format].keepsExistingValue) return { ...withTree(), writtenAhead };
  return { article, body: read, writtenAhead };
}

export interface WriteBodyTask extends BudgetedTask {
  body: BodyTarget;
  html: string;
  /** The tree the article was read into (normalizing read it once; the writer does not parse again). */
  flatTree: FlatTree | undefined;
  libraryFiles: ReadonlyMap<string, LibraryFile>;
  existingZone: readonly ZoneComponent[];
}

/**
 * What a body writer answers, and how the body degraded: the field's value, or, for a Blocks body
 * written here, its JSON text (core/src/blocks/stored-json: stored after Strapi's save, and the text is
 * all the main thread receives of it).
 */
export type WrittenBody = { value: unknown; warnings: string[] } | (SlicedJson & { warnings: string[] });

/** The body field's value in the target's format (as JSON text where its row says `storedAsJson`), and how it degraded. */
export function writeBody(task: WriteBodyTask): WrittenBody {
  markStarted(task);
  const { body, html, flatTree, libraryFiles, existingZone } = task;
  return written(body, { html, flatTree }, libraryFiles, existingZone);
}

/** The body field's value, as JSON text where its format's row says `storedAsJson`. */
function written(
  body: BodyTarget,
  source: BodySource,
  libraryFiles: ReadonlyMap<string, LibraryFile>,
  existingZone: readonly ZoneComponent[]
): WrittenBody {
  const warnings: string[] = [];
  const value = writePostBody(body, source, libraryFiles, existingZone, warnings);
  // Written with its cuts: Strapi's event reads parse it back a slice at a time (entry-event-reads.ts).
  if (BODY_WRITERS[body.body.format].storedAsJson && Array.isArray(value))
    return { ...stringifySliced(value, STORED_JSON_SLICE_CHARS), warnings };
  if (BODY_WRITERS[body.body.format].storedAsJson) return { json: JSON.stringify(value), cuts: [], warnings };
  return { value, warnings };
}

export interface RenderBodyTask extends BudgetedTask {
  body: BodyTarget;
  /** The body field's stored value (text, blocks or a zone's populated components). */
  value: unknown;
  options: StoredBodyHtmlOptions;
}

/** A stored body as the HTML the WordPress door serves (core/src/wordpress/post-html). */
export function renderBody(task: RenderBodyTask): string {
  markStarted(task);
  return storedBodyHtml(task.body, task.value, task.options);
}

export interface ToMarkdownTask extends BudgetedTask {
  html: string;
}

/** Sanitized HTML as Markdown (the MCP get tool's `content_format: "markdown"` of a body stored otherwise). */
export function toMarkdown(task: ToMarkdownTask): string {
  markStarted(task);
  return htmlToMarkdown(task.html).markdown;
}

/** How many of the warm-up's rounds this thread ran before its first task (0 outside a thread). */
let warmedUpRounds = 0;

/** The warm-up's rounds on this thread: the pool's test asks it. */
export function warmUpRounds(): number {
  return warmedUpRounds;
}

// A thread compiles its tasks' code before it takes the first real one (warm-up.ts). An error there
// is met again by the article that runs into it, and reported to its sender: the thread still starts.
if (!isMainThread) {
  try {
    warmedUpRounds = warmUp({ normalize, writeBody, renderBody });
  } catch {
    // See above.
  }
}
