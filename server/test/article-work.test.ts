/** The worker thread's functions (server/src/worker/article-work.ts), called directly (issue #30). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { articleFromPublishRequest, normalizeArticle } from '../../core/src/article';
import { writePostBody } from '../../core/src/body-formats';
import { articleOptions, DEFAULT_CONFIG, resolveEffectiveConfig } from '../../core/src/config';
import { articleBodyOf } from '../../core/src/html/article-body';
import { parsePublishRequest } from '../../core/src/publish-request';
import { buildPublishTarget } from '../../core/src/publish-target';
import { sizedArticle } from '../../core/test/helpers/sized-article';
import { exampleBlog, launchPad, targetSettings } from '../../core/test/helpers/target-shapes';
import { htmlParses } from '../../core/src/html/parse-count';
import { inspectRawHtml, rememberRawInspection } from '../../core/src/html/raw-inspection';
import { REQUEST_BOUNDS } from '../../core/src/request-bounds';
import { inspectRaw, normalize, writeBody } from '../src/worker/article-work';

const options = articleOptions(resolveEffectiveConfig(DEFAULT_CONFIG, {}));

describe('the worker thread of large articles', () => {
  it('normalizes as inline does, and sends the read body without its tree (not worth copying)', () => {
    const fields = articleFromPublishRequest(
      parsePublishRequest({ title: 'A guide', content: sizedArticle(60_000) })
    );
    const { article, body } = normalize({ fields, options });
    const inline = normalizeArticle(fields, options);
    assert.deepEqual(article, inline);
    assert.equal(body.tree, undefined);
    const { tree: _tree, ...read } = articleBodyOf(inline);
    assert.deepEqual(body, read);
  });

  /** A sized article's body written inline and by the worker's function, into the target of `catalog`. */
  function writtenBothWays(catalog: ReturnType<typeof exampleBlog>['catalog'], bytes: number) {
    const target = buildPublishTarget(targetSettings(), catalog);
    assert.ok(target.body);
    const article = normalizeArticle(
      articleFromPublishRequest(parsePublishRequest({ title: 'A guide', content: sizedArticle(bytes) })),
      options
    );
    const warnings: string[] = [];
    const inline = writePostBody(target.body, articleBodyOf(article), new Map(), [], warnings);
    const task = { body: target.body, html: article.html, libraryFiles: new Map(), existingZone: [] };
    return { format: target.body.body.format, inline, warnings, worker: writeBody(task) };
  }

  it('writes the body the inline writer writes, from the HTML alone', () => {
    const { inline, warnings, worker } = writtenBothWays(exampleBlog().catalog, 30_000);
    assert.deepEqual(worker, { value: inline, warnings });
  });

  it("writes a Blocks body as JSON text, the value the inline writer writes (stored after Strapi's save)", () => {
    const { format, inline, warnings, worker } = writtenBothWays(launchPad().catalog, 40_000);
    assert.equal(format, 'blocks');
    assert.ok('json' in worker);
    assert.deepEqual(JSON.parse(worker.json), inline);
    assert.deepEqual(worker.warnings, warnings);
  });

  it("makes the request schema's raw pass, which the schema then finds done instead of parsing again", () => {
    const html = `${sizedArticle(40_000)}<script type="application/ld+json">{"@type":"Article"}</script>`;
    const depthLimit = REQUEST_BOUNDS.htmlDepth;
    const inspection = inspectRaw({ html, depthLimit });
    assert.deepEqual(inspection.jsonLdTexts, ['{"@type":"Article"}']);
    assert.ok(inspection.imageCount > 0);
    assert.equal(inspection.tooDeep, false);
    // Back on the main thread: remembered, then the schema's call parses nothing.
    const copy = structuredClone(inspection);
    rememberRawInspection(html, depthLimit, copy);
    const before = htmlParses.runs;
    assert.equal(inspectRawHtml(html, depthLimit), copy);
    assert.equal(htmlParses.runs, before);
    const request = parsePublishRequest({ title: 'A guide', content: html });
    assert.equal(request.content, html);
    assert.equal(htmlParses.runs, before);
  });
});
