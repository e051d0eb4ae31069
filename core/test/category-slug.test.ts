import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { categorySlugBase, suffixedSlug, uniqueTermSlugCandidates } from '../src/category-slug';

describe('category slugs', () => {
  it("makes a category's slug from its own name only, as WordPress does for a child", () => {
    assert.equal(categorySlugBase('Tomatoes'), 'tomatoes');
    assert.equal(categorySlugBase('Hello!'), categorySlugBase('Hello?'));
    assert.equal(categorySlugBase('École'), categorySlugBase('école'));
  });

  it('numbers an alternative and cuts the base so the whole fits the field', () => {
    assert.equal(suffixedSlug('a-b-c', 2, 255), 'a-b-c-2');
    assert.equal(suffixedSlug('x'.repeat(180), 12, 100), `${'x'.repeat(97)}-12`);
    assert.equal(suffixedSlug('ab-cd', 2, 5), 'ab-2', 'no double dash where the cut falls on one');
  });

  it("tries a top-level term's own slug, then numbered ones", () => {
    assert.deepEqual(uniqueTermSlugCandidates('tomatoes', [], 255, 4), [
      'tomatoes',
      'tomatoes-2',
      'tomatoes-3',
      'tomatoes-4',
    ]);
  });

  it("tries a child's own slug, then with its ancestors' slugs (wp_unique_term_slug), then numbered", () => {
    assert.deepEqual(uniqueTermSlugCandidates('tomatoes', ['gardening'], 255, 3), [
      'tomatoes',
      'tomatoes-gardening',
      'tomatoes-gardening-2',
      'tomatoes-gardening-3',
    ]);
    assert.deepEqual(uniqueTermSlugCandidates('tomatoes', ['gardening', 'home'], 255, 2), [
      'tomatoes',
      'tomatoes-gardening',
      'tomatoes-gardening-home',
      'tomatoes-gardening-home-2',
    ]);
  });

  it('cuts every candidate to the field, without a trailing dash or a repeat', () => {
    assert.deepEqual(uniqueTermSlugCandidates('abc', ['de'], 5, 2), ['abc', 'abc-d', 'abc-2']);
    assert.deepEqual(uniqueTermSlugCandidates('abcde', ['x'], 5, 1), ['abcde']);
  });
});
