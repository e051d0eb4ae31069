import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { categorySlugBase, suffixedSlug } from '../src/category-slug';

describe('category slugs', () => {
  it('makes a sub-category slug from its parent name and its own', () => {
    assert.equal(categorySlugBase('Watering', 'Gardening'), 'gardening-watering');
    assert.equal(categorySlugBase('Hello!'), categorySlugBase('Hello?'));
    assert.equal(categorySlugBase('École'), categorySlugBase('école'));
    assert.equal(
      categorySlugBase('C', 'A B'),
      categorySlugBase('B C', 'A'),
      'the collision the resolver has to handle'
    );
  });

  it('numbers an alternative and cuts the base so the whole fits the field', () => {
    assert.equal(suffixedSlug('a-b-c', 2, 255), 'a-b-c-2');
    assert.equal(suffixedSlug('x'.repeat(180), 12, 100), `${'x'.repeat(97)}-12`);
    assert.equal(suffixedSlug('ab-cd', 2, 5), 'ab-2', 'no double dash where the cut falls on one');
  });
});
