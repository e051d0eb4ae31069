import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSliced, stringifySliced } from '../src/sliced-json';

const paragraph = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const BODY = [
  paragraph('Measure first, then cut.'),
  {
    type: 'heading',
    level: 2,
    children: [{ type: 'text', text: 'Quotes "and" commas, [brackets] {braces}' }],
  },
  {
    type: 'list',
    format: 'unordered',
    children: [{ type: 'list-item', children: [{ type: 'text', text: 'a, b' }] }],
  },
  paragraph('ünïcödé and \u2028 line separators'),
  paragraph(''),
];

describe('sliced JSON: a large array parsed back a slice at a time (issue #62)', () => {
  it('writes the text JSON.stringify writes, whatever the slice size', () => {
    for (const sliceChars of [1, 10, 60, 200, 1_000_000]) {
      assert.equal(stringifySliced(BODY, sliceChars).json, JSON.stringify(BODY), `slice ${sliceChars}`);
    }
    assert.equal(stringifySliced([], 10).json, '[]');
    assert.equal(stringifySliced([undefined, 1], 1).json, JSON.stringify([undefined, 1]));
  });

  it('cuts only at commas between top-level elements, about every slice, never after the last', () => {
    const { json, cuts } = stringifySliced(BODY, 60);
    assert.ok(cuts.length >= 2, `cuts: ${cuts.join(',')}`);
    const elementEnds: number[] = [];
    let offset = 1;
    for (const element of BODY) {
      offset += JSON.stringify(element).length;
      elementEnds.push(offset);
      offset += 1;
    }
    for (const cut of cuts) {
      assert.equal(json[cut], ',');
      assert.ok(elementEnds.slice(0, -1).includes(cut), `${cut} ends an element`);
    }
    assert.deepEqual(stringifySliced(BODY, 1).cuts, elementEnds.slice(0, -1), 'a slice of 1: every element');
    assert.deepEqual(stringifySliced(BODY, 1_000_000).cuts, [], 'one slice: no cut');
  });

  it('parses back the value JSON.parse gives, with a turn of the event loop between slices', async () => {
    for (const sliceChars of [1, 60, 1_000_000]) {
      const sliced = stringifySliced(BODY, sliceChars);
      let turns = 0;
      const parsed = await parseSliced(sliced, async () => {
        turns++;
      });
      assert.deepEqual(parsed, JSON.parse(sliced.json));
      assert.equal(turns, sliced.cuts.length, `slice ${sliceChars}: a turn between slices, none before`);
    }
  });

  it('lets a reader in between slices: an immediate queued before the parse runs before it ends', async () => {
    const large = Array.from({ length: 2_000 }, (_, n) => paragraph(`Paragraph ${n} `.repeat(20)));
    const sliced = stringifySliced(large, 64 * 1024);
    let readerAnswered = false;
    let slicesBeforeReader = 0;
    setImmediate(() => (readerAnswered = true));
    let slices = 0;
    const parsed = await parseSliced(sliced, () => {
      slices++;
      if (!readerAnswered) slicesBeforeReader = slices;
      return new Promise((resolve) => setImmediate(resolve));
    });
    assert.ok(readerAnswered);
    assert.equal(slicesBeforeReader, 1, 'answered at the first turn');
    assert.ok(sliced.cuts.length >= 5, `${sliced.cuts.length} cuts`);
    assert.deepEqual(parsed, large);
  });
});
