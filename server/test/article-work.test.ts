/** The worker thread's functions (server/src/worker/article-work.ts), called directly (issue #30). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { articleFromPublishRequest, normalizeArticle } from '../../core/src/article';
import { BODY_WRITERS, WRITE_AHEAD_MAX_HTML, writePostBody } from '../../core/src/body-formats';
import { articleOptions, DEFAULT_CONFIG, resolveEffectiveConfig } from '../../core/src/config';
import { articleBodyOf } from '../../core/src/html/article-body';
import { parsePublishRequest } from '../../core/src/publish-request';
import { buildPublishTarget } from '../../core/src/publish-target';
import { sizedArticle, sizedArticleWithoutImages } from '../../core/test/helpers/sized-article';
import { exampleBlog, launchPad, markdownBlog, targetSettings } from '../../core/test/helpers/target-shapes';
import { htmlParses } from '../../core/src/html/parse-count';
import { unflattenTree } from '../../core/src/blocks/flat-tree';
import { REQUEST_BOUNDS } from '../../core/src/request-bounds';
import { normalize, writeBody } from '../src/worker/article-work';
import { parseSliced } from '../../core/src/sliced-json';

const options = articleOptions(resolveEffectiveConfig(DEFAULT_CONFIG, {}));

describe('the worker thread of large articles', () => {
  it('normalizes as inline does, and sends the read body with its tree flattened (its objects are not worth copying), without what the article holds', () => {
    const fields = articleFromPublishRequest(
      parsePublishRequest({ title: 'A guide', content: sizedArticle(60_000) })
    );
    const normalized = normalize({ fields, options });
    assert.ok('article' in normalized);
    const { article, body } = normalized;
    const inline = normalizeArticle(fields, options);
    assert.deepEqual(article, inline);
    // The HTML and the text cross once, in the article (issue #62: each copy is received on the event loop).
    for (const part of ['tree', 'html', 'text']) assert.equal(part in body, false, part);
    const { tree, html, text, ...read } = articleBodyOf(inline);
    assert.equal(article.html, html);
    assert.equal(article.seo.descriptionFallback, text);
    const { flatTree, ...sent } = body;
    assert.deepEqual(sent, read);
    assert.ok(flatTree && tree);
    assert.deepEqual(unflattenTree(flatTree), tree);
    assert.equal(typeof flatTree.strings, 'string');
    assert.ok(flatTree.layout instanceof Int32Array);
  });

  it('parses a large article twice through both tasks, as a thread receives them: sanitize and one tree (issue #30)', () => {
    // A zone, a Blocks and a Markdown body.
    for (const { schema, catalog } of [exampleBlog(), launchPad(), markdownBlog()]) {
      {
        const target = buildPublishTarget(targetSettings({ targetContentType: schema.uid }), catalog);
        assert.ok(target.body);
        const fields = articleFromPublishRequest(
          parsePublishRequest({ title: 'A guide', content: sizedArticle(60_000) })
        );
        const before = htmlParses.runs;
        // What crosses a thread is a structured clone, as piscina sends it.
        const normalized = structuredClone(normalize({ fields, options }));
        assert.ok('article' in normalized);
        const task = structuredClone({
          body: target.body,
          html: normalized.article.html,
          flatTree: normalized.body.flatTree,
          libraryFiles: new Map(),
          existingZone: [],
        });
        const written = writeBody(task);
        const format = target.body.body.format;
        assert.equal(htmlParses.runs - before, 2, `${format}: ${htmlParses.runs - before} parser runs`);
        // And it writes what the inline writer writes from the HTML.
        const warnings: string[] = [];
        const inline = writePostBody(
          target.body,
          articleBodyOf(normalizeArticle(fields, options)),
          new Map(),
          [],
          warnings
        );
        assert.deepEqual('json' in written ? JSON.parse(written.json) : written.value, inline, format);
      }
    }
  });

  /** A sized article's body written inline and by the worker's function, into the target of `catalog`. */
  function writtenBothWays(
    catalog: ReturnType<typeof exampleBlog>['catalog'],
    bytes: number,
    targetContentType?: string
  ) {
    const target = buildPublishTarget(
      targetSettings(targetContentType ? { targetContentType } : {}),
      catalog
    );
    assert.ok(target.body);
    const article = normalizeArticle(
      articleFromPublishRequest(parsePublishRequest({ title: 'A guide', content: sizedArticle(bytes) })),
      options
    );
    const warnings: string[] = [];
    const inline = writePostBody(target.body, articleBodyOf(article), new Map(), [], warnings);
    const task = {
      body: target.body,
      html: article.html,
      flatTree: undefined,
      libraryFiles: new Map(),
      existingZone: [],
    };
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
    assert.deepEqual(worker.cuts, [], 'one slice: parsed back at once');
  });

  it('writes a large Blocks body with the cuts its event reads parse it back between (issue #62)', async () => {
    const { inline, worker } = writtenBothWays(launchPad().catalog, 1_500_000);
    assert.ok('json' in worker);
    assert.equal(worker.json, JSON.stringify(inline));
    assert.ok(worker.cuts.length >= 3, `${worker.json.length} chars, ${worker.cuts.length} cuts`);
    for (const cut of worker.cuts) assert.equal(worker.json[cut], ',');
    assert.deepEqual(await parseSliced(worker, async () => undefined), inline);
  });

  it("sends the body as JSON text exactly when its format's row says it is stored as JSON (BODY_WRITERS)", () => {
    const markdown = BODY_WRITERS.markdown;
    const { format, inline, warnings, worker } = writtenBothWays(
      markdownBlog().catalog,
      40_000,
      markdownBlog().schema.uid
    );
    assert.equal(format, 'markdown');
    assert.deepEqual(worker, { value: inline, warnings });
    // The worker asks the row, not the format's name: a format stored as JSON is one row's flag.
    BODY_WRITERS.markdown = { ...markdown, storedAsJson: true };
    try {
      assert.deepEqual(writtenBothWays(markdownBlog().catalog, 40_000, markdownBlog().schema.uid).worker, {
        json: JSON.stringify(inline),
        cuts: [],
        warnings,
      });
    } finally {
      BODY_WRITERS.markdown = markdown;
    }
  });

  it('writes the target`s body in the normalizing trip, as the body stage would, when it has no image to import (issue #62)', () => {
    // A zone, a Blocks and a Markdown body: each written ahead is what the worker's writeBody writes.
    for (const { schema, catalog } of [exampleBlog(), launchPad(), markdownBlog()]) {
      const target = buildPublishTarget(targetSettings({ targetContentType: schema.uid }), catalog);
      assert.ok(target.body);
      const format = target.body.body.format;
      const fields = articleFromPublishRequest(
        parsePublishRequest({ title: 'A guide', content: sizedArticleWithoutImages(20_000) })
      );
      const before = htmlParses.runs;
      const normalized = structuredClone(normalize({ fields, options, bodyAhead: target.body }));
      assert.equal(
        htmlParses.runs - before,
        2,
        `${format}: sanitize and one tree, the writer parses nothing`
      );
      assert.ok('article' in normalized && normalized.writtenAhead, format);
      // The tree comes back only for a writer that writes again on an entry with a stored value (a zone).
      assert.equal(
        normalized.body.flatTree !== undefined,
        BODY_WRITERS[format].keepsExistingValue,
        `${format}: the tree crosses back only where a later write can need it`
      );
      const later = writeBody({
        body: target.body,
        html: normalized.article.html,
        flatTree: normalized.body.flatTree,
        libraryFiles: new Map(),
        existingZone: [],
      });
      assert.deepEqual(normalized.writtenAhead, later, format);
    }
  });

  it('writes nothing ahead for a body with an image (its library file comes later), a large body or an HTML target (no conversion)', () => {
    const withImage = articleFromPublishRequest(
      parsePublishRequest({
        title: 'A guide',
        content: `${sizedArticleWithoutImages(5_000)}<p><img src="https://images.example.com/a.jpg" alt="A"></p>`,
      })
    );
    const markdownTarget = buildPublishTarget(
      targetSettings({ targetContentType: markdownBlog().schema.uid }),
      markdownBlog().catalog
    );
    assert.ok(markdownTarget.body);
    const imaged = normalize({ fields: withImage, options, bodyAhead: markdownTarget.body });
    assert.ok('article' in imaged && imaged.body.images.length === 1);
    assert.equal(imaged.writtenAhead, undefined);

    // A zone's components past WRITE_AHEAD_MAX_HTML would come back with the article, in one stretch of
    // the event loop; text (Markdown, a Blocks body's JSON) is one copy, and is written ahead.
    const large = articleFromPublishRequest(
      parsePublishRequest({
        title: 'A guide',
        content: sizedArticleWithoutImages(2 * WRITE_AHEAD_MAX_HTML),
      })
    );
    for (const { schema, catalog } of [exampleBlog(), launchPad(), markdownBlog()]) {
      const target = buildPublishTarget(targetSettings({ targetContentType: schema.uid }), catalog);
      assert.ok(target.body);
      const { format } = target.body.body;
      const read = normalize({ fields: large, options, bodyAhead: target.body });
      assert.ok('article' in read && read.body.images.length === 0);
      assert.ok(read.article.html.length > WRITE_AHEAD_MAX_HTML);
      assert.equal(read.writtenAhead !== undefined, format !== 'zone', format);
      if (read.writtenAhead) {
        const crossing = 'json' in read.writtenAhead ? read.writtenAhead.json : read.writtenAhead.value;
        assert.equal(typeof crossing, 'string', `${format} crosses as text, as its row says`);
        assert.equal(BODY_WRITERS[format].crossesAsText, true, format);
      } else assert.equal(BODY_WRITERS[format].crossesAsText, false, format);
    }

    const htmlTarget = buildPublishTarget(
      targetSettings({ targetContentType: markdownBlog().schema.uid, bodyFormat: 'html' }),
      markdownBlog().catalog
    );
    assert.equal(htmlTarget.body?.body.format, 'html');
    const plain = articleFromPublishRequest(
      parsePublishRequest({ title: 'A guide', content: sizedArticle(5_000) })
    );
    const html = normalize({ fields: plain, options, bodyAhead: htmlTarget.body ?? undefined });
    assert.ok('article' in html);
    assert.equal(html.writtenAhead, undefined);
  });

  it('answers HTML over a bound as data (an error`s class does not cross a thread), parsing it once', () => {
    const html = `${sizedArticle(40_000)}${'<div>'.repeat(200)}`;
    const fields = articleFromPublishRequest(parsePublishRequest({ title: 'A guide', content: html }));
    const before = htmlParses.runs;
    assert.deepEqual(normalize({ fields, options }), {
      refusedBody: {
        bodyField: { request: 'publish request', field: 'content' },
        problems: [`nests HTML elements more than ${REQUEST_BOUNDS.htmlDepth} levels deep (the limit)`],
      },
    });
    assert.equal(htmlParses.runs - before, 1);
  });
});
