import type { NormalizedArticle } from '../../../core/src/article';
import { articleOptions } from '../../../core/src/config';
import type { GateRequest } from './types';
import type { Collaborators } from '../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'articleWork'>;

/**
 * The gate's parsing step (issue #55 item 3): the body is converted (Markdown to HTML), sanitized and
 * read off the event loop, on the `article-work` pool, whatever its size and door, within the parsing
 * budget (`parsingBudgetMs`: past it the thread is stopped and replaced). Its nesting is measured
 * before any converter runs (core/src/html/markdown-bounds.ts for Markdown, the sanitizer's own pass
 * for HTML). A body over a limit or the budget is refused with 400 `bad_request` naming it, which each
 * door answers in its own shape; nothing has been looked up or written yet. The target's body (its
 * Markdown, Blocks or zone) is written later under the same budget (publish/compose-entry.ts).
 */
export function parseBody(uses: Uses, request: GateRequest): Promise<NormalizedArticle> {
  return uses.articleWork.normalize(request.fields, articleOptions(request.config));
}
