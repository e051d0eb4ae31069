import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blocksFromTree, htmlToBlocks } from '../src/blocks/html-to-blocks';
import { parseHtmlTree } from '../src/blocks/html-tree';
import { WorkMeter } from '../src/blocks/work-meter';
import { layoutZone, layoutZoneTree } from '../src/body/zone-layout';
import { BODY_WRITERS, type BodyInput } from '../src/body-formats';
import type { BodyTarget } from '../src/publish-target';
import {
  emptyQuoteParagraphs,
  SIZED_ARTICLE_FILES,
  SIZED_ARTICLE_ZONE,
  sizedArticle,
} from './helpers/sized-article';

/**
 * Issue #30: the blocks and zone conversions do work in proportion to the body, and parse its HTML
 * once. Work is counted (WorkMeter: tree nodes visited, runs of text handled, characters parsed),
 * never timed: the body four times as large may cost at most 4.4 times the steps (10% over linear).
 */

const blocksOptions = (meter: WorkMeter) => ({
  image: (src: string) => SIZED_ARTICLE_FILES.get(src)?.image,
  meter,
});
const zoneOptions = (meter: WorkMeter) => ({ image: (src: string) => SIZED_ARTICLE_FILES.get(src), meter });

function blocksSteps(html: string): number {
  const meter = new WorkMeter();
  htmlToBlocks(html, blocksOptions(meter));
  return meter.steps;
}

function zoneSteps(html: string): number {
  const meter = new WorkMeter();
  layoutZone(html, SIZED_ARTICLE_ZONE, zoneOptions(meter));
  return meter.steps;
}

/** The steps for a body of size 4N over those for size N. */
function growth(steps: (html: string) => number, body: (size: number) => string, size: number): number {
  const small = steps(body(size));
  const large = steps(body(4 * size));
  assert.ok(small > 0, 'the conversion counted its work');
  return large / small;
}

/**
 * Bodies that made the old collectors look at every item gathered so far each time a paragraph
 * ended: paragraphs without text inside a quote, a list item and a table cell.
 */
const EMPTY_PARAGRAPHS: Record<string, (count: number) => string> = {
  quote: (count) => emptyQuoteParagraphs(count * '<p> </p>\n'.length),
  'list item': (count) => `<ul><li>${'<p></p> '.repeat(count)}Unroll it</li></ul>`,
  'table cell': (count) => `<table><tr><td>${'<div> </div>'.repeat(count)}15 m</td></tr></table>`,
};

describe('Body conversion work grows linearly with the body (issue #30)', () => {
  it('blocks: an article four times as large takes at most 4.4 times the steps', () => {
    const ratio = growth(blocksSteps, sizedArticle, 50_000);
    assert.ok(ratio <= 4.4, `4x the article took ${ratio.toFixed(2)}x the steps`);
  });

  it('zone: an article four times as large takes at most 4.4 times the steps', () => {
    const ratio = growth(zoneSteps, sizedArticle, 50_000);
    assert.ok(ratio <= 4.4, `4x the article took ${ratio.toFixed(2)}x the steps`);
  });

  for (const [where, body] of Object.entries(EMPTY_PARAGRAPHS)) {
    it(`blocks and zone: paragraphs without text in a ${where} cost steps in proportion to their number`, () => {
      for (const steps of [blocksSteps, zoneSteps]) {
        const ratio = growth(steps, body, 2_000);
        assert.ok(ratio <= 4.4, `4x the paragraphs took ${ratio.toFixed(2)}x the steps`);
      }
    });
  }

  it('parses the HTML once: blocks and zone, text runs included, parse each character once', () => {
    const html = sizedArticle(50_000);
    const blocksMeter = new WorkMeter();
    htmlToBlocks(html, blocksOptions(blocksMeter));
    assert.equal(blocksMeter.parsedCharacters, html.length);
    const zoneMeter = new WorkMeter();
    const layout = layoutZone(html, SIZED_ARTICLE_ZONE, zoneOptions(zoneMeter));
    assert.ok(layout.components.some((component) => component.__component === 'shared.rich-text'));
    assert.equal(zoneMeter.parsedCharacters, html.length);
  });
});

describe('Conversions from a parsed tree (parse once, convert once)', () => {
  const html = sizedArticle(20_000);

  it('give what the HTML entry points give, parsing nothing more', () => {
    const tree = parseHtmlTree(html);
    const meter = new WorkMeter();
    assert.deepEqual(
      blocksFromTree(tree, blocksOptions(meter)),
      htmlToBlocks(html, blocksOptions(new WorkMeter()))
    );
    assert.deepEqual(
      layoutZoneTree(tree, SIZED_ARTICLE_ZONE, zoneOptions(meter)),
      layoutZone(html, SIZED_ARTICLE_ZONE, zoneOptions(new WorkMeter()))
    );
    assert.equal(meter.parsedCharacters, 0);
  });

  it('leave the tree as it was, so later steps can read it too', () => {
    const tree = parseHtmlTree(html);
    const before = JSON.stringify(tree);
    blocksFromTree(tree, blocksOptions(new WorkMeter()));
    layoutZoneTree(tree, SIZED_ARTICLE_ZONE, zoneOptions(new WorkMeter()));
    assert.equal(JSON.stringify(tree), before);
  });
});

describe('Body writers (issue #30)', () => {
  const target = (format: 'blocks' | 'zone'): BodyTarget => ({
    field: 'body',
    body: {
      name: 'body',
      attribute: { type: format === 'blocks' ? 'blocks' : 'dynamiczone' },
      detected: format,
      format,
    },
    ...(format === 'zone' ? { zone: SIZED_ARTICLE_ZONE } : {}),
  });
  const input = (format: 'blocks' | 'zone', html: string, tree?: BodyInput['tree']): BodyInput => ({
    html,
    ...(tree ? { tree } : {}),
    body: target(format),
    libraryFiles: SIZED_ARTICLE_FILES,
    existingZone: [],
  });

  it('blocks and zone write from the parsed tree when the input has one, as from its HTML', () => {
    const html = sizedArticle(10_000);
    for (const format of ['blocks', 'zone'] as const) {
      const fromHtml = BODY_WRITERS[format].write(input(format, html), []);
      assert.deepEqual(BODY_WRITERS[format].write(input(format, html, parseHtmlTree(html)), []), fromHtml);
      // The tree is what is read: the HTML beside it is not parsed again.
      assert.deepEqual(BODY_WRITERS[format].write(input(format, '', parseHtmlTree(html)), []), fromHtml);
    }
  });

  it('hands over every warning of a body with more than a call can take as arguments', () => {
    const rules = 200_000;
    const warnings: string[] = [];
    BODY_WRITERS.blocks.write(input('blocks', '<hr>'.repeat(rules)), warnings);
    assert.equal(warnings.length, rules);
  });
});
