import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectTargetProfile } from '../src/target-profile/detect';
import { planValues } from '../src/target-profile/plan-values';
import {
  classifyDeliveryWarnings,
  groupWarnings,
  mappablePartsOf,
  recordedMappableParts,
  warningPartOfText,
} from '../src/warning-parts';
import { bodyByName, catalogOf, contentTypeSchema, sampleArticle } from './helpers/target-shapes';

/**
 * Issue #47: the activity page groups a delivery's warnings by the part of the article each is
 * about, and marks a delivery that left out a part a field of its type could have taken.
 */
const NOW = new Date('2026-04-01T09:00:00Z');

/** A type whose optional fields have names that say nothing: two text fields, a json and a date field. */
const looseNote = () => {
  const schema = contentTypeSchema('api::loose-note.loose-note', {
    title: { type: 'string', required: true, maxLength: 20 },
    slug: { type: 'uid', targetField: 'title' },
    content: { type: 'richtext' },
    // Two long texts: neither is the summary until the owner says which (#61).
    aside: { type: 'text' },
    blurb: { type: 'text' },
    extra: { type: 'json' },
    shownOn: { type: 'date' },
    // Strapi's own attributes are never candidates.
    publishedAt: { type: 'datetime' },
    localizations: { type: 'relation', relation: 'oneToMany', target: 'api::loose-note.loose-note' },
  });
  return detectTargetProfile(schema, catalogOf([schema]), { detectBody: bodyByName });
};

describe('warning parts (#47)', () => {
  it("a part no field receives lists the type's fields that fields.* could name for it", () => {
    assert.deepEqual(looseNote().mappable, {
      summary: ['aside', 'blurb'],
      tags: ['extra'],
      jsonLd: ['extra'],
      date: ['shownOn'],
    });
    // A role turned off is the owner's choice: nothing to suggest.
    const schema = contentTypeSchema('api::memo.memo', {
      title: { type: 'string', required: true },
      content: { type: 'richtext' },
      when: { type: 'date' },
    });
    const off = detectTargetProfile(schema, catalogOf([schema]), {
      detectBody: bodyByName,
      fields: { date: '' },
    });
    assert.deepEqual(off.mappable, {});
  });

  it('the left-out warnings name those fields, and the delivery is marked for those parts only', () => {
    const profile = looseNote();
    const plan = planValues(profile, {
      article: sampleArticle({ date: new Date('2026-03-01T00:00:00Z') }),
      now: NOW,
    });
    assert.ok(
      plan.warnings.includes(
        'Date was not saved: the target has no publication date field; to keep it next time, set fields.date to a date or datetime field ("shownOn" could take it).'
      ),
      plan.warnings.join('\n')
    );
    const categories = plan.warnings.find((warning) => warning.startsWith('Categories'));
    assert.doesNotMatch(categories ?? '', /could take/);
    assert.deepEqual(mappablePartsOf(profile, plan.warnings), ['tags', 'seo', 'jsonLd', 'date']);
  });

  it("each warning's part comes from the field it names, the step that gave it, or its words", () => {
    const profile = looseNote();
    const general = [
      "title was 23 characters; shortened to the field's limit of 20.",
      'A heading in the body was longer than the zone allows.',
      'Categories were not saved: the target has no category field; to keep them next time, set fields.categories to a relation to a category type, or a string or enumeration field.',
      'locale "fr" was ignored: the target content type is not localized (to keep each language apart, enable i18n localization on the type).',
      'Something the plugin never said before.',
    ];
    const parts = classifyDeliveryWarnings(profile, {
      general,
      body: new Set([general[1]]),
      featured: ['featured image: the download timed out'],
      inline: ['https://images.example/a.jpg: not an image'],
    });
    assert.deepEqual(parts, [
      'title',
      'body',
      'categories',
      'language',
      'other',
      'featuredImage',
      'inlineImages',
    ]);
    const warnings = [
      ...general,
      'featured image: the download timed out',
      'https://images.example/a.jpg: not an image',
    ];
    assert.deepEqual(
      groupWarnings(warnings, parts).map(({ part, warnings: grouped }) => [part, grouped.length]),
      [
        ['title', 1],
        ['body', 1],
        ['inlineImages', 1],
        ['featuredImage', 1],
        ['categories', 1],
        ['language', 1],
        ['other', 1],
      ]
    );
  });

  it('a row recorded before parts were is grouped by its words; recorded values are checked', () => {
    assert.equal(warningPartOfText('https://images.example/a.jpg: not an image'), 'inlineImages');
    assert.equal(warningPartOfText('featured image: too large'), 'featuredImage');
    assert.equal(
      warningPartOfText(
        'JSON-LD was not saved: the target has no structured-data field; to keep it next time, set fields.jsonLd to a json field.'
      ),
      'jsonLd'
    );
    assert.deepEqual(
      groupWarnings(['featured image: too large'], ['nonsense']).map(({ part }) => part),
      ['featuredImage']
    );
    assert.deepEqual(recordedMappableParts(['seo', 'nonsense', 'tags']), ['tags', 'seo']);
    assert.deepEqual(recordedMappableParts(null), []);
  });
});
