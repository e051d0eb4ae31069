import type { NormalizedArticle } from '../../../core/src/article';
import { articleOptions } from '../../../core/src/config';
import type { GateRequest } from './types';
import type { Collaborators } from '../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'articleWork' | 'targetSchema'>;

/**
 * The gate's parsing step (issue #55 item 3): the body is converted (Markdown to HTML), sanitized and
 * read off the event loop, on the `article-work` pool, whatever its size and door, within the parsing
 * budget (`parsingBudgetMs`: past it the thread is stopped and replaced). Its nesting is measured
 * before any converter runs (core/src/html/markdown-bounds.ts for Markdown, the sanitizer's own pass
 * for HTML). A body over a limit or the budget is refused with 400 `bad_request` naming it, which each
 * door answers in its own shape; nothing has been looked up or written yet. The target's body (its
 * Markdown, Blocks or zone) is written by the body stage under the same budget
 * (publish/compose-entry.ts), or, when nothing the later stages do changes it (no image to import;
 * core/src/body-formats `writableAhead`), in this same trip to the thread, under a budget of its own.
 */
export function parseBody(uses: Uses, request: GateRequest): Promise<NormalizedArticle> {
  const target = uses.targetSchema.profile(request.config);
  // A target that cannot receive articles is refused by the plan, after this step, as before.
  const bodyAhead = target.problems.fatal.length ? undefined : (target.body ?? undefined);
  return uses.articleWork.normalize(request.fields, articleOptions(request.config), bodyAhead);
}
