import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CategorySelection } from '../src/article';
import {
  deriveCategoryLinks,
  derivePublicationDate,
  deriveSummary,
  deriveTags,
  readingTimeOf,
} from '../src/target-profile/derive';
import { fitValue } from '../src/target-profile/fit';
import { textFromHtml } from '../src/seo';
import { firstParagraphText } from './helpers/first-paragraph';

/** Minutes to read an HTML body's visible text, as a publish reads it. */
const deriveReadingTime = (html: string) => readingTimeOf(textFromHtml(html));
import { sampleArticle } from './helpers/target-shapes';

describe('target profile: fitting a value to its attribute', () => {
  it("cuts a string without maxLength at Strapi's 255, at a word boundary, with a warning naming the field", () => {
    const title = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const fitted = fitValue('headline', { type: 'string' }, title);
    assert.ok(String(fitted.value).length <= 255 && title.startsWith(String(fitted.value)));
    assert.equal(title[String(fitted.value).length], ' ');
    assert.deepEqual(fitted.warnings, [
      `headline was ${title.length} characters; shortened to the field's limit of 255.`,
    ]);
  });

  it('leaves a text without maxLength whole, and cuts one with a declared maxLength', () => {
    const long = 'word '.repeat(100).trim();
    assert.deepEqual(fitValue('summary', { type: 'text' }, long), {
      value: long,
      warnings: [],
      missingRequired: false,
    });
    assert.equal(
      String(fitValue('description', { type: 'text', maxLength: 80 }, long).value).length <= 80,
      true
    );
  });

  it('replaces a value under minLength by the fallback text, or drops it and says a required field is empty', () => {
    const fallback =
      'Succulents need little water and a lot of light; this guide says how often to water them.';
    const padded = fitValue(
      'metaDescription',
      { type: 'string', minLength: 50, maxLength: 160 },
      'Too short.',
      { fallback }
    );
    assert.equal(padded.value, fallback);
    assert.match(padded.warnings[0], /^metaDescription was shorter than the field's minimum of 50/);
    const dropped = fitValue(
      'metaDescription',
      { type: 'string', minLength: 50, required: true },
      'Too short.'
    );
    assert.equal(dropped.value, undefined);
    assert.equal(dropped.missingRequired, true);
    assert.equal(fitValue('summary', { type: 'text', required: true }, undefined).missingRequired, true);
  });

  it('gives an enumeration only a value it allows (any case), else nothing and a warning', () => {
    const attribute = { type: 'enumeration', enum: ['News', 'How-to guides'] };
    assert.equal(fitValue('category', attribute, 'News').value, 'News');
    assert.equal(fitValue('category', attribute, 'how-to GUIDES').value, 'How-to guides');
    const refused = fitValue('category', attribute, 'Gardening');
    assert.equal(refused.value, undefined);
    assert.deepEqual(refused.warnings, [
      'category cannot hold "Gardening" (it allows News, How-to guides); it was not saved.',
    ]);
  });

  it('makes integers whole, dates Strapi-shaped, and refuses what a field cannot hold', () => {
    assert.equal(fitValue('readingTime', { type: 'integer' }, 4.4).value, 4);
    assert.equal(fitValue('readingTime', { type: 'integer' }, 'many').value, undefined);
    assert.match(
      fitValue('readingTime', { type: 'integer' }, 'many').warnings[0],
      /^readingTime is an integer field and cannot hold a string/
    );
    const when = new Date('2026-03-04T05:06:07.000Z');
    assert.equal(fitValue('pubDate', { type: 'date' }, when).value, '2026-03-04');
    assert.equal(fitValue('publishedDate', { type: 'datetime' }, when).value, '2026-03-04T05:06:07.000Z');
    assert.equal(fitValue('featured', { type: 'boolean' }, 'yes').value, undefined);
    assert.deepEqual(fitValue('tags', { type: 'json' }, ['a']).value, ['a']);
  });
});

describe('target profile: derived values', () => {
  it('counts the words of a collapsed text for its reading time (200 words a minute)', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    assert.equal(readingTimeOf(''), 0);
    assert.equal(readingTimeOf(' '), 0);
    assert.equal(readingTimeOf(words(1)), 1);
    assert.equal(readingTimeOf(words(200)), 1);
    assert.equal(readingTimeOf(words(201)), 2);
    assert.equal(readingTimeOf(` ${words(400)} `), 2);
    assert.equal(readingTimeOf(`a\u00a0b c`), 1);
  });

  it('takes the summary from the meta description, else the first paragraph', () => {
    assert.equal(
      deriveSummary(sampleArticle()),
      'A short guide to watering succulents at home: how often, how much, and the signs of too much water.'
    );
    assert.equal(
      deriveSummary(sampleArticle({ metaDescription: undefined })),
      'Succulents need little water & lots of light.'
    );
    assert.equal(
      firstParagraphText('<h2>Title</h2><p> </p><p>One <em>two</em><br>three</p>'),
      'One two three'
    );
    assert.equal(firstParagraphText('<h2>Only a heading</h2>'), undefined);
  });

  it('makes tags of the focus keyword and the secondary keywords, without case-insensitive repeats', () => {
    assert.deepEqual(deriveTags(['Succulents', 'watering', ' succulents ', 'House  plants', undefined, '']), [
      'Succulents',
      'watering',
      'House plants',
    ]);
  });

  it('reads 200 words a minute, rounded up', () => {
    const words = (n: number) => `<p>${'word '.repeat(n)}</p>`;
    assert.deepEqual(
      [
        deriveReadingTime(words(1)),
        deriveReadingTime(words(200)),
        deriveReadingTime(words(201)),
        deriveReadingTime(''),
      ],
      [1, 1, 2, 0]
    );
  });

  it('dates an entry that has no date, and keeps the date of one that has', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    assert.equal(derivePublicationDate(undefined, now), now);
    assert.equal(derivePublicationDate(null, now), now);
    assert.equal(derivePublicationDate('2025-05-05', now), undefined);
  });

  it('links one category to a to-one field (the sub-category, under its category) and both to a to-many field', () => {
    const both: CategorySelection = { kind: 'names', category: 'Gardening', subCategory: 'Watering' };
    const warnings: string[] = [];
    assert.deepEqual(deriveCategoryLinks(both, false, warnings), {
      kind: 'names',
      names: [{ name: 'Watering', parent: 'Gardening' }],
    });
    assert.deepEqual(deriveCategoryLinks(both, true, warnings), {
      kind: 'names',
      names: [{ name: 'Gardening' }, { name: 'Watering', parent: 'Gardening' }],
    });
    assert.deepEqual(
      deriveCategoryLinks({ kind: 'names', category: 'Gardening', subCategory: undefined }, false, warnings),
      {
        kind: 'names',
        names: [{ name: 'Gardening' }],
      }
    );
    assert.deepEqual(warnings, []);
    assert.deepEqual(deriveCategoryLinks({ kind: 'ids', ids: [4, 9] }, false, warnings), {
      kind: 'ids',
      ids: [4],
    });
    assert.deepEqual(warnings, ['The category field holds one category: only id 4 was linked, not 9.']);
  });
});
