import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertValidConfig, DEFAULT_CONFIG } from '../src/config';
import { buildPublishTarget, targetReport } from '../src/publish-target';
import { planCategoryValues, unfillableCategoryReason } from '../src/target-profile/category-values';
import { roleUses } from '../src/target-profile/role-uses';
import type { Attributes, ContentTypeSchema } from '../src/target-profile/schema';
import { catalogOf, contentTypeSchema, targetSettings } from './helpers/target-shapes';

/**
 * Issue #61, the last three lines: every role's choice and every candidate in ping and the target
 * check; a new category's required enumeration only when one value fits; an author relation linked
 * to a configured entry. Types written here, shaped like public projects' own.
 */
const targetOf = (
  uid: string,
  attributes: Attributes,
  others: ContentTypeSchema[] = [],
  changes: Parameters<typeof targetSettings>[0] = {}
) => {
  const schema = contentTypeSchema(uid, attributes);
  return buildPublishTarget(
    targetSettings({ targetContentType: uid, ...changes }),
    catalogOf([schema, ...others])
  );
};

describe('every choice and every candidate, in the report and the check (#61)', () => {
  it('a body found by its rich type is a choice; with two rich fields the choice is a guess; a field another role takes is no candidate', () => {
    const one = targetOf('api::haber.haber', {
      baslik: { type: 'string', required: true },
      metin_govdesi: { type: 'blocks' },
    });
    assert.equal(one.body?.field, 'metin_govdesi');
    const report = targetReport(one);
    assert.deepEqual(report.choices, [
      'Body -> metin_govdesi (the only blocks field); set fields.content to choose another.',
    ]);
    assert.deepEqual(report.candidates, { content: ['metin_govdesi'] });
    assert.equal(roleUses(one, { fields: {}, categoryFields: {} }).content.source, 'shape');

    const two = targetOf('api::haber.haber', {
      baslik: { type: 'string', required: true },
      notlar: { type: 'richtext', maxLength: 500 },
      makale: { type: 'richtext' },
    });
    assert.equal(two.body?.field, 'makale');
    const choice =
      'Body -> makale (the rich text field that holds the most, of 2: makale, notlar); set fields.content to choose another.';
    assert.deepEqual(targetReport(two).choices, [
      choice,
      'Summary -> notlar (the only long text field no other part of the article takes); set fields.summary to choose another.',
    ]);
    assert.ok(two.problems.degraded.includes(choice), 'a guess is named once among the problems');
    assert.deepEqual(targetReport(two).candidates, { content: ['makale'], summary: ['notlar'] });
  });

  it('a summary taken as the first required long text is a choice, with every long text a candidate', () => {
    const target = targetOf('api::wpis.wpis', {
      title: { type: 'string', required: true },
      content: { type: 'richtext' },
      adnotacja: { type: 'text', required: true },
      uwagi: { type: 'text' },
    });
    assert.equal(target.summary?.field, 'adnotacja');
    assert.deepEqual(targetReport(target).choices, [
      'Summary -> adnotacja (the only required long text field); set fields.summary to choose another.',
    ]);
    assert.deepEqual(targetReport(target).candidates, { summary: ['adnotacja', 'uwagi'] });
  });

  it('several long texts and no choice: the summary candidates are answered for the owner to pick', () => {
    const target = targetOf('api::yazi.yazi', {
      title: { type: 'string', required: true },
      content: { type: 'richtext' },
      notka: { type: 'text' },
      uwagi: { type: 'text' },
    });
    assert.equal(target.summary, null);
    assert.equal(targetReport(target).choices, undefined);
    assert.deepEqual(targetReport(target).candidates, { summary: ['notka', 'uwagi'] });
  });

  it('a type whose every role is named has no choice and no candidate', () => {
    const target = targetOf('api::article.article', {
      title: { type: 'string', required: true },
      slug: { type: 'uid', targetField: 'title' },
      content: { type: 'richtext' },
      excerpt: { type: 'text' },
    });
    assert.equal(targetReport(target).choices, undefined);
    assert.equal(targetReport(target).candidates, undefined);
  });
});

describe("a new category's required enumeration only when one value fits (#61)", () => {
  const category = (attributes: Attributes) =>
    contentTypeSchema('api::ressort.ressort', {
      name: { type: 'string', required: true },
      slug: { type: 'uid', targetField: 'name' },
      ...attributes,
    });
  const typeOf = (schema: ContentTypeSchema, categoryDefaults?: Record<string, unknown>) => {
    const target = targetOf(
      'api::artikel.artikel',
      {
        titel: { type: 'string', required: true },
        inhalt: { type: 'richtext' },
        ressorts: { type: 'relation', relation: 'manyToMany', target: schema.uid },
      },
      [schema],
      categoryDefaults ? { categoryDefaults } : {}
    );
    assert.equal(target.categories?.kind, 'relation');
    const type = (target.categories as Extract<NonNullable<typeof target.categories>, { kind: 'relation' }>)
      .type;
    return { target, type };
  };

  it('its only value, its neutral value, or the published value of a publication state', () => {
    const { type } = typeOf(
      category({
        sprache: { type: 'enumeration', enum: ['de'], required: true },
        sichtbarkeit: { type: 'enumeration', enum: ['Alle', 'Mitglieder'], required: true },
        zustand: { type: 'enumeration', enum: ['Entwurf', 'Veroeffentlicht'], required: true },
      })
    );
    const planned = planCategoryValues(type, 'Garten');
    assert.deepEqual(planned.unfillable, []);
    assert.deepEqual(planned.values, {
      name: 'Garten',
      sprache: 'de',
      sichtbarkeit: 'Alle',
      zustand: 'Veroeffentlicht',
    });
  });

  it('no value fits: no category is created, and ping names the field, its values and the categoryDefaults line', () => {
    const schema = category({ farbe: { type: 'enumeration', enum: ['rot', 'gruen'], required: true } });
    const { target, type } = typeOf(schema);
    assert.deepEqual(planCategoryValues(type, 'Garten').unfillable, ['farbe']);
    assert.ok(
      target.problems.degraded.includes(
        'The category type api::ressort.ressort requires "farbe" (one of "rot", "gruen", none of which fits every category), which no part of an article fills: a category that does not exist yet is not created (an existing one is linked).'
      ),
      target.problems.degraded.join('\n')
    );
    assert.ok(
      target.problems.degraded.includes(
        'To create new categories, add to the plugin\'s config (config/plugins): categoryDefaults: { farbe: "rot" }.'
      ),
      target.problems.degraded.join('\n')
    );
    assert.equal(
      unfillableCategoryReason(type, ['farbe']),
      'api::ressort.ressort requires "farbe" (one of "rot", "gruen", none of which fits every category), which no part of an article fills; the site\'s owner fixes this with categoryDefaults: { farbe: "rot" } in the plugin\'s config (config/plugins)'
    );

    const given = typeOf(schema, { farbe: 'gruen' });
    assert.ok(!given.target.problems.degraded.some((problem) => /farbe/.test(problem)));
    assert.deepEqual(planCategoryValues(given.type, 'Garten').values, { name: 'Garten', farbe: 'gruen' });
  });
});

describe('an author relation linked to a configured entry: authorEntry (#61)', () => {
  const person = contentTypeSchema('api::person.person', { name: { type: 'string', required: true } });
  const withAuthor: Attributes = {
    title: { type: 'string', required: true },
    content: { type: 'richtext' },
    author: { type: 'relation', relation: 'manyToOne', target: 'api::person.person' },
  };

  it('the config validator takes an id or a documentId, and nothing else', () => {
    for (const authorEntry of ['', 3, 'h2k9x0bq1m3v5c7n8p4r6t2w'])
      assert.doesNotThrow(() => assertValidConfig({ ...structuredClone(DEFAULT_CONFIG), authorEntry }));
    for (const authorEntry of [0, -2, 1.5, 'two words', true])
      assert.throws(
        () => assertValidConfig({ ...structuredClone(DEFAULT_CONFIG), authorEntry }),
        /"authorEntry/,
        String(authorEntry)
      );
    assert.equal(DEFAULT_CONFIG.authorEntry, '');
  });

  it('an author relation is linked to it; a defaults entry still wins; a target without the relation says it is ignored', () => {
    const byId = targetOf('api::post.post', withAuthor, [person], { authorEntry: 3 });
    assert.equal(byId.authorEntry, 3);
    assert.equal(byId.authorDefault, undefined);
    const byDocumentId = targetOf('api::post.post', withAuthor, [person], { authorEntry: 'abc123' });
    assert.equal(byDocumentId.authorEntry, 'abc123');

    const both = targetOf('api::post.post', withAuthor, [person], {
      authorEntry: 3,
      defaults: { author: 'Jane Doe' },
    });
    assert.equal(both.authorDefault, 'Jane Doe');
    assert.equal(both.authorEntry, undefined);
    assert.ok(
      both.problems.degraded.includes(
        'authorEntry is set, but defaults.author names the author; defaults wins.'
      )
    );

    const none = targetOf('api::post.post', withAuthor, [person]);
    assert.equal(none.authorEntry, undefined);
    const unset = targetOf('api::post.post', withAuthor, [person], { authorEntry: '' });
    assert.equal(unset.authorEntry, undefined);

    const noRelation = targetOf('api::memo.memo', { title: { type: 'string', required: true } }, [], {
      authorEntry: 3,
    });
    assert.ok(
      noRelation.problems.degraded.includes(
        'authorEntry is set, but api::memo.memo has no author relation; it is ignored.'
      ),
      noRelation.problems.degraded.join('\n')
    );
  });
});
