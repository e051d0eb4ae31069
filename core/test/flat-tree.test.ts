/** The parsed tree as it crosses threads (core/src/blocks/flat-tree.ts, issue #30). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flattenTree, unflattenTree } from '../src/blocks/flat-tree';
import { parseHtmlTree } from '../src/blocks/html-tree';
import { htmlParses } from '../src/html/parse-count';
import { sizedArticle } from './helpers/sized-article';

const roundTrip = (html: string) => {
  const tree = parseHtmlTree(html);
  const flat = structuredClone(flattenTree(tree));
  return { tree, back: unflattenTree(flat) };
};

describe('a tree flattened for another thread', () => {
  it('comes back as the same nodes: texts, names, attributes and order', () => {
    for (const html of [
      sizedArticle(40_000),
      '',
      'just text',
      '<p title="">a<br>b</p><img src="https://x.test/a.jpg" alt="Ä “quoted” &amp; 🌱"><p></p>',
      '<table><tbody><tr><td>1</td><td data-x="y" class="c">2</td></tr></tbody></table>tail',
      `${'<div>'.repeat(128)}deep${'</div>'.repeat(128)}<p>after</p>`,
    ]) {
      const { tree, back } = roundTrip(html);
      assert.deepEqual(back, tree, html.slice(0, 60));
    }
  });

  it('is one string and one Int32Array, and reading it back parses no HTML', () => {
    const flat = flattenTree(parseHtmlTree(sizedArticle(20_000)));
    assert.equal(typeof flat.strings, 'string');
    assert.ok(flat.layout instanceof Int32Array);
    const before = htmlParses.runs;
    unflattenTree(flat);
    assert.equal(htmlParses.runs, before);
  });
});
