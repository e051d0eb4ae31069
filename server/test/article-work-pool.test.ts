/** The article-work service's pool (server/src/worker/pool.ts): its state and the missing-file warning (issue #44). */
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { describe, it, mock } from 'node:test';
import { Piscina } from 'piscina';
import { articleFromPublishRequest } from '../../core/src/article';
import { WRITE_AHEAD_MAX_HTML, writePostBody } from '../../core/src/body-formats';
import { articleOptions, DEFAULT_CONFIG, resolveEffectiveConfig } from '../../core/src/config';
import { articleBodyOf } from '../../core/src/html/article-body';
import { buildPublishTarget } from '../../core/src/publish-target';
import { sizedArticle, sizedArticleWithoutImages } from '../../core/test/helpers/sized-article';
import { exampleBlog, markdownBlog, targetSettings } from '../../core/test/helpers/target-shapes';
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

  it('keeps one thread, warmed up before its first task (issue #62)', async () => {
    const work = articleWork({
      workerFile: path.join(__dirname, 'fixtures', 'article-work-from-sources.js'),
      workerThreads: 2,
    });
    const pools: Piscina[] = [];
    const original = Piscina.prototype.run;
    const spy = mock.method(
      Piscina.prototype,
      'run',
      function (this: Piscina, task: unknown, options: { name?: string }) {
        pools.push(this);
        return original.call(this, task, options);
      }
    );
    try {
      // What the app's bootstrap does: the thread starts before any article comes.
      work.start();
      assert.equal(await work.toMarkdown('<p>A first task.</p>'), 'A first task.');
      const [pool] = pools;
      assert.equal(pool.threads.length, 1);
      assert.equal(pool.options.minThreads, 1, 'it stays when idle');
      const rounds = (await original.call(pool, null, { name: 'warmUpRounds' })) as number;
      assert.ok(rounds > 0, `the thread ran ${rounds} warm-up rounds before its first task`);
    } finally {
      spy.mock.restore();
      await work.stop();
    }
  });

  describe('a body written in the normalizing trip (issue #62)', () => {
    /** The worker thread's entry from its sources (the build's file is compiled from them). */
    const workerFile = path.join(__dirname, 'fixtures', 'article-work-from-sources.js');
    const articleOf = (content: string) =>
      articleFromPublishRequest(parsePublishRequest({ title: 'A guide', content }));
    const plain = () => articleOf(sizedArticleWithoutImages(8_000));
    const targetOf = ({ schema, catalog }: ReturnType<typeof markdownBlog>) => {
      const target = buildPublishTarget(targetSettings({ targetContentType: schema.uid }), catalog);
      assert.ok(target.body);
      return target.body;
    };

    /** A one-thread pool from the sources for `run`, stopped after it. */
    async function withPool(run: (work: ReturnType<typeof articleWork>) => Promise<void>): Promise<void> {
      const work = articleWork({ workerFile, workerThreads: 1 });
      try {
        await run(work);
      } finally {
        await work.stop();
      }
    }

    /** The names of the tasks `work` sends to its threads while `run` runs. */
    async function tripsOf(run: () => Promise<unknown>): Promise<string[]> {
      const trips: string[] = [];
      const original = Piscina.prototype.run;
      const spy = mock.method(
        Piscina.prototype,
        'run',
        function (this: Piscina, task: unknown, options: { name?: string }) {
          trips.push(options?.name ?? 'default');
          return original.call(this, task, options);
        }
      );
      try {
        await run();
      } finally {
        spy.mock.restore();
      }
      return trips;
    }

    it('one trip to a thread writes a body without images: the body stage takes what it wrote', () =>
      withPool(async (work) => {
        const body = targetOf(markdownBlog());
        let written: unknown;
        let expected: unknown;
        const trips = await tripsOf(async () => {
          const article = await work.normalize(plain(), options, body);
          const read = articleBodyOf(article);
          written = await work.writeBody(body, read, new Map(), []);
          expected = writePostBody(body, { html: read.html }, new Map(), [], []);
        });
        assert.deepEqual(trips, ['normalize']);
        assert.equal(typeof expected, 'string');
        assert.deepEqual(written, { value: expected, warnings: [] });
      }));

    it('hands a body written ahead out once: writing the article again makes a trip of its own', () =>
      withPool(async (work) => {
        const zone = targetOf(exampleBlog());
        const article = await work.normalize(plain(), options, zone);
        const read = articleBodyOf(article);
        const written: Awaited<ReturnType<typeof work.writeBody>>[] = [];
        const trips = await tripsOf(async () => {
          written.push(await work.writeBody(zone, read, new Map(), []));
          written.push(await work.writeBody(zone, read, new Map(), []));
        });
        assert.deepEqual(trips, ['writeBody']);
        const [first, second] = written;
        assert.deepEqual(second, first);
        assert.ok('value' in first && 'value' in second);
        assert.notEqual(second.value, first.value, 'not the same objects');
      }));

    it('a second trip where the body needs what came later (an image, another target, an entry`s zone), or is a large zone', () =>
      withPool(async (work) => {
        const markdown = targetOf(markdownBlog());
        const zone = targetOf(exampleBlog());
        const image = `${sizedArticleWithoutImages(2_000)}<p><img src="https://images.example.com/a.jpg" alt="A"></p>`;
        const cases: [string, () => Promise<unknown>][] = [
          [
            'an inline image',
            async () => {
              const article = await work.normalize(articleOf(image), options, markdown);
              await work.writeBody(markdown, articleBodyOf(article), new Map(), []);
            },
          ],
          [
            'a large zone',
            async () => {
              const large = sizedArticleWithoutImages(2 * WRITE_AHEAD_MAX_HTML);
              const article = await work.normalize(articleOf(large), options, zone);
              await work.writeBody(zone, articleBodyOf(article), new Map(), []);
            },
          ],
          [
            'the settings changed the target meanwhile',
            async () => {
              const article = await work.normalize(plain(), options, markdown);
              await work.writeBody(targetOf(markdownBlog()), articleBodyOf(article), new Map(), []);
            },
          ],
          [
            'a zone the entry already has',
            async () => {
              const article = await work.normalize(plain(), options, zone);
              const stored = [{ __component: 'shared.rich-text', body: 'An editor`s note.' }];
              await work.writeBody(zone, articleBodyOf(article), new Map(), stored);
            },
          ],
        ];
        for (const [name, run] of cases)
          assert.deepEqual(await tripsOf(run), ['normalize', 'writeBody'], name);
        // A zone for an entry that has none is the one written ahead.
        assert.deepEqual(
          await tripsOf(async () => {
            const article = await work.normalize(plain(), options, zone);
            await work.writeBody(zone, articleBodyOf(article), new Map(), []);
          }),
          ['normalize']
        );
      }));
  });
});
