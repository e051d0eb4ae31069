import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitBodyLength } from '../src/body/fit-body';

describe('a body in a field with a length limit', () => {
  it('keeps a body that fits as it is', () => {
    assert.deepEqual(fitBodyLength('<p>Short.</p>', 255, 'html', 'body'), { value: '<p>Short.</p>' });
  });

  it('cuts HTML after the last whole element that fits, so it stays well formed', () => {
    const html = '<h2>Title</h2><p>First paragraph.</p><p>Second paragraph, which is a good deal longer.</p>';
    const { value, warning } = fitBodyLength(html, 60, 'html', 'body');
    assert.equal(value, '<h2>Title</h2><p>First paragraph.</p>');
    assert.equal(warning, 'The body was cut from 90 to 37 characters: the field "body" takes at most 60.');
  });

  it('cuts the text of a first element too long for the field at a word, escaped, within the limit', () => {
    const html = '<p>Tom &amp; Jerry &lt;3 a long story about a cat and a mouse that never ends</p>';
    const { value } = fitBodyLength(html, 40, 'html', 'body');
    assert.equal(value, '<p>Tom &amp; Jerry &lt;3 a long…</p>');
    assert.ok(value.length <= 40);
  });

  it('cuts Markdown at a paragraph boundary, or the first paragraph at a word', () => {
    assert.equal(
      fitBodyLength('## Title\n\nFirst paragraph.\n\nSecond paragraph here.', 30, 'markdown', 'text').value,
      '## Title\n\nFirst paragraph.'
    );
    assert.equal(
      fitBodyLength('One very long first paragraph of words', 20, 'markdown', 'text').value,
      'One very long first…'
    );
  });
});
