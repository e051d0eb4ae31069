import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitText, truncateAtWord } from '../src/seo';

describe('fitting text to a field', () => {
  it('fits a long title to a 255-character field at a word boundary, with a warning', () => {
    const title = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const fitted = fitText('title', title, { maxLength: 255 });
    assert.ok((fitted.value ?? '').length <= 255);
    assert.equal(title[(fitted.value ?? '').length], ' ');
    assert.equal(
      fitted.warning,
      `title was ${title.length} characters; shortened to the field's limit of 255.`
    );
  });

  it('never splits an emoji when a text without spaces is cut', () => {
    const cut = truncateAtWord(`${'a'.repeat(9)}${'🌱'.repeat(5)}`, 10);
    assert.equal(cut, 'a'.repeat(9));
  });
});
