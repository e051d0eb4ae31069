import { assertArticleWithinBounds } from '../../../core/src/article-bounds';
import type { GateRequest } from './types';

/**
 * The gate's first step (issue #55 item 4): every array and length of the article within its bound
 * (core/src/request-bounds.ts), whichever door mapped it; else a 400 naming each part over its bound,
 * before the body is parsed or anything is looked up or written. The lists only a door's wire format
 * has (a batch, a preset's FAQ) are counted by that door's parse, with the same constants.
 */
export function checkBounds(request: Pick<GateRequest, 'fields'>): void {
  assertArticleWithinBounds(request.fields);
}
