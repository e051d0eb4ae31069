/** The Markdown pre-scan (core/src/html/markdown-bounds.ts, issue #55 item 3). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeArticle, type ArticleFields } from '../src/article';
import { RefusedBody } from '../src/html/body-bounds';
import { markdownBoundProblems } from '../src/html/markdown-bounds';
import { markdownToHtml } from '../src/html/markdown-to-html';
import { REQUEST_BOUNDS } from '../src/request-bounds';
import { PATHOLOGICAL_BODIES } from './helpers/pathological-bodies';

const TOO_DEEP = `nests Markdown blockquotes and lists more than ${REQUEST_BOUNDS.htmlDepth} levels deep (the limit)`;
const RUN_TOO_LONG = `has a run of more than ${REQUEST_BOUNDS.markdownMarkerRun} Markdown emphasis markers (*, _ or ~) (the limit)`;

const fields = (markdown: string): ArticleFields => ({
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
const options = { defaultStatus: 'draft' as const, sanitize: {} };

/** Nested `levels` deep by one construct per level, each written as `unit` on one line or by indentation. */
const quotes = (levels: number) => `${'>'.repeat(levels)} a`;
const quotedItems = (levels: number) => `${'> - '.repeat(levels)}a`;
const itemsOnOneLine = (levels: number) => `${'- '.repeat(levels)}a`;
const indentedItems = (levels: number) =>
  Array.from({ length: levels }, (_, level) => `${' '.repeat(level * 2)}- a`).join('\n');
const orderedItems = (levels: number) =>
  Array.from({ length: levels }, (_, level) => `${' '.repeat(level * 3)}1. a`).join('\n');
const lazyItems = (levels: number) =>
  Array.from({ length: levels }, (_, level) => `${' '.repeat(level * 2)}- a\nlazy`).join('\n');
const quotedIndentedItems = (levels: number) =>
  Array.from({ length: levels }, (_, level) => `> ${' '.repeat(level * 2)}- a`).join('\n');

describe('the Markdown pre-scan', () => {
  it('refuses every way of nesting blockquotes and lists past the limit, and takes the limit itself', () => {
    const limit = REQUEST_BOUNDS.htmlDepth;
    const shapes = { quotes, itemsOnOneLine, indentedItems, orderedItems, lazyItems, quotedIndentedItems };
    for (const [name, shape] of Object.entries(shapes)) {
      assert.deepEqual(markdownBoundProblems(shape(limit + 1)), [TOO_DEEP], name);
      // At the limit, nothing is refused (the sanitizer still counts the HTML the converter gives).
      assert.deepEqual(markdownBoundProblems(shape(limit - 1)), [], name);
    }
    // `> - ` opens two levels: a blockquote and a list item.
    assert.deepEqual(markdownBoundProblems(quotedItems(limit / 2 + 1)), [TOO_DEEP]);
    assert.deepEqual(markdownBoundProblems(quotedItems(limit / 2)), []);
  });

  it('refuses a run of emphasis markers past its limit, matched or not', () => {
    const run = REQUEST_BOUNDS.markdownMarkerRun;
    for (const marker of ['*', '_', '~']) {
      // After a word: at a line's start, `~~~` opens a fenced code block.
      assert.deepEqual(markdownBoundProblems(`a ${marker.repeat(run + 1)}a${marker.repeat(run + 1)}`), [
        RUN_TOO_LONG,
      ]);
      assert.deepEqual(markdownBoundProblems(`a ${marker.repeat(run + 1)}`), [RUN_TOO_LONG]);
      assert.deepEqual(markdownBoundProblems(`a ${marker.repeat(run)}a${marker.repeat(run)}`), []);
    }
  });

  it('counts only what opens a container: rules, code, indented code and ordinary articles pass', () => {
    const ordinary = [
      '# A guide\n\n> A quote\n> - with a list\n>   - nested\n\n- one\n  - two\n    - three\n\n1. first\n2. second',
      // Thematic breaks of any length, with or without spaces, also in a blockquote.
      `${'*'.repeat(1000)}\n\n${'- '.repeat(1000)}\n\n${'_ '.repeat(500)}\n\n> ${'* '.repeat(500)}`,
      // Fenced code keeps what it holds as text: runs of `>`, markers and emphasis characters.
      `\`\`\`\n${'>'.repeat(1000)}\n${'- '.repeat(1000)}x\n${'*'.repeat(1000)}\n\`\`\`\n\ntext`,
      `~~~~\n${'>'.repeat(1000)}\n\`\`\`\n${'>'.repeat(1000)}\n~~~~`,
      // Indented code: four spaces past where a list could nest.
      Array.from({ length: 300 }, () => `    ${'- '.repeat(5)}x`).join('\n'),
      // A long list at one level, and deep indentation that is a paragraph's.
      Array.from({ length: 5000 }, (_, n) => `${n + 1}. item`).join('\n'),
    ];
    for (const markdown of ordinary)
      assert.deepEqual(markdownBoundProblems(markdown), [], markdown.slice(0, 60));
  });

  it('knows each pathological shape the converter cannot nest, and lets the others through to the budget', () => {
    for (const shape of PATHOLOGICAL_BODIES.filter(({ format }) => format === 'markdown')) {
      const problems = markdownBoundProblems(shape.body);
      if (shape.outcome === 'nesting') assert.equal(problems.length, 1, shape.name);
      else assert.deepEqual(problems, [], shape.name);
    }
  });

  it('answers a body the converter would overflow on as 400 naming the limit, never the overflow', () => {
    for (const body of [quotes(6000), quotedItems(3000), `${'*'.repeat(4000)}a${'*'.repeat(4000)}`]) {
      assert.throws(() => markdownToHtml(body), RangeError, 'the converter alone overflows');
      assert.throws(
        () => normalizeArticle(fields(body), options),
        (error: unknown) =>
          error instanceof RefusedBody &&
          error.code === 'bad_request' &&
          /^Invalid publish request: content (nests|has a run)/.test(error.message) &&
          error.message.includes('(the limit)')
      );
    }
  });
});
