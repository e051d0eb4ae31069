/** The parsing budget (issue #55 item 3): a body's conversion past it is stopped, and the pool goes on. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ArticleFields } from '../../core/src/article';
import { articleOptions, DEFAULT_CONFIG, resolveEffectiveConfig } from '../../core/src/config';
import { RefusedBody } from '../../core/src/html/body-bounds';
import { PATHOLOGICAL_BODIES } from '../../core/test/helpers/pathological-bodies';
import articleWork from '../src/worker/pool';

const options = articleOptions(resolveEffectiveConfig(DEFAULT_CONFIG, {}));
/** The worker thread's entry from its sources (the build's file is compiled from them). */
const WORKER_FILE = path.join(__dirname, 'fixtures', 'article-work-from-sources.js');
const BUDGET_MS = 500;

const markdownFields = (markdown: string): ArticleFields => ({
  title: 'A guide',
  html: markdown,
  contentFormat: 'markdown',
  slug: undefined,
  status: undefined,
  focusKeyword: undefined,
  secondaryKeywords: [],
  metaDescription: undefined,
  jsonLd: undefined,
  featuredImage: undefined,
  categories: { kind: 'none' },
  bodyField: { request: 'publish request', field: 'content' },
});

// 4.8 s of marked on its own (core/test/helpers/pathological-bodies.ts), ten budgets.
const slow = PATHOLOGICAL_BODIES.find(({ name }) => name === '[_a x 16 KB');

describe('the parsing budget', () => {
  it('stops a conversion past it with a 400 naming the limit, and the pool converts the next body; a body queued behind is not charged for its wait', async () => {
    assert.ok(slow);
    const warnings: string[] = [];
    const work = articleWork({
      workerFile: WORKER_FILE,
      workerThreads: 1,
      parsingBudgetMs: BUDGET_MS,
      log: { warn: (message: string) => warnings.push(message) },
    });
    try {
      assert.deepEqual(work.threads(), { available: true, size: 1 });
      // One thread: the plain body waits while the slow one runs its whole budget.
      const slowRun = work.normalize(markdownFields(slow.body), options);
      const queued = work.normalize(markdownFields('# A guide\n\nPlain *text*.'), options);
      await assert.rejects(
        slowRun,
        (error: unknown) =>
          error instanceof RefusedBody &&
          error.code === 'bad_request' &&
          error.message ===
            'Invalid publish request: content took longer than the parsing budget of 0.5 s to convert (the limit, parsingBudgetMs).'
      );
      const converted = await queued;
      assert.equal(converted.html, 'A guide\n<p>Plain <em>text</em>.</p>');
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0], /parsing budget \(500 ms\): its worker thread was stopped/);
      // And again: the replaced thread takes the next body.
      const again = await work.normalize(markdownFields('Still *here*.'), options);
      assert.equal(again.html, '<p>Still <em>here</em>.</p>');
    } finally {
      await work.stop();
    }
  });
});
