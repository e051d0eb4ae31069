import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { articleFieldsFromPost } from '../src/wordpress/post-article';
import { keepsTerms, keptTermsWarning, termSlugCandidates } from '../src/wordpress/kept-terms';
import type { TargetProfile } from '../src/target-profile/profile';

type TermsTarget = Pick<TargetProfile, 'uid' | 'categories' | 'tags' | 'seo'>;

const field = (name: string) => ({ field: name, attribute: { type: 'string' as const } });
const bare: TermsTarget = { uid: 'api::note.note', categories: null, tags: null, seo: null };
const withSeo = {
  ...bare,
  uid: 'api::article.article',
  seo: { kind: 'component', field: 'seo', keywords: field('keywords') },
} as unknown as TermsTarget;

describe('plugin-kept WordPress terms', () => {
  it('keeps the terms of a taxonomy the target has no relation for', () => {
    assert.equal(keepsTerms(bare, 'post_tag'), true);
    assert.equal(
      keepsTerms({ ...bare, tags: { kind: 'text', ...field('tags') } } as never, 'post_tag'),
      true
    );
    assert.equal(keepsTerms({ ...bare, tags: { kind: 'relation' } } as never, 'post_tag'), false);
  });

  it('chooses slugs as WordPress does: the one sent only, else the name’s, the parent’s, then -2', () => {
    assert.deepEqual(termSlugCandidates('Any', 'My Slug', undefined), ['my-slug']);
    const candidates = termSlugCandidates('Watering', undefined, 'gardening', 7);
    assert.deepEqual(candidates.slice(0, 3), ['watering', 'watering-gardening', 'watering-2']);
    assert.equal(candidates.at(-1), 'watering-7');
  });

  it('says where the names of kept tags went, or that they went nowhere', () => {
    assert.match(
      String(keptTermsWarning(withSeo, 'post_tag', ['Compost'])),
      /tags "Compost" are kept by the plugin \(api::article\.article has no tag relation\); their names went into the SEO keywords \(seo\.keywords\)/
    );
    assert.match(String(keptTermsWarning(bare, 'post_tag', ['Ideas'])), /nowhere to go/);
    assert.match(String(keptTermsWarning(bare, 'category', ['Daily'])), /categories "Daily".*nowhere to go/);
    assert.equal(keptTermsWarning(bare, 'post_tag', []), undefined);
  });

  it('gives the pipeline a kept category by name, a relation category by id', () => {
    const resolved = { title: 'T', html: '<p>x</p>', slug: 't', tagNames: [], featuredMedia: undefined };
    const byName = articleFieldsFromPost({}, { ...resolved, categoryIds: [], categoryNames: ['Daily'] });
    assert.deepEqual(byName.categories, { kind: 'names', category: 'Daily', subCategory: undefined });
    const byId = articleFieldsFromPost({}, { ...resolved, categoryIds: [4] });
    assert.deepEqual(byId.categories, { kind: 'ids', ids: [4] });
  });
});
