/** The article-work service's pool (server/src/worker/pool.ts): its state and the missing-file warning (issue #44). */
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { articleFromPublishRequest } from '../../core/src/article';
import { articleOptions, DEFAULT_CONFIG, resolveEffectiveConfig } from '../../core/src/config';
import { sizedArticle } from '../../core/test/helpers/sized-article';
import articleWork from '../src/worker/pool';
import { parsePublishRequest } from '../../core/src/publish-request';

const options = articleOptions(resolveEffectiveConfig(DEFAULT_CONFIG, {}));
const largeArticle = () =>
  articleFromPublishRequest(parsePublishRequest({ title: 'A guide', content: sizedArticle(64 * 1024) }));

describe('the worker thread pool', () => {
  it('without its built file: says so, converts inline, and logs it once however many large articles come', async () => {
    const missing = path.join(os.tmpdir(), 'article-publisher-no-such-worker', 'article-work.js');
    const warnings: string[] = [];
    const work = articleWork({
      workerFile: missing,
      workerThreads: 2,
      log: { warn: (m: string) => warnings.push(m) },
    });
    for (let n = 0; n < 3; n++) {
      const article = await work.normalize(largeArticle(), options);
      assert.equal(article.title, 'A guide');
    }
    const state = work.threads();
    assert.equal(state.available, false);
    assert.equal(state.size, 0);
    assert.ok(state.problem?.includes(missing), state.problem);
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.ok(warnings[0].includes(missing) && warnings[0].includes('npm run build'), warnings[0]);
    work.threads();
    assert.equal(warnings.length, 1);
    await work.stop();
  });

  it('turned off with workerThreads: 0, and sized by the setting when its file is there', async () => {
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m) };
    const off = articleWork({ workerFile: __filename, workerThreads: 0, log });
    assert.deepEqual(off.threads(), { available: false, size: 0, problem: 'turned off (workerThreads: 0)' });
    assert.deepEqual(articleWork({ workerFile: __filename, workerThreads: 3, log }).threads(), {
      available: true,
      size: 3,
    });
    assert.deepEqual(articleWork({ workerFile: __filename, workerThreads: 'auto', log }).threads(), {
      available: true,
      size: Math.max(1, os.availableParallelism() - 1),
    });
    assert.deepEqual(warnings, []);
  });
});
